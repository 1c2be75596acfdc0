"""Ask the T-bot about the decision an engine procedure is waiting on, from an explicit position."""

from __future__ import annotations

from collections.abc import Sequence

from bot import TBot, Trace
from tests.engine.positions import drive
from tripoli_tui.engine.core import Proc
from tripoli_tui.engine.decisions import Choice, Decision
from tripoli_tui.engine.game import Move
from tripoli_tui.engine.state import GameState

TBOT = TBot()


def ask_tbot(state: GameState, proc: Proc[object], script: Sequence[Choice | str] = ()
             ) -> tuple[Decision, Move[Trace]]:
    """Run `proc` through `script`, then return the pending decision and the T-bot's answer."""
    run = drive(state, proc, script)
    assert run.pending is not None, "the procedure finished without asking anything"
    before = repr(state)
    answer = TBOT.decide(state, run.pending)
    assert repr(state) == before, "the T-bot changed the state"
    assert answer.choice in run.pending.options
    return run.pending, answer


def ids(answer: Move[Trace]) -> list[str]:
    return [s.step for s in answer.trace.steps]


def bot_plays(state: GameState, proc: Proc[object]) -> list[tuple[Decision, Move[Trace]]]:
    """Run `proc` to its end with the T-bot answering every decision (all must be Tripolitan)."""
    asked: list[tuple[Decision, Move[Trace]]] = []
    try:
        decision = proc.send(None)  # type: ignore[arg-type]
        while True:
            answer = TBOT.decide(state, decision)
            asked.append((decision, answer))
            decision = proc.send(answer.choice)
    except StopIteration:
        return asked
