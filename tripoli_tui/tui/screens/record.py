"""RecordScreen: every campaign, finished or not (name, seed, started, last played, result or where
it stands, rollbacks used), with the win/loss/draw totals and the drills' scores."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...engine.words import plural
from ..theme import paint
from ..widgets.fitted import room_beside
from ..widgets.key_footer import KeyFooter
from .themed import FollowsTheme

if TYPE_CHECKING:
    from ...storage import CampaignRecord, CampaignRow, CampaignSaves

RESULT_WORDS = {"us": ("won", "text-success"), "tripolitania": ("lost", "text-error"),
                "draw": ("draw", "text-warning"), "": ("playing", "text-primary")}
"""Each result in a word, and the colour variable it is written in."""


def fetch_record() -> tuple[CampaignRecord | None, str]:
    """The campaign record, or (None, what went wrong)."""
    try:
        from ... import storage

        return storage.read_record(), ""
    except Exception as exc:
        return None, f"Could not read the campaign record ({str(exc) or type(exc).__name__})."


def fetch_campaigns() -> list[CampaignSaves]:
    """The campaigns with saves in the save folder (none if they cannot be read: the record's
    finished campaigns are still shown)."""
    try:
        from ... import storage

        campaigns: list[CampaignSaves] = storage.list_campaigns()[0]
        return campaigns
    except Exception:
        return []


def _date_text(value: datetime) -> str:
    return f"{value.day} {value:%b %Y}"


def _result_text(winner: str) -> Text:
    words, colour = RESULT_WORDS.get(winner.casefold(), (winner or "?", ""))
    return Text(words, style=f"bold {paint(colour)}" if colour else "")


NAME_WIDTH = 24
"""The widest a campaign's name is shown (longer ones end in '…'), room allowing."""
NAME_LEAST = 12
"""The narrowest the name column gets in a narrow terminal."""


def _name_text(row: CampaignRow, width: int = NAME_WIDTH) -> Text:
    """The name (cut to `width`, or NAME_WIDTH, with '…'), then what sets the campaign apart, its
    seed unless the name says it, at the table, hidden discards: on as many lines as `width`
    needs."""
    cut = min(width, NAME_WIDTH)
    text = Text(row.name if len(row.name) <= cut else row.name[:cut - 1] + "…", style="bold")
    tags = [] if row.name.startswith(f"Seed {row.seed}") else [f"seed {row.seed}"]
    if row.table:
        tags.append("at the table")
    if row.hidden_discard:
        tags.append("hidden discards")
    line = ""
    for tag in tags:
        joined = f"{line} · {tag}" if line else tag
        if line and len(joined) > width:
            text.append("\n" + line, style="not bold")
            joined = tag
        line = joined
    if line:
        text.append("\n" + line, style="not bold")
    return text


def _dates_text(row: CampaignRow) -> Text:
    from ...storage.identity import started_text
    from .load import played_text

    return Text(f"{started_text(row.started) or '—'}\nplayed {played_text(row.played)}")


def _standing_text(row: CampaignRow) -> Text:
    text = Text(row.standing)
    if row.points:
        text.append(f"\npoints {row.points}")
    return text


def _rollbacks_text(row: CampaignRow) -> Text:
    return Text(f"{row.rollbacks}×" if row.rollbacks else "—",
                style=f"bold {paint('text-warning')}" if row.rollbacks else "")


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
        text.append_text(course_text(record))
    if played:
        text.append("\n")
        text.append_text(beside_the_odds(record.wins, played))
    best = challenges_text(record)
    if best:
        text.append("\n")
        text.append_text(best)
    return text


def course_text(record: CampaignRecord) -> Text:
    """The course's boxes mastered (8 or more right of their last ten), '' before any answer."""
    from bot.flowchart import FLOWCHART
    from tripoli_tui.play.course import MASTERED, MASTERY_SPAN, mastered, mastery

    answers = record.box_answers
    if not answers:
        return Text()
    scores = [mastery(answers, box.id) for box in FLOWCHART]
    done = sum(1 for score in scores if mastered(*score))
    tried = sum(1 for _, asked in scores if asked)
    return Text(f"\nThe T-bot's boxes: {done} of {len(FLOWCHART)} mastered ({MASTERED}+ of their "
                f"last {MASTERY_SPAN} right), {tried} tried")


PUBLISHED_WIN_RATES = {"heuristic": 0.65519, "random": 0.0}
"""The American's win rate against the T-bot over 100,000 seeded games of each player the game
ships (docs/tbot-odds.md; a test holds the two the same)."""


def beside_the_odds(wins: int, played: int) -> Text:
    """The player's own win rate, with its 95% interval, beside the published ones."""
    from tripoli_tui.play.simulate import win_rate

    rate = win_rate(wins, played)
    text = Text(f"You win {rate['rate']:.0%}", style="bold")
    text.append(f" (95%: {rate['low']:.0%}–{rate['high']:.0%}) · published: heuristic player "
                f"{PUBLISHED_WIN_RATES['heuristic']:.1%}, random {PUBLISHED_WIN_RATES['random']:.0%}")
    return text


