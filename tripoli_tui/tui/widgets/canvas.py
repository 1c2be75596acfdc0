"""A grid of characters, styles and places that the map is drawn on, and the text helpers it uses."""

from __future__ import annotations

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

Run = tuple[str, Style]
"""Characters in one style."""


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


def text_runs(text: Text) -> list[Run]:
    """A Text's characters split where their style changes."""
    plain = text.plain
    if not text.spans:
        return [(plain, Style.parse(str(text.style)) if text.style else Style())]
    bounds = sorted({0, len(plain), *(s.start for s in text.spans), *(s.end for s in text.spans)})
    out: list[Run] = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        style = Style()
        for span in text.spans:
            if span.start <= a < span.end:
                style += span.style if isinstance(span.style, Style) else Style.parse(span.style)
        out.append((plain[a:b], style))
    return out


def runs_width(runs: list[Run]) -> int:
    """Cells a line of runs takes."""
    return sum(len(t) for t, _ in runs)


def width_of(lines: list[list[Run]]) -> int:
    """Cells the widest of the lines takes."""
    return max(runs_width(runs) for runs in lines)


class Canvas:
    """A grid of characters, styles and places, turned into strips once drawn."""

    def __init__(self, width: int, height: int, style: Style) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[style] * width for _ in range(height)]
        self.places = [[""] * width for _ in range(height)]
        self.touched: set[int] = set(range(height))
        """Rows written since the canvas was copied (all of a new one)."""
        self.base: list[Strip] = []
        """The strips of the canvas this one was copied from (for the rows not touched since)."""

    def copy(self) -> Canvas:
        """A canvas to draw on over this one, which is left as it is; its strips are reused for
        the rows the copy leaves untouched."""
        out = Canvas.__new__(Canvas)
        out.width, out.height = self.width, self.height
        out.chars = [row[:] for row in self.chars]
        out.styles = [row[:] for row in self.styles]
        out.places = [row[:] for row in self.places]
        out.touched = set()
        out.base = self.strips()
        return out

    def put(self, x: int, y: int, runs: list[Run], place: str = "", limit: int = 0,
            plate: Color | None = None, land: Color | None = None) -> int:
        """Write runs from (x, y) over the background, on the `plate` colour where that is not
        the `land`'s (words drawn on the sea); returns the column after the last one."""
        if not 0 <= y < self.height:
            return x
        self.touched.add(y)
        stop = min(self.width, x + limit) if limit else self.width
        for text, style in runs:
            for ch in text:
                if 0 <= x < stop:
                    under = self.styles[y][x]
                    if plate is not None and under.bgcolor != land:
                        under = under + Style(bgcolor=plate)
                    self.chars[y][x] = ch
                    self.styles[y][x] = under + style
                    if place:
                        self.places[y][x] = place
                x += 1
        return x

    def mark(self, x0: int, x1: int, y: int, style: Style, place: str = "") -> None:
        """Restyle cells x0..x1-1 of row y (a highlight), tagging them with a place."""
        if 0 <= y < self.height:
            self.touched.add(y)
            for x in range(max(0, x0), min(self.width, x1)):
                self.styles[y][x] = self.styles[y][x] + style
                if place:
                    self.places[y][x] = place

    def strips(self) -> list[Strip]:
        """One strip per row (a row untouched since the copy keeps the original's strip)."""
        if self.base and not self.touched:
            return self.base
        out = []
        for y, (chars, styles) in enumerate(zip(self.chars, self.styles, strict=True)):
            if self.base and y not in self.touched:
                out.append(self.base[y])
                continue
            segments: list[Segment] = []
            start = 0
            for x in range(1, self.width + 1):
                if x == self.width or (styles[x] is not styles[start] and styles[x] != styles[start]):
                    segments.append(Segment("".join(chars[start:x]), styles[start]))
                    start = x
            out.append(Strip(segments, self.width))
        self.base, self.touched = out, set()
        return out
