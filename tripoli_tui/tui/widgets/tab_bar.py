"""A row of tabs drawn by one widget: each tab's name and key, the one on show underlined.

Textual's TabbedContent is some twenty widgets (a tab, an underline, a pane per tab and their
switcher) and took about half the time help needed to draw its first frame; this is one widget
drawing two lines, and a click on a name asks for that tab (the screen decides what to show).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True, slots=True)
class Tab:
    """One tab: its id, its name, and the key that shows it ('' for none)."""

    id: str
    name: str
    key: str = ""


class TabBar(Widget):
    """The tabs on one line, and under it a rule, heavy under the tab on show."""

    COMPONENT_CLASSES = {"tab-bar--active", "tab-bar--tab", "tab-bar--key", "tab-bar--rule",
                         "tab-bar--underline"}
    DEFAULT_CSS = """
    TabBar {
        height: 2;
        text-wrap: nowrap;
        text-overflow: clip;
        .tab-bar--active { text-style: bold; color: $foreground; }
        .tab-bar--tab { color: $text-muted; }
        .tab-bar--key { color: $text-muted; text-style: dim; }
        .tab-bar--rule { color: $text-muted; text-style: dim; }
        .tab-bar--underline { color: $text-primary; }
    }
    """

    active: reactive[str] = reactive("")

    class Chosen(Message):
        """A tab was clicked."""

        def __init__(self, tab: str) -> None:
            super().__init__()
            self.tab = tab

    def __init__(self, *tabs: Tab, active: str = "", id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.tabs = tabs
        self.set_reactive(TabBar.active, active or (tabs[0].id if tabs else ""))

    def spans(self) -> list[tuple[int, int, Tab]]:
        """(first column, column past the last, tab) of each tab drawn."""
        out, x = [], 0
        for tab in self.tabs:
            width = len(self._label(tab))
            out.append((x, x + width, tab))
            x += width
        return out

    def _with_keys(self) -> bool:
        """Whether the keys fit beside the names (in a narrow terminal only the names are shown)."""
        return sum(len(f" {tab.name} {tab.key} ") for tab in self.tabs) <= self.size.width

    def _label(self, tab: Tab) -> str:
        return f" {tab.name} {tab.key} " if tab.key and self._with_keys() else f" {tab.name} "

    def render(self) -> Text:
        active = self.get_component_rich_style("tab-bar--active")
        other = self.get_component_rich_style("tab-bar--tab")
        key = self.get_component_rich_style("tab-bar--key")
        rule = self.get_component_rich_style("tab-bar--rule")
        underline = self.get_component_rich_style("tab-bar--underline")
        names, lines = Text(no_wrap=True, overflow="crop"), Text(no_wrap=True, overflow="crop")
        for start, end, tab in self.spans():
            on = tab.id == self.active
            names.append(f" {tab.name}", active if on else other)
            if tab.key and self._with_keys():
                names.append(f" {tab.key}", key)
            names.append(" ")
            lines.append(("━" if on else "─") * (end - start), underline if on else rule)
        lines.append("─" * max(0, self.size.width - lines.cell_len), rule)
        return Text("\n", no_wrap=True, overflow="crop").join([names, lines])

    def tab_at(self, x: int) -> str:
        """The id of the tab drawn at column x ('' for none)."""
        return next((tab.id for start, end, tab in self.spans() if start <= x < end), "")

    def on_click(self, event: Click) -> None:
        tab = self.tab_at(event.x)
        if tab:
            self.post_message(self.Chosen(tab))
