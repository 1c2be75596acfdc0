"""Counts in words: the one place a noun or a verb agrees with its number.

    plural(1, "die", "dice")        -> '1 die'
    plural(3, "hit")                -> '3 hits'
    agree(1, "arrives", "arrive")   -> 'arrives'
"""

from __future__ import annotations

from functools import cache


@cache  # (a few per action, from a few dozen values: the log's commonest words)
def plural(n: int, one: str, many: str = "") -> str:
    """The count with its noun: `one` for exactly one, else `many` (default: `one` + 's')."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def agree(n: int, one: str, many: str) -> str:
    """The verb (or any word) that goes with a subject of `n` things."""
    return one if n == 1 else many
