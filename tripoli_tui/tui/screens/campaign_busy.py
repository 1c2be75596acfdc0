"""The question a campaign open in another window asks: open a copy as a new branch, or go back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ..widgets.key_footer import KeyFooter
from .once import OnceModal


class CampaignBusyScreen(OnceModal[bool]):
    """Returns True to open the game as a copy (a campaign of its own), False to go back."""

    BINDINGS = [
        Binding("b", "branch", "Open a copy", id="busy.branch"),
        Binding("escape", "back", "Back", id="busy.back"),
    ]

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why

    def compose(self) -> ComposeResult:
        with Vertical(id="busy-box") as box:
            box.border_title = "Campaign already open"
            box.border_subtitle = "b open a copy · Esc back"
            yield Static(f"{self.why} Two windows saving one campaign would take turns "
                         "replacing each other's autosaves.", markup=False)
            yield Static("Press b to open a copy of it here as a new branch, a campaign of its "
                         "own with its own autosaves; or Escape to go back.", markup=False)
        yield KeyFooter(palette=True)

    def action_branch(self) -> None:
        self.finish(True)

    def action_back(self) -> None:
        self.finish(False)
