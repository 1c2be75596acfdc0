"""The game log, the whole game in words: every die shown, the latest entries marked, and one entry
per T-bot turn (or per American turn the T-bot answered in) that opens its whole trace."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import LogEntry
from tripoli_tui.engine.turns import opens_turn_trace, turn_span_at
from tripoli_tui.tui.theme import dice_marked, paint
from tripoli_tui.tui.widgets.fitted import HangingRow
from tripoli_tui.tui.widgets.readable_list import ReadableOptionList

if TYPE_CHECKING:  # the T-bot is imported when it first answers, not with the screen
    from bot.turn_trace import TurnTrace

SIDE_BAR = {"us": "side-us", "tripolitania": "side-tripolitania", "": "muted"}
"""The colour variable of the bar beside each side's entries."""


def turn_opener_text(log: list[LogEntry], index: int) -> str:
    """The words of the log entry that opens a T-bot turn's whole trace."""
    if turn_span_at(log, index).side == d.TRIPOLITANIA:
        return "The T-bot's reasoning, its whole turn"
    return "The T-bot's answers in this turn"


def entry_row(entry: LogEntry, fresh: bool, opener: str = "") -> HangingRow:
    """One log entry in words and colour, its words going on under themselves (not back under
    its marker); fresh ones (the latest events) get a bright marker. `opener`: the words of an
    entry that opens a T-bot turn's trace."""
    bar = Text.assemble(("▶" if fresh else "▏", f"bold {paint('gold')}" if fresh
                         else paint(SIDE_BAR.get(entry.side, "muted"))))
    if entry.kind == "header":
        body = Text.assemble((entry.text, f"bold {paint('foreground')}"))
    elif entry.kind == "result":
        body = Text.assemble((entry.text, f"bold {paint('gold')}"))
    elif entry.kind == "tbot_trace":
        body = Text.assemble((opener or entry.text, paint("trace")))
        body.append("  ⏎ trace", style=f"italic {paint('muted')}")
    elif entry.kind == "dice":
        body = dice_marked(entry.text)
    else:
        body = Text(entry.text)
    if fresh and entry.kind not in ("header", "tbot_trace"):
        body.stylize("bold")
    return HangingRow(Content.from_rich_text(bar.append(" ")), Content.from_rich_text(body))


class LogPanel(ReadableOptionList):
    """The log as a list: arrows to read back, Enter on a T-bot turn opens its whole trace.

    The T-bot's decisions of one turn show as one entry (the first; the others are left out);
    `[` and `]` jump from one such entry to the next."""

    BINDINGS = [
        Binding("left_square_bracket", "jump_turn(-1)", "◀ T-bot", id="log.earlier_turn",
                tooltip="The T-bot turn before the highlighted entry"),
        Binding("right_square_bracket", "jump_turn(1)", "T-bot ▶", id="log.later_turn",
                tooltip="The T-bot turn after the highlighted entry"),
        # the game's key for the T-bot's last turn works here too (the footer has no room for it
        # beside [ and ], so the game screen hides its own while the log is read)
        Binding("v", "open_last_turn", "T-bot turn", show=False, id="log.last_turn"),
    ]

    @dataclass
    class TraceRequested(Message):
        """The player asked to read a T-bot turn's whole trace."""

        trace: TurnTrace
        title: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[LogEntry] = []
        self.rows: list[int] = []
        """The log index of each entry shown, in order."""
        self.fresh_from = 0
        self.following = True
        """Whether the newest entry is in view (kept in view when the terminal is resized)."""

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.following = new >= self.max_scroll_y - 1

    def on_resize(self) -> None:
        if self.following:
            self.call_after_refresh(self.scroll_end, animate=False)

    def _row_text(self, log: list[LogEntry], index: int, fresh: bool) -> HangingRow:
        entry = log[index]
        opener = turn_opener_text(log, index) if entry.kind == "tbot_trace" else ""
        return entry_row(entry, fresh, opener)

    def show(self, log: list[LogEntry], fresh_from: int) -> None:
        """Bring the list up to `log`; entries from `fresh_from` on are marked as the latest."""
        if len(log) == len(self.entries) and fresh_from == self.fresh_from and (
                not log or log[-1] == self.entries[-1]):
            return  # unchanged: nothing is sent to the terminal
        old = self.entries
        same_prefix = len(log) >= len(old) and (not old or log[len(old) - 1] == old[-1])
        if not same_prefix:
            self.clear_options()
            old, self.rows = [], []
        else:
            for row, i in enumerate(self.rows):
                if self.fresh_from <= i < fresh_from:
                    self.replace_option_prompt_at_index(row, self._row_text(log, i, False))
        new = [i for i in range(len(old), len(log))
               if log[i].kind != "tbot_trace" or opens_turn_trace(log, i)]
        self.add_options(Option(self._row_text(log, i, i >= fresh_from)) for i in new)
        self.rows += new
        self.entries = list(log)
        self.fresh_from = fresh_from
        if new or not same_prefix:
            self.anchor()  # the newest entry in view from the first frame it is drawn in

    def repaint(self) -> None:
        """Draw every entry again (in the colours of a new theme)."""
        for row, i in enumerate(self.rows):
            self.replace_option_prompt_at_index(row, self._row_text(self.entries, i,
                                                                    i >= self.fresh_from))

    def turn_rows(self) -> list[int]:
        """The rows that open a T-bot turn's trace, top to bottom."""
        return [row for row, i in enumerate(self.rows) if self.entries[i].kind == "tbot_trace"]

    def action_jump_turn(self, direction: int) -> None:
        """Highlight the T-bot turn before (-1) or after (1) the highlighted entry."""
        rows = self.turn_rows()
        here = self.highlighted if self.highlighted is not None else (
            len(self.rows) if direction < 0 else -1)
        ahead = [r for r in rows if r < here] if direction < 0 else [r for r in rows if r > here]
        if not ahead:
            self.notify("No earlier T-bot turn in the log." if direction < 0 else
                        "No later T-bot turn in the log.", timeout=3)
            return
        self.highlighted = ahead[-1] if direction < 0 else ahead[0]
        self.scroll_to_highlight()

    def action_open_last_turn(self) -> None:
        rows = self.turn_rows()
        if not rows:
            self.notify("The T-bot has taken no turn yet.", timeout=3)
            return
        self.highlighted = rows[-1]
        self.scroll_to_highlight()
        self.action_select()

    @on(OptionList.OptionSelected)
    def _open_trace(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = self.rows[event.option_index]
        entry = self.entries[index]
        if entry.kind == "tbot_trace":
            from bot.turn_trace import turn_at

            turn = turn_at(self.entries, index)
            if turn is None or not turn.traces:
                self.notify("This T-bot turn's trace cannot be read.", severity="warning")
                return
            self.post_message(self.TraceRequested(turn, turn.title))
        else:
            self.notify("Only T-bot turns (marked ⏎ trace) open to a trace.", timeout=3)
