"""Stable keys: every place has one letter in every choice (harbors lower case, their patrol zones
the same letter in capitals), "no" answers (Done, Pass, Do not play it) are always 0, and the
other options take 1-9 then the free letters."""

from __future__ import annotations

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k

HARBOR_KEYS: dict[str, str] = {
    "gibraltar": "g", "tangier": "n", "algiers": "a", "tunis": "i", "malta": "m",
    "tripoli": "t", "benghazi": "b", "derne": "d", "alexandria": "x",
}
"""A letter of each harbor's name; no two alike, none of u, s, q (undo, save, quit)."""

PLACE_KEYS: dict[str, str] = {
    **HARBOR_KEYS, **{zone: HARBOR_KEYS[h].upper() for h, zone in d.ZONE_OF.items()},
}
"""Every map location's key: a patrol zone takes its harbor's letter in capitals."""

NO_KEY = "0"
"""The key of Done, Pass and 'Do not play it', in every choice."""

NO_CHOICES = (k.Done, k.Pass, k.Decline)

SPARE_KEYS = tuple("123456789") + tuple(
    c for c in "cefjklopqrsvwyz" if c not in HARBOR_KEYS.values() and c not in "qsu")
"""Keys for the other options, in order: 1-9, then letters no place uses (h is the advice)."""


def option_key(option: k.Choice) -> str:
    """The fixed key of a place or 'no' option, '' for the others."""
    if isinstance(option, k.PlaceChoice):
        return PLACE_KEYS.get(option.location, "")
    return NO_KEY if isinstance(option, NO_CHOICES) else ""


def option_keys(options: tuple[k.Choice, ...] | list[k.Choice]) -> list[str]:
    """The key of each option: fixed ones first, the rest numbered in order ('' past the spares)."""
    keys, seen = [], set()
    for option in options:
        key = option_key(option)
        keys.append("" if key in seen else key)
        seen.add(key)
    spare = iter(SPARE_KEYS)
    return [key or next(spare, "") for key in keys]


def key_letter_at(name: str, key: str) -> int:
    """Where a harbor's key letter stands in its name (-1 if it does not)."""
    return name.lower().find(key.lower())
