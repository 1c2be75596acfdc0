"""An OptionList whose highlighted row is drawn in the highlight's own colours."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widgets import OptionList


class ReadableOptionList(OptionList):
    """The words of the highlighted option all take the highlight's colours (a hit, reversed,
    stays reversed). Drawn in their own colours (a card's tag, a side's piece counts, a key
    letter) they are checked for contrast on the screen's backgrounds, not on the highlight's:
    on a light theme in 16 colours the highlight is black and so were they."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        highlighted = self.highlighted
        if highlighted is None or not any(
                style is not None and style.meta.get("option") == highlighted
                for _, style, _ in strip):
            return strip
        row = self.get_visual_style("option-list--option",
                                    "option-list--option-highlighted").rich_style
        plain = Style(color=row.color, bgcolor=row.bgcolor)
        return Strip([Segment(text, plain if style is None else style + plain, control)
                      for text, style, control in strip], strip.cell_length)
