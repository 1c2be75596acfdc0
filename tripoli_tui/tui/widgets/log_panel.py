"""The game log, the whole game in words: every die shown, the latest entries marked, and one entry
per T-bot turn (or per American turn the T-bot answered in) that opens its whole trace."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import LogEntry
from tripoli_tui.engine.turns import opens_turn_trace, turn_span_at
from tripoli_tui.tui.theme import dice_marked, paint
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


def entry_text(entry: LogEntry, fresh: bool, opener: str = "") -> Text:
    """One log entry in words and colour; fresh ones (the latest events) get a bright marker.
    `opener`: the words of an entry that opens a T-bot turn's trace."""
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
    return bar.append(" ").append_text(body)


class LogPanel(ReadableOptionList):
    """The log as a list: arrows to read back, Enter on a T-bot turn opens its whole trace.

    The T-bot's decisions of one turn show as one entry (the first; the others are left out)."""

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

    def _row_text(self, log: list[LogEntry], index: int, fresh: bool) -> Text:
        entry = log[index]
        opener = turn_opener_text(log, index) if entry.kind == "tbot_trace" else ""
        return entry_text(entry, fresh, opener)

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
