"""TimelineScreen: every turn of the campaign in a line (what the American played, what the T-bot
did), the dice that mattered, gold and frigates sunk season by season; Enter opens a T-bot turn's
whole trace (and from it the flowchart), or what the T-bot answered inside an American turn; b goes
back to the start of a turn after asking how."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...engine import data as d
from ...play.timeline import Timeline, TimelineTurn, sparkline, timeline
from ..theme import paint
from ..widgets.fitted import room_beside
from ..widgets.key_footer import KeyFooter
from .once import OnceModal
from .themed import FollowsTheme

if TYPE_CHECKING:
    from typing import Any

    from ...engine.game import Game

IN_PLACE, NEW_CAMPAIGN = "place", "new"
"""How a rollback goes on: in this campaign (the later turns kept as a branch save), or as a new
branch campaign (this one left as it stands)."""


def chart_text(line: Timeline) -> Text:
    """Gold and frigates sunk at the end of each season, as two rows of bars."""
    golds = [s[2] for s in line.seasons]
    sunk = [s[3] for s in line.seasons]
    text = Text()
    if not golds:
        text.append("No season has ended yet.", style="italic")
        return text
    text.append("Gold  ", style="bold")
    text.append(sparkline(golds, d.GOLD_TOTAL), style=paint("text-warning"))
    text.append(f"  {golds[-1]} of {d.GOLD_TOTAL}\n")
    text.append("Sunk  ", style="bold")
    text.append(sparkline(sunk, d.FRIGATES_SUNK_TO_WIN), style=paint("text-error"))
    text.append(f"  {sunk[-1]} of {d.FRIGATES_SUNK_TO_WIN} American frigates, season by season")
    return text


def turn_detail(turn: TimelineTurn, now: int) -> Text:
    """The highlighted turn: what happened, its dice, and what the keys do with it."""
    text = Text()
    text.append(f"{turn.who} turn, {turn.when}: ", style="bold")
    text.append(turn.did)
    for roll in turn.dice:
        text.append(f"\n  dice: {roll}")
    for answer in turn.answers:
        text.append(f"\n  the T-bot answered: {answer}")
    keys = []
    if turn.tbot_turn:
        keys.append("⏎ the T-bot's whole trace")
    elif turn.answers:
        keys.append("⏎ the trace of the T-bot's answers")
    if turn.start < now:
        keys.append("b back to the start of this turn")
    if keys:
        text.append(f"\n{' · '.join(keys)}", style=paint("muted"))
    return text


def short_did(turn: TimelineTurn) -> str:
    """What a side did, without naming the side (its column does)."""
    for who in ("The United States ", "The T-bot "):
        if turn.did.startswith(who):
            rest = turn.did[len(who):]
            return rest[:1].upper() + rest[1:]
    return turn.did


class RollbackDialog(OnceModal[str | None]):
    """Asks how to go back: in place, or as a new branch campaign. Returns IN_PLACE, NEW_CAMPAIGN
    or None (not going back)."""

    CSS_PATH = "timeline.tcss"
    BINDINGS = [Binding("p", "finish('place')", "In place", id="rollback.in_place"),
                Binding("n", "finish('new')", "New campaign", id="rollback.new"),
                Binding("escape", "finish", "Cancel", id="rollback.cancel")]

    def __init__(self, turn: TimelineTurn, name: str) -> None:
        super().__init__()
        self.turn = turn
        self.campaign_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="rollback-box") as box:
            box.border_title = f"Back to the {self.turn.who} turn, {self.turn.when}?"
            box.border_subtitle = "p in place · n new campaign · Esc cancel"
            yield Static(Text(
                "The game is replayed from its start to that turn, exactly as it went. Nothing "
                "is lost:\n\n"
                "p  In place: this campaign goes on from there; the turns after it are kept "
                "as a branch save of it.\n"
                f"n  As a new campaign: a branch of '{self.campaign_name}', which stays as it stands.\n\n"
                "The campaign record marks a campaign that was rolled back."), id="rollback-text")
        yield KeyFooter(palette=True)

    def action_finish(self, how: str | None = None) -> None:
        self.finish(how)


class TimelineScreen(FollowsTheme, Screen[tuple[str, int] | None]):
    """The campaign's timeline. Dismisses with (how, choices kept) to roll back, or None."""

    CSS_PATH = "timeline.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Close", id="timeline.close"),
        Binding("enter", "trace", "Trace", id="timeline.trace", priority=True,
                tooltip="What the T-bot decided in the turn highlighted, step by step"),
        Binding("b", "rollback", "Back to this turn", id="timeline.rollback",
                tooltip="Replay the campaign to the start of the turn highlighted"),
        Binding("r", "rename", "Rename", id="timeline.rename",
                tooltip="Give the campaign another name (its saves keep their files)"),
        Binding("home", "row(0)", "First turn", show=False, priority=True),
        Binding("end", "row(-1)", "Latest turn", show=False, priority=True),
    ]

    def __init__(self, game: Game, name: str, *, can_roll_back: bool = True) -> None:
        super().__init__()
        self.game = game
        self.campaign_name = name
        self.can_roll_back = can_roll_back
        self.line = timeline(game)

    def compose(self) -> ComposeResult:
        with Vertical(id="timeline-frame"):
            yield Static(Text(f"Timeline — {self.campaign_name}"), id="timeline-title")
            yield Static(chart_text(self.line), id="timeline-chart")
            yield DataTable(id="timeline-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="timeline-detail")
        yield KeyFooter(palette=True)

    def on_mount(self) -> None:
        self._fill_table(self.app.size.width)
        self.query_one("#timeline-table", DataTable).focus()
        self._show_detail()

    def on_resize(self, event: events.Resize) -> None:
        if self.line.turns and event.size.width != self._filled_for:
            self._fill_table(event.size.width)

    _filled_for = 0
    """The terminal's width the table was filled for."""

    def _fill_table(self, screen_width: int) -> None:
        """A turn a row, what happened cut (…) to the width the other columns leave in a
        terminal `screen_width` wide, its dice and T-bot answers (⚄ ⚑) kept in view: at 80
        columns they were past the table's edge, the words cut mid-word."""
        self._filled_for = screen_width
        table = self.query_one("#timeline-table", DataTable)
        cursor = table.cursor_row if table.row_count else len(self.line.turns) - 1
        table.clear(columns=True)
        for label, key in (("season", "when"), ("side", "side"), ("gold", "gold"),
                           ("sunk", "sunk"), ("what happened", "did")):
            table.add_column(label, key=key)
        scrollbar = 2 if len(self.line.turns) > 8 else 0
        room = room_beside(  # (beside 'Spring 1801', 'American', the gold, the sunk)
            min(screen_width, 130) - 2 - scrollbar,
            (("season", [t.when for t in self.line.turns]),
             ("side", [t.who for t in self.line.turns]), ("gold", ["12"]), ("sunk", ["4"])),
            table.cell_padding)
        for n, turn in enumerate(self.line.turns):
            marks = ((f"  ⚄{len(turn.dice)}" if turn.dice else "")
                     + (f"  ⚑{len(turn.answers)}" if turn.answers else ""))
            words = Text(short_did(turn), no_wrap=True)
            words.truncate(max(8, room - len(marks)), overflow="ellipsis")
            table.add_row(Text(turn.when), Text(turn.who), Text(f"{turn.gold:>2}"),
                          Text(str(turn.frigates_sunk)), words + marks, key=str(n))
        if self.line.turns:
            table.move_cursor(row=max(0, min(cursor, len(self.line.turns) - 1)))

    @on(DataTable.RowHighlighted, "#timeline-table")
    def _highlighted(self) -> None:
        self._show_detail()

    def _chosen(self) -> TimelineTurn | None:
        table = self.query_one("#timeline-table", DataTable)
        row = table.cursor_row
        return self.line.turns[row] if 0 <= row < len(self.line.turns) else None

    def _show_detail(self) -> None:
        turn = self._chosen()
        self.query_one("#timeline-detail", Static).update(
            turn_detail(turn, self.line.choices if self.can_roll_back else -1) if turn
            else Text("No turn has been played yet.", style="italic"))

    def repaint(self) -> None:
        self.query_one("#timeline-chart", Static).update(chart_text(self.line))
        self._show_detail()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_row(self, row: int) -> None:
        """Highlight the first turn (0) or the latest (-1)."""
        if self.line.turns:
            self.query_one("#timeline-table", DataTable).move_cursor(
                row=row % len(self.line.turns))

    def action_trace(self) -> None:
        turn = self._chosen()
        if turn is None or not turn.has_trace:
            self.notify("⏎ opens what the T-bot decided in a turn: highlight a T-bot turn, or an "
                        "American turn it answered in (⚑).", timeout=4)
            return
        from bot.turn_trace import tbot_turn_numbered, turn_at

        from .choice_trace import TraceScreen

        log = self.game.state.log
        trace = (tbot_turn_numbered(log, turn.tbot_turn) if turn.tbot_turn
                 else turn_at(log, turn.log_at))
        if trace is None:  # (an American turn with answers always reads as one)
            return

        def done(result: str | None) -> None:
            if result == "flowchart":
                from .flowchart import FlowchartScreen, ShownTurn

                self.app.push_screen(FlowchartScreen(turns=[ShownTurn(trace.title, trace.steps)]))

        self.app.push_screen(TraceScreen(trace, trace.title), done)

    def action_rename(self) -> None:
        if not self.can_roll_back:
            self.notify("A tutorial or a drill is not a campaign: it has no name to change.",
                        severity="warning", timeout=5)
            return
        from ... import storage
        from .campaign_name import ask_new_name

        def renamed(name: str) -> None:
            self.campaign_name = name
            self.query_one("#timeline-title", Static).update(Text(f"Timeline — {name}"))
            self.notify(f"The campaign is now “{name}”.", title="Renamed", timeout=5, markup=False)

        ask_new_name(self, self.campaign_name, lambda name: storage.rename_game(self.game, name),
                     renamed)

    def action_rollback(self) -> None:
        turn = self._chosen()
        if turn is None:
            return
        if not self.can_roll_back:
            self.notify("A tutorial or a drill is not a campaign: it cannot be rolled back.",
                        severity="warning", timeout=5)
            return
        if turn.start >= self.line.choices:
            self.notify("This is the turn in play: undo (u) takes back its choices.", timeout=5)
            return

        def answered(how: str | None) -> None:
            if how in (IN_PLACE, NEW_CAMPAIGN):
                self.dismiss((how, turn.start))

        self.app.push_screen(RollbackDialog(turn, self.campaign_name), answered)


def show_timeline(app: App[Any], game: Game, *, can_roll_back: bool = True) -> None:
    """Open the timeline of `game`; a rollback chosen there replaces the game on show."""
    from ... import storage

    def done(result: tuple[str, int] | None) -> None:
        if result is None or getattr(app, "ending", False):  # (a signal came with the answer:
            return  # the game ended as it stood, saved where the closing line says)
        how, keep = result
        try:
            back = storage.rollback(game, keep, new_campaign=how == NEW_CAMPAIGN)
        except Exception as error:  # a save that cannot be written: say so, change nothing
            app.notify(f"The campaign was not rolled back: {error}", title="Rollback",
                       severity="error", timeout=8)
            return
        open_game = getattr(app, "open_game", None)
        if callable(open_game):
            open_game(back.game)
        app.notify(back.in_words(), title="Rolled back", timeout=8, markup=False)

    app.push_screen(TimelineScreen(game, storage.game_name(game), can_roll_back=can_roll_back),
                    done)
