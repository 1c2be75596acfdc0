"""The game log, the whole game in words: every die shown, the latest entries marked, and each
T-bot decision openable to its full trace."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tripoli_tui.engine.state import LogEntry

if TYPE_CHECKING:  # the T-bot is imported when it first answers, not with the screen
    from bot.trace import Trace

DIE = re.compile(r"\[(\d)\]")
SIDE_BAR = {"us": "#5f87ff", "tripolitania": "#ff5f5f", "": "#808080"}


def entry_text(entry: LogEntry, fresh: bool) -> Text:
    """One log entry in words and colour; fresh ones (the latest events) get a bright marker."""
    bar = Text.assemble(("▶" if fresh else "▏", "bold #ffd700" if fresh else SIDE_BAR.get(entry.side, "")))
    if entry.kind == "header":
        body = Text.assemble((entry.text, "bold #ffffff"))
    elif entry.kind == "result":
        body = Text.assemble((entry.text, "bold #ffd700"))
    elif entry.kind == "tbot_trace":
        body = Text.assemble((entry.text, "#d787ff"))
        body.append("  ⏎ trace", style="dim italic")
    else:
        body = Text(entry.text)
        if entry.kind == "dice":
            for m in DIE.finditer(entry.text):
                hit = m.group(1) == "6"
                body.stylize("bold #ffffff on #af0000" if hit else "bold reverse", m.start(), m.end())
    if fresh and entry.kind not in ("header", "tbot_trace"):
        body.stylize("bold")
    return bar.append(" ").append_text(body)


class LogPanel(OptionList):
    """The log as a list: arrows to read back, Enter on a T-bot decision opens its trace."""

    @dataclass
    class TraceRequested(Message):
        """The player asked to read a T-bot decision's full trace."""

        trace: Trace
        title: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[LogEntry] = []
        self.fresh_from = 0

    def show(self, log: list[LogEntry], fresh_from: int) -> None:
        """Bring the list up to `log`; entries from `fresh_from` on are marked as the latest."""
        old = self.entries
        same_prefix = len(log) >= len(old) and (not old or log[len(old) - 1] == old[-1])
        if not same_prefix:
            self.clear_options()
            old = []
        else:
            for i in range(min(self.fresh_from, len(old)), len(old)):
                if i < fresh_from:
                    self.replace_option_prompt_at_index(i, entry_text(old[i], False))
        new = log[len(old):]
        self.add_options(
            Option(entry_text(e, i >= fresh_from)) for i, e in enumerate(new, len(old)))
        self.entries = list(log)
        self.fresh_from = fresh_from
        if new or not same_prefix:
            self.scroll_end(animate=False)

    @on(OptionList.OptionSelected)
    def _open_trace(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        entry = self.entries[event.option_index]
        if entry.kind == "tbot_trace" and entry.data:
            try:
                from bot.trace import Trace

                trace = Trace.from_data(entry.data)
            except (KeyError, TypeError, ValueError):
                self.notify("This T-bot decision's trace cannot be read.", severity="warning")
                return
            self.post_message(self.TraceRequested(trace, entry.text))
        else:
            self.notify("Only T-bot decisions (marked ⏎ trace) open to a trace.", timeout=3)
