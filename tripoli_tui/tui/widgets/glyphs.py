"""How each piece looks on the map: a letter (readable without colour) and its side's colour."""

from __future__ import annotations

from tripoli_tui.engine import data as d

GLYPHS: dict[str, str] = {
    d.US_FRIGATE: "F", d.GUNBOAT: "g", d.SWEDISH_FRIGATE: "S", d.MARINE: "M",
    d.ARAB_INFANTRY: "A", d.TRIPOLITAN_FRIGATE: "T", d.CORSAIR: "c", d.ALLIED_CORSAIR: "a",
    d.TRIPOLITAN_INFANTRY: "i",
}
"""The letter of every piece kind."""

SIDE_CLASS: dict[str, str] = {
    d.US_FRIGATE: "us", d.GUNBOAT: "us", d.MARINE: "us", d.SWEDISH_FRIGATE: "sweden",
    d.ARAB_INFANTRY: "arab", d.TRIPOLITAN_FRIGATE: "tripolitania", d.CORSAIR: "tripolitania",
    d.TRIPOLITAN_INFANTRY: "tripolitania", d.ALLIED_CORSAIR: "morocco",
}
"""Whose colour a piece takes (allied corsairs take their own nation's, see `piece_class`)."""

ALLY_CLASS: dict[str, str] = {"tangier": "morocco", "algiers": "algiers", "tunis": "tunis"}
"""Allied corsairs by harbor: Morocco (Tangier), Algiers, Tunis."""

MAP_ORDER: tuple[str, ...] = (
    d.US_FRIGATE, d.GUNBOAT, d.SWEDISH_FRIGATE, d.TRIPOLITAN_FRIGATE, d.CORSAIR,
    d.ALLIED_CORSAIR, d.MARINE, d.ARAB_INFANTRY, d.TRIPOLITAN_INFANTRY,
)
"""The order pieces are listed at a place: American ships, enemy ships, then troops."""

LEGEND: tuple[tuple[str, str], ...] = (
    (d.US_FRIGATE, "frigate"), (d.GUNBOAT, "gunboat"), (d.SWEDISH_FRIGATE, "Swede"),
    (d.MARINE, "Marine"), (d.ARAB_INFANTRY, "Arab"), (d.TRIPOLITAN_FRIGATE, "frigate"),
    (d.CORSAIR, "corsair"), (d.ALLIED_CORSAIR, "ally"), (d.TRIPOLITAN_INFANTRY, "infantry"),
)
"""American pieces first, then Tripolitan ones (the legend puts a bar between them)."""


BASES: tuple[str, ...] = ("gibraltar", "malta")
"""The American bases: where frigates arrive and return."""

BASE, PORT, DAMAGED = "★", "◉", "✕"
"""An American base's marker on the map, another harbor's, and a damaged frigate's mark."""


def marker(harbor: str) -> str:
    """A harbor's marker on the map: a star for an American base, a port's ring for the others."""
    return BASE if harbor in BASES else PORT


def piece_class(piece: str, location: str = "") -> str:
    """The colour class (map--NAME) of a piece at a location."""
    if piece == d.ALLIED_CORSAIR:
        return ALLY_CLASS.get(location, "morocco")
    return SIDE_CLASS[piece]


def pieces_here(counts: dict[str, int]) -> str:
    """'F3 c2': the pieces at a place as letters and counts, in map order."""
    return " ".join(f"{GLYPHS[p]}{n}" for p in MAP_ORDER if (n := counts[p]))
