"""RecordScreen: every finished campaign, with win/loss/draw totals."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from ...engine.core import WAYS_TO_END
from ...engine.state import season_title
from ...engine.words import plural
from ..theme import paint
from .themed import FollowsTheme

if TYPE_CHECKING:
    from ...storage import CampaignRecord, RecordEntry

RESULT_WORDS = {"us": ("won", "text-success"), "tripolitania": ("lost", "text-error"),
                "draw": ("draw", "text-warning")}
"""Each result in a word, and the colour variable it is written in."""


def fetch_record() -> tuple[CampaignRecord | None, str]:
    """The campaign record, or (None, what went wrong)."""
    try:
        from ... import storage

        return storage.read_record(), ""
    except Exception as exc:
        return None, f"Could not read the campaign record ({str(exc) or type(exc).__name__})."


def _date_text(value: datetime) -> str:
    return f"{value.day} {value:%b %Y}"


def _result_text(winner: str) -> Text:
    words, colour = RESULT_WORDS.get(winner.casefold(), (winner or "?", ""))
    return Text(words, style=f"bold {paint(colour)}" if colour else "")


def _entry_points(entry: RecordEntry) -> str:
    return f"{entry.us_points}–{entry.tripolitan_points}"


def _entry_when(entry: RecordEntry) -> str:
    return f"{season_title(entry.season)} {entry.year}"


def totals_text(record: CampaignRecord) -> Text:
    played = record.wins + record.losses + record.draws
    text = Text()
    text.append(f"{record.wins} won", style=f"bold {paint('text-success')}")
    text.append(" · ")
    text.append(f"{record.losses} lost", style=f"bold {paint('text-error')}")
    text.append(" · ")
    text.append(f"{record.draws} drawn", style=f"bold {paint('text-warning')}")
    text.append(f"   ({plural(played, 'campaign')} finished)")
    if record.drills:
        right, asked = sum(s.right for s in record.drills), sum(s.asked for s in record.drills)
        last = record.drills[-1]
        text.append(f"\nDrills: {len(record.drills)}, {right} of {asked} predicted right "
                    f"(the last: {last.right} of {last.asked})")
    return text


class RecordScreen(FollowsTheme, ModalScreen[None]):
    """The campaign record. Dismisses with None."""

    CSS_PATH = "record.tcss"
    BINDINGS = [Binding("escape", "close", "Close", id="record.close"),
                Binding("q", "close", "Close", show=False, id="record.close_q")]

    def __init__(self) -> None:
        super().__init__()
        self.record: CampaignRecord | None = None
        self.entries: list[RecordEntry] = []
        """The campaigns listed, newest first (row n of the table is entries[n])."""
        self.problem = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="record-frame"):
            yield Static("Campaign record", id="record-title")
            yield Static("", id="record-totals")
            yield DataTable(id="record-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="record-note")
            yield Footer()

    def on_mount(self) -> None:
        self.record, problem = fetch_record()
        record = self.record
        table = self.query_one("#record-table", DataTable)
        note = self.query_one("#record-note", Static)
        self.entries = list(reversed(record.entries)) if record is not None else []
        self.problem = problem or (record.problem if record is not None else "")
        self._show_totals()
        table.add_column("date", key="date")
        table.add_column("seed", key="seed")
        table.add_column("result", key="result")
        table.add_column("how", key="how")
        table.add_column("ended", key="ended")
        table.add_column("US–TR", key="points")
        for row, entry in enumerate(self.entries):
            how = entry.how
            # Cells are Text, never str: a DataTable reads a str as markup, and the record file
            # may have been edited by hand.
            table.add_row(Text(_date_text(entry.date)), Text(str(entry.seed)),
                          _result_text(entry.winner),
                          Text(WAYS_TO_END.get(how, how.replace("_", " "))),
                          Text(_entry_when(entry)), Text(_entry_points(entry)), key=str(row))
        table.display = bool(self.entries)
        if not self.entries and not self.problem:
            note.update("No campaign finished yet. Every campaign you finish is recorded here.")
        else:
            note.display = bool(self.problem)
        if self.entries:
            table.focus()

    def _show_totals(self) -> None:
        totals = self.query_one("#record-totals", Static)
        if self.problem or self.record is None:
            totals.update(Text(self.problem, style=f"bold {paint('text-error')}"))
        else:
            totals.update(totals_text(self.record))

    def repaint(self) -> None:
        self._show_totals()
        table = self.query_one("#record-table", DataTable)
        for row, entry in enumerate(self.entries):
            table.update_cell(str(row), "result", _result_text(entry.winner))

    def action_close(self) -> None:
        self.dismiss(None)
