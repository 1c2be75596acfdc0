"""The T-bot: Tripolitania's printed solitaire opponent, answering with a step-by-step trace."""

from .flowchart import FLOWCHART, STEPS, FlowStep
from .tbot import TBot, TBotError
from .trace import Trace, TraceDecision, TraceStep, trace_of

__all__ = ["FLOWCHART", "STEPS", "FlowStep", "TBot", "TBotError", "Trace", "TraceDecision",
           "TraceStep", "trace_of"]
