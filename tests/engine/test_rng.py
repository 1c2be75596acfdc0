"""The generator's stream: dice and shuffles draw several steps at once, with exactly the results of
drawing them one at a time with `below` (so the same seed still gives the same game)."""

from __future__ import annotations

import random

import pytest

from tripoli_tui.engine import rng


def dice_one_at_a_time(state: int, n: int) -> tuple[int, list[int]]:
    values = []
    for _ in range(n):
        state, v = rng.below(state, 6)
        values.append(v + 1)
    return state, values


def shuffled_one_at_a_time(state: int, items: list[int]) -> tuple[int, list[int]]:
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        state, j = rng.below(state, i + 1)
        result[i], result[j] = result[j], result[i]
    return state, result


def check_stream(draws: int) -> None:
    pick = random.Random(11)
    for _ in range(draws):
        state = pick.getrandbits(64)
        n = pick.randint(0, 30)
        assert rng.dice(state, n) == dice_one_at_a_time(state, n), (state, n)
        items = list(range(pick.randint(0, 30)))
        assert rng.shuffled(state, items) == shuffled_one_at_a_time(state, items), (state, items)


def test_dice_and_shuffles_are_the_one_at_a_time_stream() -> None:
    check_stream(2000)


def test_a_rejected_draw_is_drawn_again_in_dice_and_shuffles(monkeypatch: pytest.MonkeyPatch) -> None:
    # Real rejections come about once in 3e18 draws; with limits at half the range, about half
    # the draws are rejected, so every way back to one-at-a-time drawing is taken.
    monkeypatch.setattr(rng, "LIMITS", {n: ((1 << 63) // n) * n for n in range(1, 101)})
    monkeypatch.setattr(rng, "NEVER_REJECTED", min(rng.LIMITS.values()))
    check_stream(1000)


def test_outputs_are_the_steps_of_below() -> None:
    state = rng.seed_state(7)
    for n in (1, 2, 5, 24):
        after = state
        expected = []
        for _ in range(n):
            after, value = rng.below(after, 1 << 63)  # 2**64 is a multiple: never a rejection
            expected.append(value)
        assert [v % (1 << 63) for v in rng.outputs(state, n)] == expected
        assert rng.advance(state, n) == after


def test_draws_along_one_stream_are_the_one_at_a_time_stream() -> None:
    # A game draws one step after another: the later draws read the stretch of the stream the
    # first one computed (and the next stretch once it runs out), interleaved with another stream.
    pick = random.Random(5)
    game, other = rng.seed_state(1), rng.seed_state(2)
    game_ref, other_ref = game, other
    for _ in range(400):
        n = pick.randint(0, 12)
        game, rolled = rng.dice(game, n)
        game_ref, expected = dice_one_at_a_time(game_ref, n)
        assert (game, rolled) == (game_ref, expected)
        items = list(range(pick.randint(0, 25)))
        other, order = rng.shuffled(other, items)
        other_ref, expected_order = shuffled_one_at_a_time(other_ref, items)
        assert (other, order) == (other_ref, expected_order)


def test_the_random_player_draws_as_below_does() -> None:
    from tripoli_tui.engine import Game
    from tripoli_tui.engine import data as d
    from tripoli_tui.engine.loop import play
    from tripoli_tui.engine.players import Move, RandomPlayer

    class OneStepAtATime:
        def __init__(self, seed: int) -> None:
            self.rng = rng.seed_state(seed ^ 0x5EED)

        def answer(self, game: Game) -> Move:
            assert game.pending is not None
            options = game.pending.options
            self.rng, i = rng.below(self.rng, len(options))
            return Move(options[i])

    for seed in range(20):
        fast, slow = Game.new(seed), Game.new(seed)
        fast_us, slow_us = RandomPlayer(seed), OneStepAtATime(seed)
        play(fast, {d.US: fast_us, d.TRIPOLITANIA: RandomPlayer(seed + 7)})
        play(slow, {d.US: slow_us, d.TRIPOLITANIA: OneStepAtATime(seed + 7)})
        assert [h.choice for h in fast.history] == [h.choice for h in slow.history], seed
        assert fast_us.rng == slow_us.rng
