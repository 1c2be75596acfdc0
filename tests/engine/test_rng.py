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
