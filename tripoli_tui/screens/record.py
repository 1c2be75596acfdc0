"""RecordScreen: every finished campaign, with win/loss/draw totals."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from ..engine import data as d
from ..engine.core import WAYS_TO_END

RESULT_WORDS = {"us": ("won", "bold green"), "tripolitania": ("lost", "bold red"),
                "draw": ("draw", "bold yellow")}


def fetch_record() -> tuple[Any | None, str]:
    """The campaign record, or (None, what went wrong)."""
    try:
        from .. import storage

        return storage.read_record(), ""
    except Exception as exc:
        return None, f"Could not read the campaign record ({str(exc) or type(exc).__name__})."


def _date_text(value: Any) -> str:
    if isinstance(value, datetime):
        return f"{value.day} {value:%b %Y}"
    if isinstance(value, int | float):
        try:
            return f"{datetime.fromtimestamp(value):%d %b %Y}"
        except (OverflowError, OSError, ValueError):
            return "?"
    return str(value or "?")


def _result_text(result: Any) -> Text:
    key = str(result or "").casefold()
    words, style = RESULT_WORDS.get(key, (str(result or "?"), ""))
    return Text(words, style=style)


def _entry_points(entry: Any) -> str:
    if hasattr(entry, "us_points") and hasattr(entry, "tripolitan_points"):
        return f"{entry.us_points}–{entry.tripolitan_points}"
    return _points_text(getattr(entry, "points", None))


def _entry_when(entry: Any) -> str:
    year, season = getattr(entry, "year", None), getattr(entry, "season", None)
    if year is None:
        return ""
    name = d.SEASONS[season].capitalize() if isinstance(season, int) and 0 <= season < 4 else ""
    return f"{name} {year}".strip()


def _points_text(points: Any) -> str:
    if isinstance(points, list | tuple) and len(points) == 2:
        return f"{points[0]}–{points[1]}"
    if isinstance(points, dict):
        us, tr = points.get("us", points.get("us_points")), points.get(
            "tripolitania", points.get("tripolitan_points"))
        return f"{us}–{tr}"
    return "" if points is None else str(points)


def totals_text(record: Any) -> Text:
    wins = int(getattr(record, "wins", 0) or 0)
    losses = int(getattr(record, "losses", 0) or 0)
    draws = int(getattr(record, "draws", 0) or 0)
    played = wins + losses + draws
    text = Text()
    text.append(f"{wins} won", style="bold green")
    text.append(" · ")
    text.append(f"{losses} lost", style="bold red")
    text.append(" · ")
    text.append(f"{draws} drawn", style="bold yellow")
    text.append(f"   ({played} campaign{'s' if played != 1 else ''} finished)")
    return text


class RecordScreen(ModalScreen[None]):
    """The campaign record. Dismisses with None."""

    CSS_PATH = "record.tcss"
    BINDINGS = [Binding("escape", "close", "Close", id="record.close"),
                Binding("q", "close", "Close", show=False, id="record.close_q")]

    def compose(self) -> ComposeResult:
        with Vertical(id="record-frame"):
            yield Static("Campaign record", id="record-title")
            yield Static("", id="record-totals")
            yield DataTable(id="record-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="record-note")
            yield Footer()

    def on_mount(self) -> None:
        record, problem = fetch_record()
        table = self.query_one("#record-table", DataTable)
        note = self.query_one("#record-note", Static)
        entries = list(getattr(record, "entries", None) or []) if record is not None else []
        problem = problem or str(getattr(record, "problem", "") or "")
        if problem:
            self.query_one("#record-totals", Static).update(Text(problem, style="bold red"))
        else:
            self.query_one("#record-totals", Static).update(totals_text(record))
        table.add_column("date", key="date")
        table.add_column("seed", key="seed")
        table.add_column("result", key="result")
        table.add_column("how", key="how")
        table.add_column("ended", key="ended")
        table.add_column("US–TR", key="points")
        for entry in reversed(entries):
            how = str(getattr(entry, "how", "") or "")
            winner = getattr(entry, "winner", None) or getattr(entry, "result", "")
            table.add_row(_date_text(getattr(entry, "date", "")), str(getattr(entry, "seed", "")),
                          _result_text(winner), WAYS_TO_END.get(how, how.replace("_", " ")),
                          _entry_when(entry), _entry_points(entry))
        table.display = bool(entries)
        if not entries and not problem:
            note.update("No campaign finished yet. Every campaign you finish is recorded here.")
        else:
            note.display = bool(problem)
        if entries:
            table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
