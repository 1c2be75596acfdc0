"""A small dialog asking for the name to save the game under."""

from __future__ import annotations

import re
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

NAME = re.compile(r"^[\w][\w .-]{0,59}$")


class SaveDialog(ModalScreen[str | None]):
    """Returns a save name (letters, digits, space, '.', '-', '_') or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.finished = False
        self.suggestion = suggestion

    def finish(self, result: Any = None) -> None:
        """Close with `result` once: keys typed fast must not close the screen beneath."""
        if self.finished or not self.is_current:
            return
        self.finished = True
        self.dismiss(result)

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
