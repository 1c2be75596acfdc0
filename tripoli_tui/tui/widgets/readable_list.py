"""An OptionList whose highlighted row is drawn in the highlight's own colours, and whose rows
may be wrapped under their first word (`hanging`, as wide as the list says it is)."""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import wrap

from rich.segment import Segment
from rich.style import Style
from textual.message import Message
from textual.strip import Strip
from textual.widgets import OptionList

HANG_LEAST = 12
"""Below this many columns for the words, they are left for the list to wrap."""


def hanging(words: str, width: int, indent: int) -> str:
    """`words` wrapped into `width` columns, each line after the first `indent` spaces in (the
    first is written after a prefix that wide: a key, a number, a mark). Textual wraps a long
    row back to the list's left edge, under the prefix; `width` 0 (not laid out yet) or too
    narrow leaves them on one line."""
    if width - indent < HANG_LEAST:
        return words
    return ("\n" + " " * indent).join(wrap(words, width - indent))


class ReadableOptionList(OptionList):
    """The words of the highlighted option all take the highlight's colours (a hit, reversed,
    stays reversed). Drawn in their own colours (a card's tag, a side's piece counts, a key
    letter) they are checked for contrast on the screen's backgrounds, not on the highlight's:
    on a light theme in 16 colours the highlight is black and so were they."""

    @dataclass
    class Rewrap(Message):
        """The rows are a new width (`rows_width`): prompts wrapped with `hanging` are made again
        (the screen listens: it makes them)."""

        option_list: ReadableOptionList

        @property
        def control(self) -> ReadableOptionList:
            """The list (what @on's selector matches)."""
            return self.option_list

    rows_width = 0
    """How many columns a row's words have, a scroll bar allowed for (0 before the list is laid
    out)."""

    def on_resize(self) -> None:
        width = max(0, self.content_region.width - self.styles.scrollbar_size_vertical)
        if width != self.rows_width:
            self.rows_width = width
            self.post_message(self.Rewrap(self))

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