def challenges_text(record: CampaignRecord, shown: int = 3) -> Text:
    """The best result of each challenge played (each deal a code gives: a campaign begun from
    the printed setup, not at a table: the American win with the most points, else the most
    points), the one bettered last first."""
    from tripoli_tui.play.challenge import Deal, challenge_code

    best: dict[str, tuple[tuple[bool, int], str]] = {}
    for entry in record.entries:
        if entry.start != "setup" or entry.table:
            continue
        code = challenge_code(Deal(entry.seed, entry.hidden_discard))
        score = (entry.winner.casefold() == "us", entry.us_points)
        if code not in best or best[code][0] < score:
            best.pop(code, None)  # (set again: the challenge bettered last is listed first)
            best[code] = (score, f"{entry.us_points}–{entry.tripolitan_points}")
    if not best:
        return Text()
    latest = list(best.items())[-shown:][::-1]
    text = Text("Best of each challenge: ", style="bold")
    text.append(" · ".join(f"{code} {points}" for code, (_, points) in latest))
    if len(best) > shown:
        text.append(f" (and {len(best) - shown} more)")
    return text


class RecordScreen(FollowsTheme, ModalScreen[None]):
    """The record of every campaign. Dismisses with None."""

    CSS_PATH = "record.tcss"
    BINDINGS = [Binding("escape", "close", "Close", id="record.close"),
                Binding("q", "close", "Close", show=False, id="record.close_q")]

    def __init__(self) -> None:
        super().__init__()
        self.record: CampaignRecord | None = None
        self.rows: list[CampaignRow] = []
        """The campaigns listed: those with saves, played last first, then the finished ones
        whose saves are gone (row n of the table is rows[n])."""
        self.problem = ""
        self._filled_for = 0
        """The terminal's width the table was filled for."""

    def compose(self) -> ComposeResult:
        with Vertical(id="record-frame"):
            yield Static("Campaign record", id="record-title")
            yield Static("", id="record-totals")
            yield DataTable(id="record-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="record-note")
            yield KeyFooter(palette=True)

    def on_mount(self) -> None:
        from ...storage.campaigns import campaign_rows

        self.record, problem = fetch_record()
        record = self.record
        table = self.query_one("#record-table", DataTable)
        note = self.query_one("#record-note", Static)
        self.problem = problem or (record.problem if record is not None else "")
        if record is not None:
            self.rows = campaign_rows(fetch_campaigns(), record)
        self._show_totals()
        self._fill_table(self.app.size.width)
        table.display = bool(self.rows)
        if not self.rows and not self.problem:
            note.update("No campaign yet. Every campaign you play is recorded here, finished "
                        "or not.")
        else:
            note.update(Text("↶ how many times a campaign was rolled back to an earlier turn",
                             style="italic") if not self.problem else "")
            note.display = bool(self.rows) or bool(self.problem)
        if self.rows:
            table.focus()

    def _fill_table(self, screen_width: int) -> None:
        """The campaigns in the table, the names given the width the other columns leave in a
        terminal `screen_width` wide (at 80 columns a long name and its tags went past the
        frame's edge, the last column out of sight)."""
        self._filled_for = screen_width
        table = self.query_one("#record-table", DataTable)
        cursor = table.cursor_row
        table.clear(columns=True)
        table.add_column("campaign", key="name")
        table.add_column("started", key="dates")
        table.add_column("result", key="result")
        table.add_column("ended · stands", key="standing")
        table.add_column("↶", key="rollbacks")
        # Cells are Text, never str: a DataTable reads a str as markup, and the record file may
        # have been edited by hand.
        others = [[_dates_text(row), _result_text(row.winner), _standing_text(row),
                   _rollbacks_text(row)] for row in self.rows]
        inner = min(screen_width, 90) - 4  # (the frame's border and padding: record.tcss)
        scrollbar = 2 if 2 * len(self.rows) > 15 else 0  # (16 rows tall at most, the header one)
        beside = [(header, [cells[n] for cells in others])
                  for n, header in enumerate(("started", "result", "ended · stands", "↶"))]
        width = max(NAME_LEAST, room_beside(inner - scrollbar, beside, table.cell_padding))
        for n, (row, cells) in enumerate(zip(self.rows, others, strict=True)):
            name = _name_text(row, width)
            table.add_row(name, *cells, key=str(n), height=max(2, len(name.split())))
        if self.rows:
            table.move_cursor(row=min(cursor, len(self.rows) - 1))

    def on_resize(self, event: events.Resize) -> None:
        if self.rows and event.size.width != self._filled_for:
            self._fill_table(event.size.width)

    def _show_totals(self) -> None:
        totals = self.query_one("#record-totals", Static)
        if self.problem or self.record is None:
            totals.update(Text(self.problem, style=f"bold {paint('text-error')}"))
        else:
            totals.update(totals_text(self.record))

    def repaint(self) -> None:
        self._show_totals()
        table = self.query_one("#record-table", DataTable)
        for n, row in enumerate(self.rows):
            table.update_cell(str(n), "result", _result_text(row.winner))
            table.update_cell(str(n), "rollbacks", _rollbacks_text(row))

    def action_close(self) -> None:
        self.dismiss(None)
