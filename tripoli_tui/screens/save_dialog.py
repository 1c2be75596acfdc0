"""A small dialog asking for the name to save the game under."""

from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from .once import OnceModal

NAME = re.compile(r"^[\w][\w .-]{0,59}$")


class SaveDialog(OnceModal[str | None]):
    """Returns a save name (letters, digits, space, '.', '-', '_') or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box") as box:
            box.border_title = "Save the game"
            box.border_subtitle = "⏎ save · Esc cancel"
            yield Static("Name of the save:")
            yield Input(value=self.suggestion, id="save-name", select_on_focus=True)
            yield Static("", id="save-error")

    def action_cancel(self) -> None:
        self.finish(None)

    @on(Input.Submitted, "#save-name")
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not NAME.match(name):
            self.query_one("#save-error", Static).update(
                "Use letters, digits, spaces, '.', '-' or '_' (at most 60).")
            return
        self.finish(name)
