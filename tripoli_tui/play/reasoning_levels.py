"""How much of the T-bot's reasoning a player reads beside its moves, a setting of every campaign:

    verbose   every step it examined, its facts marked ✔ met / ✘ not (as `tripoli explain` and
              the walkthrough tell it: bot.trace.Trace.render);
    concise   the decision, and the fact that decided it: two lines at the most;
    off       nothing: only the moves.
"""

from __future__ import annotations

from typing import Final, Literal

from bot.trace import Trace, TraceStep

from ..engine import data as d

Level = Literal["verbose", "concise", "off"]
LEVELS: Final[tuple[Level, ...]] = ("verbose", "concise", "off")
"""The levels, most said first."""
DEFAULT_LEVEL: Final[Level] = "verbose"


def level_of(text: str) -> Level:
    """The level a setting or an option names (any case, spaces around); ValueError naming the
    levels for anything else."""
    word = text.strip().lower()
    if word not in LEVELS:
        raise ValueError(f"no reasoning level {text!r}: it is one of {', '.join(LEVELS)}")
    return word


def reasoning_lines(trace: Trace, level: Level) -> list[str]:
    """One T-bot decision's trace told at `level`, a line a string (no line breaks inside)."""
    if level == "off":
        return []
    if level == "verbose":
        return trace.render().splitlines()
    step = deciding_step(trace)
    if step is None:
        return [trace.decision_line()]
    return [trace.decision_line(), f"{step.heading()}: {deciding_facts(step)}"]


def deciding_step(trace: Trace) -> TraceStep | None:
    """The step the decision came from: the last whose test held on conditions (about the place
    chosen, where several held: the harbors that qualify to raid), else the last that held, else
    the last examined (every test failed: the last failure decided); None without steps."""
    held = [s for s in trace.steps if s.passed]
    tested = [s for s in held if s.met]
    place = trace.decision.location
    if place in d.PLACE_NAMES:
        tested = [s for s in tested if d.place_name(place) in s.heading()] or tested
    steps = tested or held or trace.steps
    return steps[-1] if steps else None


def deciding_facts(step: TraceStep) -> str:
    """What decided a step, in a line: the fact that decided it; where no one fact did, every
    condition that went its way (all met where it held); a step with no conditions, its last fact
    (what its choice turned on: the dice rolled, the most frigates), else what came of it."""
    n = step.deciding()
    if n >= 0:
        return step.fact_line(n)
    went = "yes" if step.passed else "no"
    facts = [step.fact_line(i) for i, met in enumerate(step.met) if met == went]
    if facts:
        return "; ".join(facts)
    return step.fact_line(len(step.facts) - 1) if step.facts else f"→ {step.outcome}"
