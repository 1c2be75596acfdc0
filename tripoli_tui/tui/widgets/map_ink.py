"""What the map is drawn with: the state, the places just changed or asked about, and the theme's
styles; the pieces and names of a place as runs of text in their sides' colours."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState

from .canvas import Canvas, Run, text_runs
from .glyphs import BASE, DAMAGED, GLYPHS, LEGEND, MAP_ORDER, PORT, marker, piece_class
from .place_keys import HARBOR_KEYS, key_letter_at

COUNTER = Style(reverse=True, bold=True)
"""A counter: the side's colour its face, the letter and count in the colour of the ground under
it (the same two colours as words in that colour on that ground, so as readable)."""


def zone_name(zone: str) -> str:
    """'Tripoli zone': a patrol zone's name as the map writes it."""
    return d.place_name(zone).removesuffix(" patrol zone") + " zone"


class MapInk:
    """The state to draw, its marks, and the style of each of the map's component classes."""

    def __init__(self, state: GameState, changed: frozenset[str], asked: frozenset[str],
                 style: Callable[[str], Style]) -> None:
        self.state, self.changed, self.asked = state, changed, asked
        self.style = style
        """The style of a component class (map--NAME) by NAME."""

    def counter(self, piece: str, location: str = "") -> Style:
        """A piece's counter: its side's colour as the counter's face, its letter in the ground's."""
        return self.style(piece_class(piece, location)) + COUNTER

    def tokens(self, location: str) -> list[Text]:
        """A counter per kind of piece at a place with its count ('F3'), in map order, in their
        side's colours; in the Assault on Tripoli the damaged frigates as counters of their own
        marked with a cross ('F1✕')."""
        state = self.state
        counts = state.pieces[location]
        out = [Text(f"{GLYPHS[p]}{counts[p]}", style=self.counter(p, location))
               for p in MAP_ORDER if counts[p]]
        if location == "tripoli":
            for piece in (d.US_FRIGATE, d.TRIPOLITAN_FRIGATE):
                if n := state.assault_damaged.get(piece, 0):
                    out.append(Text(f"{GLYPHS[piece]}{n}{DAMAGED}", style=self.counter(piece)))
        return out

    def name_runs(self, harbor: str) -> list[Run]:
        """A harbor's name in its colour with its key letter marked, and its standing."""
        state = self.state
        name = d.place_name(harbor)
        if harbor in d.FRIENDLY_HARBORS:
            style = self.style("friendly")
        elif harbor in d.ALLY_HARBORS:
            style = self.style(piece_class(d.ALLIED_CORSAIR, harbor))
        elif (harbor == "derne" and state.derne_captured) or (
                harbor == "benghazi" and state.benghazi_captured):
            style = self.style("captured")
        else:
            style = self.style("tripolitania")
        at = key_letter_at(name, HARBOR_KEYS[harbor])
        runs: list[Run] = [(name[:at], style), (name[at], style + Style(underline=True)),
                           (name[at + 1:], style)] if at >= 0 else [(name, style)]
        if harbor in state.active_allies():
            runs.append(("⚔", style))
        return runs

    def marked_name(self, harbor: str) -> list[Run]:
        """A harbor's marker on the coast (an American base's a star), then its name."""
        name = self.name_runs(harbor)
        return [(marker(harbor), name[0][1]), *name]  # not its key letter's underline

    def one_line(self, harbor: str) -> list[Run]:
        """A harbor's marker, name and pieces on one line (Gibraltar's coast, Malta's sea row)."""
        return self.marked_name(harbor) + [
            run for t in self.tokens(harbor) for run in [(" ", Style()), *text_runs(t)]]

    def write(self, canvas: Canvas, x: int, y: int, runs: list[Run], place: str,
              limit: int = 0) -> int:
        """Words on the map: on the land as they are, on the sea on a plate that keeps them
        readable (the sea's blue is a map's, not a background for text)."""
        return canvas.put(x, y, runs, place, limit, plate=self.style("plate").bgcolor,
                          land=self.style("land").bgcolor)

    def mark_style(self, location: str) -> Style | None:
        """The mark of a place that just changed or that a decision asks about, None for none."""
        if location in self.changed:
            return self.style("changed")
        return self.style("asked") if location in self.asked else None

    def legend(self, canvas: Canvas, y: int) -> None:
        """Each piece's counter in its side's colours and what it is, then the marks, on row y
        (the marks only where there is room)."""
        x, label = 0, self.style("label")
        for piece, name in LEGEND:
            if piece == d.TRIPOLITAN_FRIGATE:
                x = canvas.put(x, y, [("│ ", label)])
            x = canvas.put(x, y, [(GLYPHS[piece], self.counter(piece)), (f"{name} ", label)])
        marks: list[Run] = [("│ ", label), (DAMAGED, label), ("damaged ", label),
                            (BASE, self.style("us")), ("US base ", label),
                            (PORT, self.style("tripolitania")), ("port", label)]
        if x + sum(len(t) for t, _ in marks) <= canvas.width:
            canvas.put(x, y, marks)
