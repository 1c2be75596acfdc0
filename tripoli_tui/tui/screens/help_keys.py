"""The help's Keys tab: every key in force on the screen beneath the help, read from Textual's own
bindings, grouped by where it works, each with what it does in a sentence."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from ..theme import paint

SIDEWAYS = frozenset({"scroll_left", "scroll_right", "page_left", "page_right"})
"""Textual's sideways scrolling: listed only for a widget that can scroll sideways (none of the
game's lists do: their lines wrap)."""


TEXTUAL_SENTENCES = {
    "app.focus_next": "Move to the next panel", "app.focus_previous": "Move to the panel before",
    "screen.copy_text": "Copy the text selected with the mouse",
    "cursor_up": "Highlight the line above", "cursor_down": "Highlight the line below",
    "first": "Highlight the first line", "last": "Highlight the last line",
    "page_up": "Highlight a page further up", "page_down": "Highlight a page further down",
    "select": "Choose the highlighted line", "scroll_up": "Scroll up a line",
    "scroll_down": "Scroll down a line", "scroll_home": "Scroll to the top",
    "scroll_end": "Scroll to the bottom",
}
"""What Textual's own keys do, in a sentence (the game's keys say it in their tooltips)."""


def key_rows(app: App[object], screen: Screen[object] | None) -> list[tuple[str, str, str, str]]:
    """(where, keys, what, sentence) for every binding in force on `screen`, read from Textual
    itself: the sentence is the binding's tooltip ('' for none)."""
    if screen is None:
        return []
    groups: dict[tuple[str, str], list[str]] = {}
    sentences: dict[tuple[str, str], str] = {}
    order: list[tuple[str, str]] = []
    for active in screen.active_bindings.values():
        binding = active.binding
        node = active.node
        if not binding.description or (binding.action in SIDEWAYS and not getattr(
                node, "allow_horizontal_scroll", False)):
            continue
        if node is app:
            where = "everywhere"
        elif isinstance(node, Screen):
            where = _screen_label(node)
        else:
            where = f"{_widget_label(node)} (focused)"
        group = (where, binding.description)
        if group not in groups:
            groups[group] = []
            order.append(group)
        sentence = binding.tooltip or TEXTUAL_SENTENCES.get(binding.action, "")
        if sentence and not sentences.get(group):
            sentences[group] = sentence
        shown = app.get_key_display(binding)
        if shown not in groups[group]:
            groups[group].append(shown)
    generic = {_action_of(b) for b in (*Screen.BINDINGS, *App.BINDINGS)}
    actions: dict[tuple[str, str], str] = {}
    for active in screen.active_bindings.values():
        actions.setdefault(("", active.binding.description), active.binding.action)

    def rank(group: tuple[str, str]) -> tuple[int, int]:
        where, what = group
        place = 2 if where == "everywhere" else 1 if where.endswith("(focused)") else 0
        return place, int(actions.get(("", what), "") in generic)

    order.sort(key=rank)
    return [(where, " / ".join(groups[(where, what)]), what, sentences.get((where, what), ""))
            for where, what in order]


def _action_of(binding: object) -> str:
    if isinstance(binding, Binding):
        return binding.action
    if isinstance(binding, tuple) and len(binding) >= 2:
        return str(binding[1])
    return ""


def _words(name: str) -> str:
    return "".join(f" {c}" if c.isupper() else c for c in name).strip().lower()


def _widget_label(node: object) -> str:
    ident = getattr(node, "id", None)
    return ident.replace("-", " ").replace("_", " ") if ident else _words(type(node).__name__)


def _screen_label(screen: Screen[object]) -> str:
    name = type(screen).__name__.removesuffix("Screen")
    if not name:
        return "main screen"
    return f"{_words(name)} screen"


def keys_text(rows: list[tuple[str, str, str, str]], room: int = 76) -> Text:
    """The keys in force, grouped by where they work (in `key_rows` order): each group a bold
    heading, then a line per key, its keys in a column of their own, and under it what the key
    does in a sentence, wrapped to `room` cells."""
    width = max((len(keys) for _, keys, _, _ in rows), default=0)
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    where_now = None
    indent = " " * (width + 4)
    for where, keys, what, sentence in rows:
        if where != where_now:
            if where_now is not None:
                text.append("\n")
            text.append(f"{where[0].upper()}{where[1:]}\n", style="bold underline")
            where_now = where
        text.append(f"  {keys:<{width}}", style="bold")
        text.append(f"  {what}\n")
        if sentence:
            sentence = sentence[0].upper() + sentence[1:]
            sentence += "" if sentence.endswith((".", "?", "!")) else "."
            for line in textwrap.wrap(sentence, max(20, room - len(indent))):
                text.append(f"{indent}{line}\n", style=paint("muted"))
    text.rstrip()
    return text
