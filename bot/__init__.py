"""The T-bot: Tripolitania's printed solitaire opponent, answering with a step-by-step trace."""

from .flowchart import FLOWCHART, STEPS, FlowStep
from .tbot import Answer, TBot, TBotError
from .trace import Trace, TraceDecision, TraceStep

__all__ = ["FLOWCHART", "STEPS", "Answer", "FlowStep", "TBot", "TBotError", "Trace",
           "TraceDecision", "TraceStep"]
