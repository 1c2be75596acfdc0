"""A new table campaign: the board on the player's table, the program holding the same position
and running the T-bot. The three modes, an optional seed and name, Start."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Static

from ..widgets.key_footer import KeyFooter
from ..widgets.table_modes import TableModesForm
from .once import OnceModal
from .seeds import parse_seed

DEFAULT_MODES = "dice=mine,deck=table,hand=table"
"""What `tripoli table` starts with: your dice rolled on the table, both decks there too."""


@dataclass(frozen=True)
class NewTableCampaign:
    """Start a table campaign (the board on the player's table) from this seed (None: a random
    one), named so ('' offers the seed and the day), in these modes (TableModes.text())."""

    seed: int | None
    name: str
    modes: str


class TableCampaignScreen(OnceModal[NewTableCampaign | None]):
    """Returns the campaign to start, or None (Escape: back to the title)."""

    CSS_PATH = "table.tcss"
    BINDINGS = [Binding("escape", "cancel", "Back", id="table_new.back"),
                Binding("ctrl+s", "start", "Start", priority=True, id="table_new.start")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="table-new-box") as box:
            box.border_title = "At the table: a new campaign"
            yield Static("Your board is on your table; the program holds the same position, runs "
                         "the T-bot and tells you its moves.", id="table-new-about")
            yield TableModesForm(DEFAULT_MODES, id="table-new-form")
            with Horizontal(classes="table-new-row"):
                yield Static("Seed:", classes="table-new-label")
                yield Input(placeholder="random", id="table-new-seed", restrict=r"-?[0-9]*",
                            max_length=20, compact=True)
            with Horizontal(classes="table-new-row"):
                yield Static("Name:", classes="table-new-label")
                yield Input(placeholder="the seed and the day", id="table-new-name",
                            max_length=60, compact=True)
            yield Static("", id="table-new-error", markup=False)
            with Horizontal(id="table-new-buttons"):
                yield Button("Start", variant="primary", id="table-new-start", compact=True)
                yield Button("Back", id="table-new-back", compact=True)
        yield KeyFooter(palette=True)

    def on_mount(self) -> None:
        self.query_one("#mode-dice").focus()

    def action_cancel(self) -> None:
        self.finish(None)

    def action_start(self) -> None:
        seed, problem = parse_seed(self.query_one("#table-new-seed", Input).value)
        if problem:
            self.query_one("#table-new-error", Static).update(problem)
            self.query_one("#table-new-seed", Input).focus()
            return
        name = self.query_one("#table-new-name", Input).value.strip()
        self.finish(NewTableCampaign(seed, name, self.query_one(TableModesForm).modes()))

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(Input.Changed)
    def _changed(self) -> None:
        self.query_one("#table-new-error", Static).update("")

    @on(Button.Pressed, "#table-new-start")
    def _start(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#table-new-back")
    def _back(self) -> None:
        self.action_cancel()
