"""The seed box of a new campaign: a whole number, or nothing for a random seed."""

from __future__ import annotations

SEED_LIMIT = 2**63
"""Seeds are whole numbers in [-2**63, 2**63)."""


def parse_seed(value: str) -> tuple[int | None, str]:
    """(seed or None for random, problem) from the seed box."""
    value = value.strip()
    if not value:
        return None, ""
    try:
        seed = int(value)
    except ValueError:
        return None, f"The seed must be a whole number, not “{value}”."
    if not -SEED_LIMIT <= seed < SEED_LIMIT:
        return None, "That seed is too large: use at most 18 digits."
    return seed, ""
