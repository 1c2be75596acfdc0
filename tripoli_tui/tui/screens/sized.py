"""SizedScreen: a screen that needs a terminal of some size. Below it, the screen's content is
hidden and a line asks for a larger terminal (nothing is lost); a short terminal is told to the CSS
too (the class -short)."""

from __future__ import annotations

from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24
SHORT_HEIGHT = 32
"""Below this height a tutorial's whole text is read in the map's place (the walkthrough keeps
its room)."""


class SizedScreen(Screen[None]):
    """Shows its content in a terminal of at least MIN_WIDTH×MIN_HEIGHT; in a smaller one, the
    class -too-small and the words of its Static #too-small (the subclass composes it)."""

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _refocus(self) -> None:
        """Give the keys back to the content when hiding it took them (the subclass says where)."""

    def _size_classes(self, width: int, height: int) -> bool:
        """The classes the terminal's size sets; whether it is too small to play in."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        self.set_class(height < SHORT_HEIGHT, "-short")
        return small

    def _check_size(self, width: int, height: int) -> None:
        small = self._size_classes(width, height)
        if not small:
            self.call_after_refresh(self._refocus)
        if small:
            self.query_one("#too-small", Static).update(
                f"The Shores of Tripoli needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
                f"This one is {width}×{height}. Enlarge it to go on; nothing is lost.")
