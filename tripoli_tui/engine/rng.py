"""The game's one random generator: SplitMix64, whose whole state is one integer in GameState."""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer)."""
    return (seed * GOLDEN + 0x632BE59BD9B4E019) & MASK64


def scattered(seed: int) -> int:
    """A seed for one of many generators made in a row (the advisor's playouts, a simulation's
    games): SplitMix64's mixing of `seed`. seed_state(s + 1) is seed_state(s) one step on, so
    games on consecutive seeds draw from one stream shifted by a step; scattered seeds start far
    apart on the cycle."""
    z = (seed * GOLDEN + GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def nth_seed(seed: int, n: int) -> int:
    """The seed of the n-th of many generators made from one seed (an advice's playouts, a
    simulation's games), scattered so that they start far apart on the cycle."""
    return scattered(seed * 1_000_003 + n)


def rejection_limit(n: int) -> int:
    """Draws at or above this are rejected for a uniform integer in [0, n) (a multiple of n).
    One step of the generator draws 64 bits, so n is from 1 to 2**64 (beyond, every draw would
    be rejected: a draw that never ends)."""
    if not 1 <= n <= 1 << 64:
        raise ValueError(f"a uniform integer in [0, n) is drawn for n from 1 to 2**64, not {n}")
    return (1 << 64) - ((1 << 64) % n)


LIMITS = {n: rejection_limit(n) for n in range(1, 101)}
"""Rejection limits for the small ranges the game uses (dice, shuffles, options)."""
NEVER_REJECTED = min(LIMITS.values())
"""A draw below this is accepted for every range in LIMITS (a shuffle checks its draws at once)."""


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform integer in [0, n)), unbiased by rejection (one SplitMix64 step per try)."""
    limit = LIMITS.get(n) or rejection_limit(n)
    while True:
        state = (state + GOLDEN) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out = z ^ (z >> 31)
        if out < limit:
            return state, out % n


# --- several draws at once ---------------------------------------------------------
# A shuffle or a roll of several dice takes the next n steps of the generator. Step k's output
# depends only on state + k * GOLDEN, so the n mixings are independent: they are done together,
# on one big integer holding the n states side by side, 128 bits apart (a 64-bit lane times a
# 64-bit constant stays inside its 128 bits). The results are exactly the one-at-a-time outputs,
# for a fraction of the interpreter's work.

_LANES: dict[int, tuple[int, int, int, int, int, int, Callable[[bytes], tuple[int, ...]]]] = {}


def _lanes(n: int) -> tuple[int, int, int, int, int, int, Callable[[bytes], tuple[int, ...]]]:
    """The constants for n lanes: ones, the steps (k + 1) * GOLDEN, the per-lane masks, unpack."""
    found = _LANES.get(n)
    if found is None:
        ones = sum(1 << (128 * k) for k in range(n))
        steps = sum(((k + 1) * GOLDEN) << (128 * k) for k in range(n))
        found = _LANES[n] = (ones, steps, MASK64 * ones, (MASK64 >> 30) * ones,
                             (MASK64 >> 27) * ones, (MASK64 >> 31) * ones,
                             struct.Struct(f"<{2 * n}Q").unpack)
    return found


def outputs(state: int, n: int) -> list[int]:
    """The outputs of the generator's next n steps from `state` (n >= 1), before any rejection;
    the state after them is advance(state, n)."""
    ones, steps, m64, m34, m37, m33, unpack = _lanes(n)
    z = (state * ones + steps) & m64
    z ^= (z >> 30) & m34
    z = (z * 0xBF58476D1CE4E5B9) & m64
    z ^= (z >> 27) & m37
    z = (z * 0x94D049BB133111EB) & m64
    z ^= (z >> 31) & m33
    return list(unpack(z.to_bytes(16 * n, "little"))[::2])


_below, _outputs = below, outputs
"""The pure-Python functions, as the pure-Python ones below call them (the module's own names
may be the compiled ones: see use_compiled), so that the reference never draws in C."""


def advance(state: int, n: int) -> int:
    """The state after n steps."""
    return (state + n * GOLDEN) & MASK64


# --- the stream, remembered ----------------------------------------------------------
# A game draws its steps one after another from one stream: a few for a roll, a few dozen for a
# shuffle. Computing the outputs of many steps at once costs little more than of a few, so the
# stream ahead of the last state asked about is remembered (two stretches: the game's and, say,
# the advisor's own generator) and later draws read it. Which state a stretch starts from is
# part of what is remembered, so a draw from any other state computes its own: a memo of a pure
# function, never part of a game's state, and the results are exactly `outputs`'.

GOLDEN_INVERSE = pow(GOLDEN, -1, 1 << 64)
"""GOLDEN's inverse modulo 2**64: how many steps lie between two states of one stream."""
STRETCH = 128
"""How many steps ahead a stretch of the stream is computed (a random game draws ~100)."""

