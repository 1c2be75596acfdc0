"""FittedRow: a list's row laid out for the width it is drawn at, so that it shortens or wraps its
words itself, never its columns or its tags (an OptionList wraps a too-long prompt anywhere)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual


class FittedRow(Visual):
    """A row whose `lines(width)` each fit in `width` cells; its `whole` is the row unfitted."""

    def __init__(self, whole: Content) -> None:
        self.whole = whole

    def lines(self, width: int) -> list[Content]:
        """The row's lines at `width` cells, each at most `width` long."""
        raise NotImplementedError

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        strips = [strip for line in self.lines(width)
                  for strip in line.render_strips(width, None, style, options)]
        return strips if height is None else strips[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.whole.cell_length

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.lines(width))

    def __str__(self) -> str:
        """The row's words, unfitted (what a test or a search reads)."""
        return str(self.whole)


class HangingRow(FittedRow):
    """A prefix (a mark, a number, figures in columns), then words wrapped under themselves, never
    back under the prefix; then any lines `under` them, as far in. Where even a few words have
    no room beside the prefix, each line is cut (…) instead."""

    LEAST = 8
    """The fewest cells the words are wrapped into."""

    def __init__(self, prefix: Content, words: Content, under: tuple[Content, ...] = ()) -> None:
        indent = " " * prefix.cell_length
        super().__init__(Content("\n").join([prefix + words, *(indent + line for line in under)]))
        self.prefix, self.words, self.under = prefix, words, under

    def lines(self, width: int) -> list[Content]:
        width = max(width, 1)
        room = width - self.prefix.cell_length
        if room < self.LEAST:
            return [line.truncate(width, ellipsis=True) for line in self.whole.split("\n")]
        indent = Content(" " * self.prefix.cell_length)
        first, *more = self.words.wrap(room) or [Content("")]
        return [self.prefix + first, *(indent + line for line in more),
                *(indent + line for below in self.under for line in below.wrap(room))]


BULLETS = ("▶ ", "· ", "✔ ", "✘ ", "✓ ", "✗ ", "→ ", "■ ", "══ ", "- ")
"""The marks a line of reasoning may begin with, after its indent: its words go on under them."""


def _lead(plain: str) -> int:
    """How far in a line's words begin: past its indent and its mark, if it has one."""
    lead = len(plain) - len(plain.lstrip(" "))
    return lead + next((len(mark) for mark in BULLETS if plain.startswith(mark, lead)), 0)


class HangingText(FittedRow):
    """Lines of text, each too long for the width it is drawn at going on under its own words,
    past its indent and its mark (✓ ✗ · → ...), not back at the left edge."""

    def __init__(self, whole: Content | Text) -> None:
        """`whole`: Content, or Rich Text (its styles, rule links' @click among them, kept)."""
        super().__init__(Content.from_rich_text(whole) if isinstance(whole, Text) else whole)

    def lines(self, width: int) -> list[Content]:
        out: list[Content] = []
        width = max(width, 1)  # (a pane not laid out yet is 0 wide: nothing wraps into that)
        for line in self.whole.split("\n", allow_blank=True):
            lead = _lead(line.plain)
            if line.cell_length <= width or width - lead < HangingRow.LEAST:
                out.extend(line.wrap(width) or [line])
                continue
            indent = Content(" " * lead)
            first, *more = line[lead:].wrap(width - lead) or [Content("")]
            out += [line[:lead] + first, *(indent + wrapped for wrapped in more)]
        return out


_MEASURE = Console(width=1000, color_system=None, legacy_windows=False)
"""A console only to wrap text with (wrapping reads no terminal)."""


def hanging_lines(text: Text, width: int) -> Text:
    """`text` with each line longer than `width` wrapped under its own words: under the line's
    indent and its mark (▶, ·, ✔, ✘, →...), not back at the left edge as a widget wraps it.
    Lines that fit, and all of them when `width` is too narrow to hang words in, are left."""
    if width < 2 * HangingRow.LEAST:
        return text
    out = Text(style=text.style, end=text.end)
    for n, line in enumerate(text.split("\n", allow_blank=True)):
        if n:
            out.append("\n")
        lead = _lead(line.plain)
        if line.cell_len <= width or width - lead < HangingRow.LEAST:
            out.append_text(line)
            continue
        first, *more = list(line[lead:].wrap(_MEASURE, width - lead)) or [Text()]
        first.rstrip()
        out.append_text(line[:lead])
        out.append_text(first)
        for wrapped in more:
            wrapped.rstrip()
            out.append("\n" + " " * lead)
            out.append_text(wrapped)
    return out


def room_beside(width: int, columns: Iterable[tuple[str, Iterable[Text | str]]],
                padding: int) -> int:
    """The cells a table `width` cells wide leaves for one more column beside `columns` (each a
    header and its cells, every line of them measured), each column padded `padding` cells on
    either side (a DataTable's cell_padding): what a column cut to fit may take."""
    taken = sum(max([cell_len(header)] + [cell_len(line) for cell in cells
                                          for line in str(cell).splitlines()]) + 2 * padding
                for header, cells in columns)
    return width - taken - 2 * padding
