"""Asks the T-bot for its answer to a Tripolitan decision and keeps how far the walkthrough got."""

from __future__ import annotations

from typing import Any, Protocol

from textual.notifications import SeverityLevel

from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import Choice, Decision
from tripoli_tui.engine.game import Game


class Notifier(Protocol):
    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...


def _tbot_answer(game: Game, pending: Decision) -> tuple[Choice, dict[str, Any]]:
    from bot import TBot

    ans = TBot().decide(game.state, pending)
    return ans.choice, ans.trace.to_data()


class TBotDriver:
    """The T-bot's answer to the pending decision, computed once, revealed one step at a time."""

    def __init__(self) -> None:
        self.pending: Decision | None = None
        self.choice: Choice | None = None
        self.trace: dict[str, Any] | None = None
        self.shown = 1
        """How many items of the trace are shown: its steps, then the decision."""
        self.error = ""
        """Why the T-bot could not answer ('' when it did): the game then waits, unchanged."""

    def forget(self) -> None:
        self.pending, self.choice, self.trace, self.shown, self.error = None, None, None, 1, ""

    def prepare(self, game: Game, notifier: Notifier) -> None:
        """Ask the T-bot about game.pending unless it has already been asked."""
        pending = game.pending
        if pending is None or pending is self.pending:
            return
        self.forget()
        self.pending = pending
        try:
            self.choice, self.trace = _tbot_answer(game, pending)
        except Exception as error:  # the T-bot must never take the game down with it
            self.error = f"{type(error).__name__}: {error}"
            notifier.notify(f"The T-bot could not answer ({self.error}). Nothing was played; "
                            "save the game (s) and report it.", title="T-bot error",
                            severity="error", timeout=10)

    def answer(self, game: Game, notifier: Notifier) -> tuple[Choice, dict[str, Any]] | None:
        """The T-bot's choice and trace for game.pending, or None if it could not answer."""
        self.prepare(game, notifier)
        if self.choice is None or self.trace is None:
            return None
        return self.choice, self.trace

    def trace_data(self) -> dict[str, Any] | None:
        return self.trace

    def step(self) -> bool:
        """Reveal one more item; False when the decision is already shown."""
        steps = len((self.trace or {}).get("steps", []))
        if self.shown <= steps:
            self.shown += 1
            return True
        return False

    def examined_card(self) -> str:
        """The card id of the step on show (or of the decision), '' for none."""
        if self.trace is None:
            return ""
        steps = self.trace.get("steps", [])
        if self.shown <= len(steps):
            step = steps[self.shown - 1]
            return str(step.get("card_id") or _card_id(str(step.get("card", ""))))
        return _card_id(str(self.trace.get("decision", {}).get("card", "")))


def _card_id(name: str) -> str:
    if not name:
        return ""
    try:
        return d.card_by_name(name).id
    except KeyError:
        return ""
