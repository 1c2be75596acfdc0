"""The game's one random generator: SplitMix64, whose whole state is one integer in GameState."""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer)."""
    return (seed * GOLDEN + 0x632BE59BD9B4E019) & MASK64


_LIMITS = {n: (1 << 64) - ((1 << 64) % n) for n in range(1, 101)}
"""Rejection limits for the small ranges the game uses (dice, shuffles, options)."""


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform integer in [0, n)), unbiased by rejection (one SplitMix64 step per try)."""
    limit = _LIMITS.get(n) or (1 << 64) - ((1 << 64) % n)
    while True:
        state = (state + GOLDEN) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out = z ^ (z >> 31)
        if out < limit:
            return state, out % n


def dice(state: int, n: int) -> tuple[int, list[int]]:
    """(new state, n values 1-6): exactly n calls of below(state, 6), inlined (dice are hot)."""
    limit = _LIMITS[6]
    values = []
    for _ in range(n):
        while True:
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            out = z ^ (z >> 31)
            if out < limit:
                values.append(out % 6 + 1)
                break
    return state, values


def shuffled(state: int, items: list[T]) -> tuple[int, list[T]]:
    """(new state, a Fisher-Yates shuffle of items)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        limit = _LIMITS.get(i + 1) or (1 << 64) - ((1 << 64) % (i + 1))
        while True:  # below(state, i + 1), inlined: a shuffle makes one draw per card
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            out = z ^ (z >> 31)
            if out < limit:
                break
        j = out % (i + 1)
        result[i], result[j] = result[j], result[i]
    return state, result
