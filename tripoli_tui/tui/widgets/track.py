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
    arrive in it (the next year's marked), then the supplies."""

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
        for year, space in zip(d.TRACK_YEARS, d.TRACK, strict=True):
            counters = Text(" ").join(map_panel.tokens(space)) or Text("–", style=paint("muted"))
            line.append_text(Text.assemble(
                (f"{year}", "bold underline" if year == state.year + 1 else paint("muted")), " ", counters,
                style=box))
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
