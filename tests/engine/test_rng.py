"""The generator's stream: dice and shuffles draw several steps at once, with exactly the results of
drawing them one at a time with `below` (so the same seed still gives the same game)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from tripoli_tui.engine import rng


@pytest.fixture(params=["pure", "compiled"])
def generator(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each test taking this runs once with the pure-Python generator and once with the compiled
    one (skipped when it was not built): both must draw the same stream."""
    compiled = request.param == "compiled"
    if compiled and not rng.COMPILED:
        pytest.skip("the compiled generator was not built (no C compiler at install)")
    was = rng.compiled_in_use()
    assert rng.use_compiled(compiled) is compiled
    yield request.param
    rng.use_compiled(was)


def dice_one_at_a_time(state: int, n: int) -> tuple[int, list[int]]:
    return dice_one_at_a_time_with(rng.below, state, n)


def dice_one_at_a_time_with(below: Callable[[int, int], tuple[int, int]], state: int,
                            n: int) -> tuple[int, list[int]]:
    values = []
    for _ in range(n):
        state, v = below(state, 6)
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


def test_dice_and_shuffles_are_the_one_at_a_time_stream(generator: str) -> None:
    check_stream(2000)


def test_a_rejected_draw_is_drawn_again_in_dice_and_shuffles(monkeypatch: pytest.MonkeyPatch) -> None:
    # The pure-Python generator's ways back to one-at-a-time drawing (the compiled one always
    # draws one at a time; real rejections are checked below for both). Real rejections come
    # about once in 3e18 draws; with limits at half the range, about half the draws are
    # rejected, so every way back to one-at-a-time drawing is taken.
    for name, function in rng.PURE_PYTHON.items():
        monkeypatch.setattr(rng, name, function)
    monkeypatch.setattr(rng, "LIMITS", {n: ((1 << 63) // n) * n for n in range(1, 101)})
    monkeypatch.setattr(rng, "NEVER_REJECTED", min(rng.LIMITS.values()))
    check_stream(1000)


def test_outputs_are_the_steps_of_below(generator: str) -> None:
    state = rng.seed_state(7)
    for n in (1, 2, 5, 24):
        after = state
        expected = []
        for _ in range(n):
            after, value = rng.below(after, 1 << 63)  # 2**64 is a multiple: never a rejection
            expected.append(value)
        assert [v % (1 << 63) for v in rng.outputs(state, n)] == expected
        assert rng.advance(state, n) == after


def test_draws_along_one_stream_are_the_one_at_a_time_stream(generator: str) -> None:
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


def test_the_random_player_draws_as_below_does(generator: str) -> None:
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
            return Move(options[i], None)

    for seed in range(20):
        fast, slow = Game.new(seed), Game.new(seed)
        fast_us, slow_us = RandomPlayer(seed), OneStepAtATime(seed)
        play(fast, {d.US: fast_us, d.TRIPOLITANIA: RandomPlayer(seed + 7)})
        play(slow, {d.US: slow_us, d.TRIPOLITANIA: OneStepAtATime(seed + 7)})
        assert [h.choice for h in fast.history] == [h.choice for h in slow.history], seed
        assert fast_us.rng == slow_us.rng


# --- the compiled generator against the pure-Python reference -----------------------

def state_before_output(out: int) -> int:
    """The state whose next step outputs `out` (SplitMix64's mixing undone step by step)."""
    def unshift(y: int, k: int) -> int:  # undo y = x ^ (x >> k)
        x = y
        for _ in range(64 // k + 1):
            x = y ^ (x >> k)
        return x
    z = unshift(out, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & rng.MASK64
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & rng.MASK64
    z = unshift(z, 30)
    return (z - rng.GOLDEN) & rng.MASK64


def test_a_state_can_be_made_to_draw_any_output() -> None:
    for out in (0, 1, rng.MASK64, rng.MASK64 - 3, 0x123456789ABCDEF):
        assert rng.PURE_PYTHON["outputs"](state_before_output(out), 1) == [out]


@pytest.mark.parametrize("rejected", [rng.MASK64, rng.MASK64 - 3])
def test_a_real_rejected_draw_is_drawn_again(generator: str, rejected: int) -> None:
    # 2**64 - 1 and 2**64 - 4 are at or above 6's rejection limit (2**64 - 4): the die is drawn
    # from the next step; a shuffle of 24 (2**64 mod 24 = 16) rejects them at its first place.
    state = state_before_output(rejected)
    assert rejected >= rng.LIMITS[6] and rejected >= rng.LIMITS[24]
    after, value = rng.below(state, 6)
    assert after == rng.advance(state, 2)
    assert value == rng.outputs(state, 2)[1] % 6
    assert rng.dice(state, 3) == dice_one_at_a_time(state, 3)
    assert rng.dice(state, 3)[0] == rng.advance(state, 4)
    items = list(range(24))
    assert rng.shuffled(state, items) == shuffled_one_at_a_time(state, items)
    assert rng.shuffled(state, items)[0] == rng.advance(state, 24)


def compiled() -> dict[str, Callable[..., object]]:
    if not rng.COMPILED:
        pytest.skip("the compiled generator was not built (no C compiler at install)")
    return rng.COMPILED


def test_the_compiled_generator_draws_what_the_pure_one_draws() -> None:
    fast, pure = compiled(), rng.PURE_PYTHON
    pick = random.Random(2026)
    for _ in range(5000):
        state = pick.choice([pick.getrandbits(64), pick.getrandbits(80), -pick.getrandbits(64)])
        n = pick.randint(-2, 40)
        for name in ("dice", "outputs"):
            if n >= 0 or name == "dice":  # (outputs of a negative count: see the next test)
                assert fast[name](state, n) == pure[name](state, n), (name, state, n)
        if n >= 1:
            for limit in (n, pick.getrandbits(63) + 1, 1 << 63, 1 << pick.randint(0, 63)):
                assert fast["below"](state, limit) == pure["below"](state, limit)
        items = [object() for _ in range(max(0, n))]
        assert fast["shuffled"](state, items) == pure["shuffled"](state, items)
        assert fast["shuffled"](state, tuple(items)) == pure["shuffled"](state, tuple(items))


def test_the_compiled_generator_leaves_odd_counts_to_the_pure_one() -> None:
    fast, pure = compiled(), rng.PURE_PYTHON
    state = rng.seed_state(3)
    assert fast["dice"](state, 0) == pure["dice"](state, 0) == (state, [])
    assert fast["dice"](state, -5) == (state, [])
    assert fast["dice"](state, 0)[0] is state  # handed back as it came, as rng.dice does
    assert fast["shuffled"](-1, [7]) == (-1, [7])
    assert fast["outputs"](state, 0) == pure["outputs"](state, 0) == []
    huge = 1 << 64
    assert fast["below"](state, huge) == pure["below"](state, huge)  # 2**64: never a rejection
    for beyond in (0, -3, (1 << 64) + 7):  # no range to draw from, or more than a step's bits
        with pytest.raises(ValueError):
            fast["below"](state, beyond)
        with pytest.raises(ValueError):
            pure["below"](state, beyond)
    with pytest.raises(TypeError):
        fast["dice"](1.5, 2)
    with pytest.raises(TypeError):
        fast["dice"](state, "2")
    with pytest.raises(TypeError):
        fast["shuffled"](state, 5)


def test_the_game_draws_with_the_compiled_generator_when_it_was_built() -> None:
    assert rng.compiled_in_use() is bool(rng.COMPILED)
    was = rng.compiled_in_use()
    try:
        assert rng.use_compiled(False) is False and rng.dice is rng.PURE_PYTHON["dice"]
        assert rng.compiled_in_use() is False
    finally:
        rng.use_compiled(was)
    assert rng.compiled_in_use() is was


def test_whole_games_are_the_same_with_either_generator() -> None:
    from tripoli_tui.engine import Game
    from tripoli_tui.engine import data as d
    from tripoli_tui.engine.loop import play
    from tripoli_tui.engine.players import RandomPlayer

    def game(seed: int, compiled_generator: bool) -> tuple[object, ...]:
        was = rng.compiled_in_use()
        rng.use_compiled(compiled_generator)
        try:
            g = Game.new(seed)
            play(g, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1)})
        finally:
            rng.use_compiled(was)
        return (g.state.rng, [h.choice for h in g.history], [e.text for e in g.state.log],
                g.state.result)

    compiled()
    for seed in range(60):
        assert game(seed, True) == game(seed, False), seed


def test_the_pure_generator_never_draws_with_the_compiled_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # Whatever the module's names are bound to (the compiled functions, after use_compiled), the
    # reference's dice and shuffles draw with its own below and outputs.
    def refuse(*_: object) -> None:
        raise AssertionError("the reference drew with another generator")

    for name in rng.PURE_PYTHON:
        monkeypatch.setattr(rng, name, refuse)
    monkeypatch.setattr(rng, "_stretches", ((0, []), (0, [])))
    state = rng.seed_state(12)
    pure = rng.PURE_PYTHON
    assert pure["dice"](state, 5) == dice_one_at_a_time_with(pure["below"], state, 5)
    assert pure["shuffled"](state, list(range(30)))[0] == rng.advance(state, 29)
