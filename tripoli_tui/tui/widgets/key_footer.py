"""The keys of the screen, one line at the bottom, as Textual's compact footer draws them.

Textual's Footer is a row of widgets, one per key, rebuilt whole whenever the screen's keys are
looked at again: on every focus change and every redraw of the keys, and each key it makes is
styled twice (its `compact` watcher sets a class once it is mounted, which restyles it at once:
~1 ms a key). On the game screen that rebuild took most of a key press (at 200x60, ~60 of ~90 ms
of CPU); on the title screen, a fifth of a test's time. This footer is one widget drawing one
line, and it draws it again only when the keys shown, or whether they work, changed. Every screen
with keys to show uses it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.events import Click, MouseMove
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen

Shown = tuple[tuple[str, str, str, bool], ...]
"""Each key shown: (key, how it is shown, description, whether it works now)."""

PALETTE_RULE = "\u258f"
"""Drawn before the command palette's key at the right of the line ('\u258f'), as Textual's
footer sets it apart."""


class KeyFooter(Widget):
    """One line of 'key Description' pairs; a click on one presses its key."""

    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
        .key-footer--key {
            color: $footer-key-foreground;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-foreground;
        }
    }
    """

    def __init__(self, *, palette: bool = False, spare: tuple[str, ...] = (),
                 id: str | None = None) -> None:
        """`palette`: the command palette's key is drawn at the right of the line (when the app
        offers the palette and the keys leave it room). `spare`: the ids of the bindings whose
        keys are left out, first to last, when the line cannot hold every key even written
        against its word (they still work; the help lists them): never the line's end cut off,
        where Quit is."""
        super().__init__(id=id)
        self.palette = palette
        self.spare = spare
        self.spare_keys: dict[str, int] = {}
        """The keys shown whose bindings are spare, each with its place in `spare`."""
        self.shown: Shown = ()
        self.palette_shown: tuple[str, str, str] | None = None
        """(key, how it is shown, description) of the command palette's key, when it is shown."""
        self.tooltips: dict[str, str] = {}
        """Each key's tooltip, shown while the mouse is over it."""
        self.spans: list[tuple[int, int, str]] = []
        """(first column, column past the last, key) of each key drawn."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The screen's keys were looked at again: redraw only if what is shown changed."""
        if screen is not self.screen:
            return
        shown: list[tuple[str, str, str, bool]] = []
        actions: set[str] = set()
        tooltips: dict[str, str] = {}
        spare: dict[str, int] = {}
        active = screen.active_bindings
        for _node, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                shown.append((binding.key, self.app.get_key_display(binding),
                              binding.description, enabled))
                tooltips[binding.key] = tooltip or binding.tooltip
                if binding.id in self.spare:
                    spare[binding.key] = self.spare.index(binding.id)
        self.spare_keys = spare
        palette = None
        if self.palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None and found[2]:
                binding = found[1]
                palette = (binding.key, self.app.get_key_display(binding), binding.description)
                tooltips[binding.key] = binding.tooltip or "Open the command palette"
        self.tooltips = tooltips
        if tuple(shown) != self.shown or palette != self.palette_shown:
            self.shown = tuple(shown)
            self.palette_shown = palette
            self.refresh()

    def render(self) -> Text:
        key_style = self.get_component_rich_style("key-footer--key")
        description_style = self.get_component_rich_style("key-footer--description")
        line = Text(no_wrap=True, overflow="crop", end="")
        self.spans = []
        dim = Style(dim=True)
        shown, gap = self.fitting()
        for key, display, description, enabled in shown:
            start = line.cell_len
            line.append(display, key_style if enabled else key_style + dim)
            if description:
                line.append(gap + description,
                            description_style if enabled else description_style + dim)
            self.spans.append((start, line.cell_len, key))
            line.append(" ")
        if self.palette_shown is not None:
            key, display, description = self.palette_shown
            room = self.size.width - line.cell_len
            wanted = len(PALETTE_RULE) + len(display) + len(description) + 2  # a gap, an edge
            if room >= wanted:  # only beside every key: the screen's own keys come first
                line.append(" " * (room - wanted))
                line.append(PALETTE_RULE, description_style + dim)
                start = line.cell_len
                line.append(display, key_style)
                line.append(" " + description, description_style)
                self.spans.append((start, line.cell_len, key))
                line.append(" ")
        return line

    def fitting(self) -> tuple[Shown, str]:
        """The keys drawn, and the gap between a key and its word: every key spaced out if the
        line holds them so; else each written against its word ('qQuit'); and if the line cannot
        hold even that, the spare keys left out one by one, first to last, until it does."""
        width = self.size.width
        shown = list(self.shown)
        spare = sorted(self.spare_keys, key=self.spare_keys.__getitem__)
        while True:
            spaced = sum(len(display) + len(description) + 2
                         for _, display, description, _ in shown) - 1
            if not width or spaced <= width:
                return tuple(shown), " "
            if spaced - len(shown) <= width or not spare:
                return tuple(shown), ""
            left_out = spare.pop(0)
            shown = [item for item in shown if item[0] != left_out]

    def key_at(self, x: int) -> str:
        """The key drawn at column x ('' for none)."""
        return next((key for start, end, key in self.spans if start <= x < end), "")

    def on_mouse_move(self, event: MouseMove) -> None:
        """The tooltip of the key under the mouse (none between keys)."""
        self.tooltip = self.tooltips.get(self.key_at(event.x)) or None

    def on_click(self, event: Click) -> None:
        key = self.key_at(event.x)
        if key:
            palette = self.palette_shown is not None and key == self.palette_shown[0]
            enabled = palette or next((on for k, _, _, on in self.shown if k == key), False)
            if enabled:
                self.app.simulate_key(key)
            else:
                self.app.bell()
