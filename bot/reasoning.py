"""What a decision's rule found, and the helpers that word its trace steps."""

from __future__ import annotations

from dataclasses import dataclass

from tripoli_tui.engine import data as d
from tripoli_tui.engine import queries as q
from tripoli_tui.engine.decisions import Choice

from . import flowchart as fc
from .trace import TraceStep


@dataclass(frozen=True, slots=True)
class Reasoning:
    """The steps a rule examined, the choice it made, and that choice in words."""

    steps: tuple[TraceStep, ...]
    choice: Choice
    summary: str


def make_step(flow: fc.FlowStep, facts: list[str], passed: bool, outcome: str, card: str = "",
              rule: str = "", title: str = "") -> TraceStep:
    """A trace step for a flowchart box (the card by id; its printed name is filled in)."""
    return TraceStep(flow.id, title or flow.title, rule or fc.step_rule(flow), tuple(facts),
                     outcome, passed, d.card_name(card) if card else "", card)


def facts_of(check: q.Check) -> list[str]:
    """A check's board facts, worded for a player."""
    return [str(f) for f in check.facts]
