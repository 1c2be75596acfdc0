"""The T-bot's reasoning as records: each flowchart step it examined, then the decision it made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tripoli_tui.engine.state import SavedTrace

DECIDED = "◀ decided it"
"""How the fact that decided a step is marked, in every telling of a trace."""


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One flowchart step the T-bot examined: what it checked, the board facts, the result."""

    step: str
    """The flowchart id (bot.flowchart), e.g. 'T1', 'B6', 'H-F'."""
    title: str
    rule: str
    """The rulebook wording and the rule or ruling it comes from."""
    facts: tuple[str, ...] = ()
    """Board facts worded for a player: 'corsairs in the harbor of Tripoli: 4, needed at least 5'."""
    outcome: str = ""
    passed: bool = False
    """Whether the step's test held (so the T-bot acted on it)."""
    card: str = ""
    """The printed name of the card examined ('' for none)."""
    card_id: str = ""
    met: tuple[str, ...] = ()
    """For each fact, 'yes' or 'no' when it is one of the step's conditions (met or not), '' for a
    plain fact; () when no fact is a condition."""

    def mark(self, n: int) -> str:
        """Fact n's mark: '✔' met, '✘' not met, '' a plain fact."""
        met = self.met[n] if n < len(self.met) else ""
        return {"yes": "✔", "no": "✘"}.get(met, "")

    def heading(self) -> str:
        """The step's title as a telling of the trace heads it: the card it examined when the title
        does not name it, and its answer when it is a test ('Raid or Build: Tripoli: no')."""
        from .flowchart import is_test

        about = f" — {self.card}" if self.card and self.card != self.title else ""
        answer = (": yes" if self.passed else ": no") if is_test(self.step) else ""
        return f"{self.title}{about}{answer}"

    def fact_line(self, n: int) -> str:
        """Fact n with its mark ('·' for a plain fact): '✘ year: 1801, needed 1805 or 1806'."""
        return f"{self.mark(n) or '·'} {self.facts[n]}"

    def deciding(self) -> int:
        """The index of the fact that decided the step, -1 for none: the first condition not met
        when its test failed; the only condition when it held."""
        if not self.passed:
            return self.met.index("no") if "no" in self.met else -1
        return self.met.index("yes") if self.met.count("yes") == 1 else -1

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"step": self.step, "title": self.title}
        if self.card:
            data["card"] = self.card
        if self.card_id:
            data["card_id"] = self.card_id
        data.update(rule=self.rule, facts=list(self.facts), outcome=self.outcome,
                    passed=self.passed)
        if self.met:
            data["met"] = list(self.met)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> TraceStep:
        return cls(step=str(data["step"]), title=str(data["title"]), rule=str(data["rule"]),
                   facts=tuple(str(f) for f in data.get("facts", ())),
                   outcome=str(data.get("outcome", "")), passed=bool(data.get("passed", False)),
                   card=str(data.get("card", "")), card_id=str(data.get("card_id", "")),
                   met=tuple(str(m) for m in data.get("met", ())))


@dataclass(frozen=True, slots=True)
class TraceDecision:
    """The choice the T-bot made, as its text form and in words."""

    kind: str
    """The decision kind answered (engine.decisions)."""
    choice: str
    """The choice's text form (parses back with engine.parse_choice)."""
    summary: str
    card: str = ""
    """The printed name of the card the decision is about ('' for none)."""
    location: str = ""
    """The place the decision is about, by id: the battle's for a hit, the harbor or zone chosen
    ('' for none)."""
    asked: bool = True
    """False for a value the turn settled without asking the T-bot (a redraw, the last harbor of
    Yusuf's raids, the only zone, a hit only one ship could take, the ships left after a hit): read
    from the log by bot.turn_trace, never logged as a decision."""

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "choice": self.choice, "summary": self.summary}
        if self.card:
            data["card"] = self.card
        if self.location:
            data["location"] = self.location
        if not self.asked:
            data["asked"] = False
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> TraceDecision:
        return cls(kind=str(data["kind"]), choice=str(data["choice"]),
                   summary=str(data["summary"]), card=str(data.get("card", "")),
                   location=str(data.get("location", "")), asked=bool(data.get("asked", True)))


@dataclass(frozen=True, slots=True)
class Trace:
    """Every step the T-bot examined, in order, ending in its decision."""

    steps: tuple[TraceStep, ...]
    decision: TraceDecision

    def to_data(self) -> dict[str, Any]:
        """JSON- and TOML-safe: strings, booleans and lists only, no None."""
        return {"steps": [s.to_data() for s in self.steps], "decision": self.decision.to_data()}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Trace:
        return cls(tuple(TraceStep.from_data(s) for s in data["steps"]),
                   TraceDecision.from_data(data["decision"]))

    def render(self) -> str:
        """Plain text, as `tripoli explain` prints it, in the player's words (no box ids): each
        step's title with its answer when it is a test, its facts (✔ met, ✘ not, the one that
        decided it marked), what came of it and then its rule; last the decision."""
        lines: list[str] = []
        for s in self.steps:
            lines.append(s.heading())
            deciding = s.deciding()
            lines.extend(f"    {s.fact_line(n)}" + (f"  {DECIDED}" if n == deciding else "")
                         for n in range(len(s.facts)))
            if s.outcome:
                lines.append(f"    → {s.outcome}")
            if s.rule:
                lines.append(f"    The rule: {s.rule}")
        lines.append(self.decision_line())
        return "\n".join(lines)

    def decision_line(self) -> str:
        """The decision as `render` ends with it: 'Decision (Storms): The T-bot plays Storms.'"""
        about = f" ({self.decision.card})" if self.decision.card else ""
        return f"Decision{about}: {self.decision.summary}"


UNREADABLE = "unreadable"
"""What `trace_of` keeps in a saved trace's cache when its data is not a T-bot trace."""


def trace_of(value: object) -> Trace | None:
    """The T-bot's trace that a history entry or a `tbot_trace` log entry holds: the Trace itself,
    or, for one read from a save (engine SavedTrace), its data read into a Trace the first time it
    is asked for and kept there. None for no trace, or data that is not a T-bot trace."""
    if isinstance(value, Trace):
        return value
    if not isinstance(value, SavedTrace):
        return None
    read = value.read
    if read is None:
        data = value.data
        read = UNREADABLE
        if isinstance(data, dict):
            try:
                read = Trace.from_data(data)
            except (KeyError, TypeError, ValueError):
                pass
        value.read = read
    return read if isinstance(read, Trace) else None
