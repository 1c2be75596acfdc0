"""How each piece looks on the map: a letter (readable without colour) and a colour."""

from __future__ import annotations

from rich.text import Text

from tripoli_tui.engine import data as d

GLYPHS: dict[str, tuple[str, str]] = {
    d.US_FRIGATE: ("F", "bold #5fafff"),
    d.GUNBOAT: ("g", "#5fd7d7"),
    d.SWEDISH_FRIGATE: ("S", "bold #ffd75f"),
    d.MARINE: ("M", "bold #87afff"),
    d.ARAB_INFANTRY: ("A", "#afd75f"),
    d.TRIPOLITAN_FRIGATE: ("T", "bold #ff5f5f"),
    d.CORSAIR: ("c", "#ff8787"),
    d.ALLIED_CORSAIR: ("a", "#ffaf5f"),
    d.TRIPOLITAN_INFANTRY: ("i", "#d7875f"),
}
"""Letter and colour of every piece kind (allied corsairs are recoloured by ally)."""

ALLY_STYLES: dict[str, str] = {"tangier": "#ffaf5f", "algiers": "#d7d75f", "tunis": "#d787d7"}
"""Allied corsairs take their ally's colour: Morocco (Tangier), Algiers, Tunis."""

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

DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def piece_style(piece: str, location: str = "") -> str:
    """The colour of a piece at a location."""
    if piece == d.ALLIED_CORSAIR and location in ALLY_STYLES:
        return ALLY_STYLES[location]
    return GLYPHS[piece][1]


def token(piece: str, count: int, location: str = "") -> Text:
    """'F3' in the piece's colour."""
    return Text.assemble((f"{GLYPHS[piece][0]}{count}", piece_style(piece, location)))


def die(value: int) -> Text:
    """One die as '[6]' with hits (6) in bold red."""
    style = "bold #ffffff on #af0000" if value == 6 else ("bold" if value == 5 else "")
    return Text.assemble((f"{value}", style))
