"""The table's modes switched in the middle of a campaign: a small dialog with the three modes.
It returns the modes chosen (TableModes.text()); the game screen submits them as a SwitchModes
step, which the log shows and undo takes back."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ..widgets.table_modes import TableModesForm
from .once import OnceModal


class TableModesDialog(OnceModal[str | None]):
    """Returns the modes chosen, or None when cancelled (or nothing changed)."""

    CSS_PATH = "table.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="table_modes.cancel"),
                Binding("ctrl+s", "switch", "Switch", priority=True, id="table_modes.switch")]

    def __init__(self, modes: str) -> None:
        super().__init__()
        self.modes = modes

    def compose(self) -> ComposeResult:
        with Vertical(id="table-modes-box") as box:
            box.border_title = "The table's modes"
            box.border_subtitle = "↑↓ space: choose · Tab: next · ctrl+s switch · Esc cancel"
            yield Static("From the next die or draw on (a step of the timeline: u takes it back).",
                         id="table-modes-about")
            yield TableModesForm(self.modes, id="table-modes-form")
            with Horizontal(id="table-modes-buttons"):
                yield Button("Switch", variant="primary", id="table-modes-switch", compact=True)
                yield Button("Cancel", id="table-modes-cancel", compact=True)

    def action_cancel(self) -> None:
        self.finish(None)

    def action_switch(self) -> None:
        chosen = self.query_one(TableModesForm).modes()
        self.finish(chosen if chosen != self.modes else None)

    @on(Button.Pressed, "#table-modes-switch")
    def _switch(self) -> None:
        self.action_switch()

    @on(Button.Pressed, "#table-modes-cancel")
    def _cancel(self) -> None:
        self.action_cancel()