_stretches: tuple[tuple[int, list[int]], ...] = ((0, []), (0, []))
"""The remembered stretches, newest first: (a state, the outputs of the steps after it)."""


def upcoming(state: int, n: int) -> list[int]:
    """outputs(state, n), read from a remembered stretch of the stream when one holds them."""
    global _stretches
    stretches = _stretches  # (replaced whole, never changed: safe to read from any thread)
    for start, ahead in stretches:
        k = ((state - start) * GOLDEN_INVERSE) & MASK64  # steps from `start` to `state`
        if k + n <= len(ahead):
            return ahead[k:k + n]
    ahead = _outputs(state, n if n > STRETCH else STRETCH)
    _stretches = ((state, ahead), stretches[0])
    return ahead[:n]


def dice(state: int, n: int) -> tuple[int, list[int]]:
    """(new state, n values 1-6): exactly n calls of below(state, 6)."""
    if n <= 0:
        return state, []
    draws = upcoming(state, n)
    limit = LIMITS[6]
    if max(draws) >= limit:  # a rejected draw (once in 4.6e18): the rest one at a time
        for k, out in enumerate(draws):
            if out >= limit:
                state, rest = _dice_one_by_one(advance(state, k + 1), n - k)
                return state, [v % 6 + 1 for v in draws[:k]] + rest
    values = []
    for out in draws:  # (a loop: cheaper than a comprehension's own frame)
        values.append(out % 6 + 1)
    return (state + n * GOLDEN) & MASK64, values


def _dice_one_by_one(state: int, n: int) -> tuple[int, list[int]]:
    values = []
    for _ in range(n):
        state, v = _below(state, 6)
        values.append(v + 1)
    return state, values


def shuffled(state: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """(new state, a Fisher-Yates shuffle of items): for i from the last place down to 1, swap
    place i with place below(state, i + 1)."""
    result = list(items)
    last = len(result) - 1
    if last < 1:
        return state, result
    draws = upcoming(state, last)
    if last >= len(LIMITS) or max(draws) >= NEVER_REJECTED:  # a draw may be rejected:
        return _shuffled_checking(state, result, draws)  # place by place
    i = last
    for out in draws:  # (step k places i = last - k; none of these draws is rejected)
        j = out % (i + 1)
        result[i], result[j] = result[j], result[i]
        i -= 1
    return (state + last * GOLDEN) & MASK64, result


def _shuffled_checking(state: int, result: list[T], draws: list[int]) -> tuple[int, list[T]]:
    """shuffled(), each draw checked against its own limit (a rejected one: the rest one by one)."""
    last = len(result) - 1
    for k, out in enumerate(draws):
        i = last - k
        n = i + 1
        if out >= (LIMITS.get(n) or rejection_limit(n)):  # rejected: the rest one at a time
            state = advance(state, k + 1)
            for place in range(i, 0, -1):
                state, j = _below(state, place + 1)
                result[place], result[j] = result[j], result[place]
            return state, result
        j = out % n
        result[i], result[j] = result[j], result[i]
    return advance(state, last), result


# --- the compiled generator ------------------------------------------------------------
# engine/_splitmix.c does below, dice, shuffled and outputs in C with exactly the results of the
# functions above, which stay the reference (tests compare the two over thousands of states,
# rejected draws included). It is built when the game is installed on a machine with a C
# compiler; without one, the functions above are the generator. A game spends about a seventh of
# its time drawing in Python, next to nothing in C.

PURE_PYTHON: dict[str, Callable[..., object]] = {
    "below": below, "dice": dice, "shuffled": shuffled, "outputs": outputs}
"""The pure-Python generator's functions, by name."""

try:
    from ._splitmix import below as _c_below
    from ._splitmix import dice as _c_dice
    from ._splitmix import outputs as _c_outputs
    from ._splitmix import shuffled as _c_shuffled
    from ._splitmix import use_reference
except ImportError:  # not built (no C compiler when the game was installed)
    COMPILED: dict[str, Callable[..., object]] = {}
else:
    use_reference(PURE_PYTHON)  # for the odd cases it leaves to Python
    COMPILED = {"below": _c_below, "dice": _c_dice, "shuffled": _c_shuffled, "outputs": _c_outputs}
"""The compiled generator's functions, by name (empty when it was not built)."""


def use_compiled(compiled: bool = True) -> bool:
    """Draw with the compiled generator (when it was built) or the pure-Python one; returns
    whether the compiled one is now in use. The results are the same either way."""
    chosen = COMPILED if compiled and COMPILED else PURE_PYTHON
    globals().update(chosen)
    return chosen is COMPILED


def compiled_in_use() -> bool:
    """Whether the generator's functions are the compiled ones."""
    return bool(COMPILED) and dice is COMPILED["dice"]


use_compiled()
