"""A dialog showing the full trace of one T-bot decision, read back from the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from tripoli_tui.widgets.reasoning import decision_text, step_text

from .once import OnceModal

if TYPE_CHECKING:
    from bot.trace import Trace


def trace_text(trace: Trace) -> Text:
    """Every step of a trace in full, then the decision."""
    out = Text()
    for step in trace.steps:
        out.append_text(step_text(step, True))
    out.append_text(decision_text(trace.decision))
    return out




class TraceScreen(OnceModal[str | None]):
    """Reads a T-bot trace; 't' asks for the flowchart with this trace's path."""

    BINDINGS = [
        Binding("escape,q", "finish", "Close"),
        Binding("t", "finish('flowchart')", "Flowchart"),
    ]

    def __init__(self, trace: Trace, title: str) -> None:
        super().__init__()
        self.trace = trace
        self.title_text = title

    def action_finish(self, result: str | None = None) -> None:
        self.finish(result)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="trace-box") as box:
            box.border_title = self.title_text
            box.border_subtitle = "↑↓ scroll · t flowchart · Esc close"
            yield Static(trace_text(self.trace))
        yield Footer(compact=True)
