"""A dialog showing the whole trace of one T-bot turn, read back from the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from tripoli_tui.tui.rulings import references
from tripoli_tui.tui.widgets.reasoning import decision_text, event_text, step_text

from .once import OnceModal
from .themed import FollowsTheme

if TYPE_CHECKING:
    from bot.turn_trace import TurnTrace


def trace_text(turn: TurnTrace) -> Text:
    """Every step of every decision of the turn in full, with the events between them."""
    from bot.trace import Trace

    out = Text()
    for item in turn.items:
        if isinstance(item, Trace):
            for step in item.steps:
                out.append_text(step_text(step, True))
            out.append_text(decision_text(item.decision))
            out.append("\n")
        else:
            out.append_text(event_text(item))
    return out




class TraceScreen(FollowsTheme, OnceModal[str | None]):
    """Reads a T-bot turn's whole trace; 't' asks for the flowchart with this turn's path."""

    BINDINGS = [
        Binding("escape,q", "finish", "Close"),
        Binding("t", "finish('flowchart')", "Flowchart"),
        Binding("r", "rulings", "Rulings", tooltip="The rulings this trace names"),
    ]

    def __init__(self, trace: TurnTrace, title: str) -> None:
        super().__init__()
        self.trace = trace
        self.title_text = title

    async def action_rulings(self) -> None:
        cited = references(self.trace.render())
        await self.app.run_action(f"show_ruling({' '.join(cited)!r})")

    def action_finish(self, result: str | None = None) -> None:
        self.finish(result)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="trace-box") as box:
            box.border_title = self.title_text
            box.border_subtitle = "↑↓ scroll · t flowchart · r rulings · Esc close"
            yield Static(trace_text(self.trace), id="trace-text")
        yield Footer(compact=True)

    def repaint(self) -> None:
        self.query_one("#trace-text", Static).update(trace_text(self.trace))
