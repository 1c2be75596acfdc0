"""The rules as a scrolling text of sections, each drawn from Markdown, with their headings as contents.

A section is a heading and what follows it up to the next heading; each is one widget drawn by
Rich's Markdown in the theme's colours, where a Markdown viewer builds a widget per paragraph and
per bullet (some 450 for our rules, the most of a second the help took to open).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.segment import Segment
from rich.text import Text
from rich.theme import Theme
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..theme import paint
from .readable_list import ReadableOptionList

HEADING = re.compile(r"^(#{1,3}) +(.+?)\s*$")


@dataclass(frozen=True, slots=True)
class Section:
    """One heading of the rules and the text under it, as Markdown."""

    title: str
    level: int
    """1 for the document's title, 2 for a chapter, 3 for a part of one."""
    markdown: str


def split_sections(markdown: str) -> list[Section]:
    """The document cut before each heading (`#`, `##`, `###`); text before the first heading is
    a section with no title."""
    found: list[Section] = []
    title, level = "", 1
    lines: list[str] = []
    for line in markdown.splitlines():
        heading = HEADING.match(line)
        if heading:
            if title or any(x.strip() for x in lines):
                found.append(Section(title, level, "\n".join(lines).strip()))
            title, level, lines = heading.group(2), len(heading.group(1)), []
        lines.append(line)
    if title or any(x.strip() for x in lines):
        found.append(Section(title, level, "\n".join(lines).strip()))
    return found


def contents_line(section: Section) -> str:
    """A section as the contents list shows it: the document's title and any text before the first
    chapter are its introduction; the parts of a chapter are indented under it."""
    if section.level == 1 or not section.title:
        return "Introduction"
    return ("  " if section.level == 3 else "") + section.title


def markdown_theme(accent: str) -> Theme:
    """Rich's Markdown styles with headings, bullets and numbers in `accent` (the theme's text colour
    for primary, made to be read on its backgrounds), the rest plain."""
    return Theme({
        "markdown.h1": f"bold {accent}", "markdown.h1.border": accent,
        "markdown.h2": f"bold underline {accent}", "markdown.h3": f"bold {accent}",
        "markdown.item.bullet": f"bold {accent}", "markdown.item.number": f"bold {accent}",
        "markdown.list": "none", "markdown.block_quote": "italic",
        "markdown.code": "bold", "markdown.code_block": "none", "markdown.link": "underline",
    })


Lines = list[list[Segment]]
_drawn: dict[tuple[str, int, str], Lines] = {}
"""Sections already drawn, by (Markdown, width, heading colour): help is a new screen each time
it opens, and the rules it shows are the same."""


class RulesSection(Widget):
    """One section of the rules: drawn once per width and theme, then handed out line by line
    (a line becomes a Strip, a dozen objects, only when it is shown)."""

    DEFAULT_CSS = """
    RulesSection { height: auto; }
    RulesSection.level-2, RulesSection.level-3 { margin-top: 1; }
    """

    def __init__(self, section: Section) -> None:
        super().__init__(classes=f"level-{section.level}")
        self.section = section

    def lines(self, width: int) -> Lines:
        """The section drawn `width` cells wide, in the running theme's colours."""
        accent = paint("text-primary")
        key = (self.section.markdown, width, accent)
        lines = _drawn.get(key)
        if lines is None:
            from rich.markdown import Markdown  # markdown-it is read only when the rules are shown

            console = self.app.console
            console.push_theme(markdown_theme(accent))
            try:
                lines = console.render_lines(Markdown(self.section.markdown),
                                             console.options.update_width(max(1, width)))
            finally:
                console.pop_theme()
            if len(_drawn) > 200:  # a few widths and themes of every section: forget the oldest
                del _drawn[next(iter(_drawn))]
            _drawn[key] = lines
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        lines = self.lines(width)
        if not 0 <= y < len(lines):
            return Strip.blank(width, self.rich_style)
        return Strip(Segment.apply_style(lines[y], self.rich_style), width)


class RulesText(Horizontal):
    """The rules, and beside them (`show_contents`) their headings: choosing one goes to it, and
    while the text scrolls the heading of the section on top is marked."""

    show_contents: reactive[bool] = reactive(False)

    def __init__(self, markdown: str, *, contents: bool = False,
                 id: str | None = None) -> None:  # noqa: A002 (Textual's name)
        super().__init__(id=id)
        self.sections = split_sections(markdown)
        self.set_reactive(RulesText.show_contents, contents)
        self._marking: int | None = None
        """The heading being marked by the text's scrolling, not chosen: it does not scroll."""

    def compose(self) -> ComposeResult:
        yield ReadableOptionList(*(
            Option(Text(contents_line(s)), id=f"section-{i}") for i, s in enumerate(self.sections)),
            id="rules-contents")
        with VerticalScroll(id="rules-text"):
            yield from (RulesSection(s) for s in self.sections)

    def on_mount(self) -> None:
        self.query_one("#rules-contents", OptionList).display = self.show_contents
        self.watch(self.query_one("#rules-text", VerticalScroll), "scroll_y", self._scrolled,
                   init=False)

    def watch_show_contents(self, shown: bool) -> None:
        contents = self.query_one("#rules-contents", OptionList)
        contents.display = shown
        if shown:
            self._mark(self.section_on_top())
            contents.focus()
        else:
            self.focus_text()

    def focus_text(self) -> None:
        self.query_one("#rules-text", VerticalScroll).focus()

    def section_on_top(self) -> int:
        """The index of the section at the top of the text as it is scrolled."""
        top = self.query_one("#rules-text", VerticalScroll).scroll_y
        on_top = 0
        for index, section in enumerate(self.query(RulesSection)):
            if section.virtual_region.y - section.styles.margin.top > top:
                break
            on_top = index
        return on_top

    def go_to(self, index: int) -> None:
        """Scroll the text to the section `index` (of `sections`), its heading on top."""
        sections = self.query(RulesSection)
        if 0 <= index < len(sections):
            self.query_one("#rules-text", VerticalScroll).scroll_to_widget(
                sections[index], animate=False, top=True)

    def _mark(self, index: int) -> None:
        contents = self.query_one("#rules-contents", OptionList)
        if contents.highlighted != index:
            self._marking = index
            contents.highlighted = index

    def _scrolled(self) -> None:
        contents = self.query_one("#rules-contents", OptionList)
        if contents.display and not contents.has_focus:
            self._mark(self.section_on_top())

    @on(OptionList.OptionHighlighted, "#rules-contents")
    def _follow(self, event: OptionList.OptionHighlighted) -> None:
        index = int((event.option.id or "section-0").removeprefix("section-"))
        if index == self._marking:
            self._marking = None
            return
        self.go_to(index)

    @on(OptionList.OptionSelected, "#rules-contents")
    def _read(self) -> None:
        self.focus_text()
