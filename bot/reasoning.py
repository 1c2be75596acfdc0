"""What a decision's rule found, and the helpers that word its trace steps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tripoli_tui.engine import data as d
from tripoli_tui.engine import queries as q
from tripoli_tui.engine.decisions import Choice

from . import flowchart as fc
from .trace import TraceStep


class MarkedFact(str):
    """A board fact that is one of the step's conditions: its words, and whether it is met."""

    met: bool

    def __new__(cls, text: str, met: bool) -> MarkedFact:
        fact = super().__new__(cls, text)
        fact.met = met
        return fact


def marked(text: str, met: bool) -> MarkedFact:
    """A condition's fact in words, met or not (✔/✘ where a player reads it)."""
    return MarkedFact(text, met)


@dataclass(frozen=True, slots=True)
class Reasoning:
    """The steps a rule examined, the choice it made, and that choice in words."""

    steps: tuple[TraceStep, ...]
    choice: Choice
    summary: str


def make_step(flow: fc.FlowStep, facts: Sequence[str], passed: bool, outcome: str, card: str = "",
              rule: str = "", title: str = "") -> TraceStep:
    """A trace step for a flowchart box (the card by id; its printed name is filled in). The facts
    that are conditions (`MarkedFact`) keep whether each was met."""
    met = tuple(("yes" if f.met else "no") if isinstance(f, MarkedFact) else "" for f in facts)
    return TraceStep(flow.id, title or flow.title, rule or fc.step_rule(flow),
                     tuple(str(f) for f in facts), outcome, passed,
                     d.card_name(card) if card else "", card, met if any(met) else ())


def facts_of(check: q.Check) -> list[str]:
    """A check's board facts, worded for a player; each condition (a fact saying what it needs)
    marked met or not, by the part of the check it belongs to."""
    met = {c.fact: c.met for c in check.conditions()}
    return [marked(str(f), met[f]) if f in met else str(f) for f in check.facts]
