"""The map: patrol zones above the nine harbors, west to east, then the Year Turn Track."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState

from .glyphs import GLYPHS, LEGEND, MAP_ORDER, piece_style, token

SHORT_NAMES = {"gibraltar": "Gibraltr", "alexandria": "Alexandr"}
"""Harbor names that do not fit a column of eight."""

SEA = "on #0a1e3c"
JUST_HAPPENED = "bold #000000 on #d7af00"
ASKED_ABOUT = "bold underline"


def harbor_style(state: GameState, harbor: str) -> str:
    """Friendly harbors blue, allies in their colour, Tripolitan cities red (green once captured)."""
    if harbor in d.FRIENDLY_HARBORS:
        return "bold #87afff"
    if harbor in d.ALLY_HARBORS:
        return "bold " + piece_style(d.ALLIED_CORSAIR, harbor)
    captured = (harbor == "derne" and state.derne_captured) or (
        harbor == "benghazi" and state.benghazi_captured)
    return "bold #87d75f" if captured else "bold #ff5f5f"


def tokens_at(state: GameState, location: str) -> list[Text]:
    """The non-empty piece counts at a place, in map order."""
    counts = state.pieces[location]
    return [token(p, counts[p], location) for p in MAP_ORDER if counts[p]]


def pack(tokens: list[Text], width: int) -> list[Text]:
    """Lay tokens out in lines no wider than `width`, one space apart."""
    lines: list[Text] = []
    line = Text()
    for t in tokens:
        if line.cell_len and line.cell_len + 1 + t.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(" ")
        line.append_text(t)
    if line.cell_len:
        lines.append(line)
    return lines


class MapPanel(Widget):
    """Renders the board from a GameState; highlights places where something just happened."""

    DEFAULT_CSS = """
    MapPanel { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: GameState | None = None
        self.changed: frozenset[str] = frozenset()
        self.asked: frozenset[str] = frozenset()
        self.row_kinds: list[str] = []
        """What each rendered line shows: 'zone', 'harbor' or '' (for clicks)."""
        self.col = 8

    @dataclass
    class PlaceClicked(Message):
        """The player clicked a harbor or a patrol zone."""

        location: str

    def location_at(self, x: int, y: int) -> str:
        """The place drawn at content offset (x, y), '' for none."""
        if not 0 <= y < len(self.row_kinds) or x < 0:
            return ""
        index = x // (self.col + 1)
        if index >= len(d.HARBORS) or x % (self.col + 1) == self.col:
            return ""
        harbor = d.HARBORS[index]
        kind = self.row_kinds[y]
        if kind == "zone":
            return d.ZONE_OF.get(harbor, "")
        return harbor if kind == "harbor" else ""

    def on_click(self, event: Click) -> None:
        location = self.location_at(event.x, event.y)
        if location:
            self.post_message(self.PlaceClicked(location))

    def show(self, state: GameState, changed: frozenset[str], asked: frozenset[str]) -> None:
        """Draw `state`, marking `changed` places (just happened) and `asked` ones (a decision)."""
        self.state, self.changed, self.asked = state, changed, asked
        self.refresh(layout=True)

    def render(self) -> Text:
        state = self.state
        if state is None:
            return Text("")
        width = max(self.size.width, 72)
        col = max(8, (width - 8) // 9)
        out = Text()
        self.col = col
        self.row_kinds = []
        self._zone_rows(out, state, col)
        self._harbor_rows(out, state, col)
        out.append_text(self._track_line(state))
        out.append("\n")
        out.append_text(self._legend())
        return out

    def _cell(self, text: Text, col: int, style: str = "") -> Text:
        cell = text.copy()
        cell.truncate(col, pad=True)
        if style:
            cell.stylize(style)
        return cell

    def _mark(self, location: str) -> str:
        if location in self.changed:
            return JUST_HAPPENED
        return ASKED_ABOUT if location in self.asked else ""

    def _zone_rows(self, out: Text, state: GameState, col: int) -> None:
        cells: list[list[Text]] = []
        for harbor in d.HARBORS:
            zone = d.ZONE_OF.get(harbor)
            cells.append(pack(tokens_at(state, zone), col - 1) if zone else [])
        rows = max(1, *(len(c) for c in cells))
        for r in range(rows):
            line = Text()
            for i, harbor in enumerate(d.HARBORS):
                zone = d.ZONE_OF.get(harbor)
                if i:
                    line.append(" ")
                if zone is None:
                    line.append(" " * col)
                    continue
                content = cells[i][r] if r < len(cells[i]) else Text("")
                base = Text.assemble(("≈", "#3a6ea5")).append_text(content)
                line.append_text(self._cell(base, col, self._mark(zone) or SEA))
            if r == 0:
                start = 6 * (col + 1) + 2
                line = line[:start] + Text.assemble(("≈ the patrol zones", "italic #3a6ea5"))
            out.append_text(line)
            out.append("\n")
            self.row_kinds.append("zone")

    def _harbor_rows(self, out: Text, state: GameState, col: int) -> None:
        for i, harbor in enumerate(d.HARBORS):
            if i:
                out.append(" ")
            name = d.place_name(harbor)
            if len(name) > col:
                name = SHORT_NAMES.get(harbor, name[:col])
            out.append_text(self._cell(Text.assemble((name, harbor_style(state, harbor))), col,
                                       self._mark(harbor)))
        out.append("\n")
        self.row_kinds.append("harbor")
        cells = [pack(tokens_at(state, h), col - 1) for h in d.HARBORS]
        rows = max(1, *(len(c) for c in cells))
        for r in range(rows):
            for i in range(len(d.HARBORS)):
                if i:
                    out.append(" ")
                content = cells[i][r] if r < len(cells[i]) else Text("")
                out.append_text(self._cell(content, col))
            out.append("\n")
            self.row_kinds.append("harbor")

    def _track_line(self, state: GameState) -> Text:
        line = Text.assemble(("Year Turn Track ", "bold"))
        for year, space in zip(d.TRACK_YEARS, d.TRACK, strict=True):
            here = tokens_at(state, space)
            line.append(f"{year}:", style="bold" if year == state.year + 1 else "dim")
            if here:
                for t in here:
                    line.append_text(t)
            else:
                line.append("–", style="dim")
            line.append(" ")
        supply = tokens_at(state, d.US_SUPPLY)
        line.append(" Supply ", style="bold")
        for t in supply:
            line.append_text(t).append(" ")
        return line

    def _legend(self) -> Text:
        line = Text()
        for piece, name in LEGEND:
            letter, _ = GLYPHS[piece]
            if piece == d.TRIPOLITAN_FRIGATE:
                line.append("│ ", style="dim")
            line.append(letter, style=piece_style(piece))
            line.append(f"{name} ", style="dim")
        return line
