"""The Year Turn Track (what arrives each year) and the supplies, under the map."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState
from tripoli_tui.tui.theme import paint

from .board import FULL_MAP_SIZE, MapPanel


class TrackStrip(Widget):
    """One line: the Year Turn Track as a track of boxes, one a year with the frigates that
    arrive in it, the year marker on the current year (1801, the first, has no space for
    pieces), then the supplies."""

    DEFAULT_CSS = """
    TrackStrip { height: 1; background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.line = Text("")

    def show(self, state: GameState, map_panel: MapPanel) -> None:
        wide = self.app.size.width >= FULL_MAP_SIZE[0]
        box = f"on {paint('panel')}"
        line = Text.assemble(("Year Turn Track " if wide else "Year ", "bold"))
        for year in (d.TRACK_YEARS[0] - 1, *d.TRACK_YEARS):
            # the year marker on the current year; the years gone by muted
            marked = ("bold reverse" if year == state.year else
                      paint("muted") if year < state.year else "")
            parts: list[str | Text | tuple[str, str]] = [(f"{year}", marked)]
            if year in d.TRACK_YEARS:
                parts += [" ", Text(" ").join(map_panel.tokens(d.track_space(year)))
                          or Text("–", style=paint("muted"))]
            line.append_text(Text.assemble(*parts, style=box))
            line.append(" ")
        line.append("│ US supply " if wide else "│ Supply ", style="bold")
        line.append_text(Text(" ").join(map_panel.tokens(d.US_SUPPLY)))
        if wide:
            line.append(" │ Tripolitan supply ", style="bold")
            line.append_text(Text(" ").join(map_panel.tokens(d.TRIPOLITAN_SUPPLY)))
        if line != self.line:
            self.line = line
            self.refresh()

    def render(self) -> Text:
        return self.line
