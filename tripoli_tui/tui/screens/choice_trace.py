"""A dialog showing the whole trace of one T-bot turn, read back from the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from tripoli_tui.tui.messages import RulingsAsked
from tripoli_tui.tui.rulings import references
from tripoli_tui.tui.widgets.reasoning import RULE_KEY, decision_text, event_text, step_text

from ..widgets.fitted import HangingText
from ..widgets.key_footer import KeyFooter
from .once import OnceModal
from .themed import FollowsTheme

if TYPE_CHECKING:
    from bot.turn_trace import TurnTrace


def trace_text(turn: TurnTrace, rules: bool = False) -> Text:
    """Every step of every decision of the turn in full, its facts first, with the events between
    them; each step's rule text under its facts when `rules`."""
    from bot.trace import Trace

    out = Text()
    for item in turn.items:
        if isinstance(item, Trace):
            for step in item.steps:
                out.append_text(step_text(step, True, rules))
            out.append_text(decision_text(item.decision))
            out.append("\n")
        else:
            out.append_text(event_text(item))
    return out




FLOWCHART: Final = "flowchart"
"""What TraceScreen closes with when 't' asks for the flowchart with the turn's path."""

TraceResult = Literal["flowchart"] | None


class TraceScreen(FollowsTheme, OnceModal[TraceResult]):
    """Reads a T-bot turn's whole trace; 't' asks for the flowchart with this turn's path (it
    closes with FLOWCHART; with None otherwise)."""

    BINDINGS = [
        Binding("escape,q", "finish", "Close", id="trace.close"),
        Binding("t", "finish('flowchart')", "Flowchart", id="trace.flowchart"),
        Binding(RULE_KEY, "toggle_rules", "Rules", id="trace.rules",
                tooltip="Unfold (or fold) each step's rule text"),
        Binding("r", "rulings", "Rulings", id="trace.rulings", tooltip="The rulings this trace names"),
    ]
    rules = False
    """Whether each step's rule text is unfolded under its facts."""

    def __init__(self, trace: TurnTrace, title: str) -> None:
        super().__init__()
        self.trace = trace
        self.title_text = title

    def action_rulings(self) -> None:
        self.post_message(RulingsAsked(references(self.trace.render())))

    def action_toggle_rules(self) -> None:
        self.rules = not self.rules
        self.repaint()

    def action_finish(self, result: str | None = None) -> None:
        self.finish(FLOWCHART if result == FLOWCHART else None)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="trace-box") as box:
            box.border_title = self.title_text
            box.border_subtitle = f"↑↓ scroll · t flowchart · {RULE_KEY} rules · r rulings · Esc close"
            yield Static(HangingText(trace_text(self.trace)),
                         id="trace-text")
        yield KeyFooter(palette=True)

    def repaint(self) -> None:
        """The trace (again, with or without the rules), each fact that wraps going on under its
        own words at the dialog's width: laid out as it is drawn, so a resize too."""
        self.query_one("#trace-text", Static).update(
            HangingText(trace_text(self.trace, self.rules)))
