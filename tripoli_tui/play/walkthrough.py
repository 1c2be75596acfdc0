"""The T-bot's walkthrough: its answer to the pending decision, worked out once and revealed one
step at a time, and the notices the session gives the player. The session (play/session.py) keeps
one; the game screen shows it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.players import Player, Submitted

if TYPE_CHECKING:  # the T-bot is imported when it first answers (a faster first screen)
    from bot.trace import Trace

Severity = Literal["information", "warning", "error"]


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the player (the screen shows it as a notification)."""

    message: str
    title: str = ""
    severity: Severity = "information"
    timeout: float | None = None


class TBotFailed(Exception):
    """The T-bot could not answer; the walkthrough keeps why (its `error`)."""


class Walkthrough:
    """The T-bot's answer to the pending decision, computed once, revealed one step at a time.

    A Player: its answer is the one revealed, so walking through and playing at once agree.
    """

    def __init__(self, tbot: Player | None, notify: Callable[[Notice], None]) -> None:
        self.tbot = tbot
        """The T-bot (made on its first answer when not given)."""
        self.notify = notify
        self.pending: k.Decision | None = None
        self.move: Submitted | None = None
        self.shown = 1
        """How many items of the trace are shown: its steps, then the decision."""
        self.error = ""
        """Why the T-bot could not answer ('' when it did): the game then waits, unchanged."""

    @property
    def trace(self) -> Trace | None:
        if self.move is None:
            return None
        from bot.trace import trace_of

        return trace_of(self.move.trace)

    def revealed(self) -> Trace | None:
        """The trace as far as the walkthrough has shown it: the steps on show so far (nothing of
        what is still to come), with its decision (the whole trace once the decision is shown)."""
        trace = self.trace
        if trace is None or self.shown > len(trace.steps):
            return trace
        from bot.trace import Trace

        return Trace(trace.steps[:self.shown], trace.decision)

    def forget(self) -> None:
        self.pending, self.move, self.shown, self.error = None, None, 1, ""

    def prepare(self, game: Game) -> None:
        """Ask the T-bot about game.pending unless it has already been asked."""
        pending = game.pending
        if pending is None or pending is self.pending:
            return
        self.forget()
        self.pending = pending
        try:
            if self.tbot is None:
                from bot import TBot

                self.tbot = TBot()
            self.move = self.tbot.answer(game)
        except Exception as error:  # the T-bot must never take the game down with it
            self.error = f"{type(error).__name__}: {error}"
            self.notify(Notice(f"The T-bot could not answer ({self.error}). Nothing was played; "
                               "save the game (s) and report it.", "T-bot error", "error", 10))

    def answer(self, game: Game) -> Submitted:
        """The T-bot's move for game.pending; TBotFailed if it could not answer."""
        self.prepare(game)
        if self.move is None:
            raise TBotFailed(self.error)
        return self.move

    def step(self) -> bool:
        """Reveal one more item; False when the decision is already shown."""
        trace = self.trace
        if trace is not None and self.shown <= len(trace.steps):
            self.shown += 1
            return True
        return False

    def examined_card(self) -> str:
        """The card id of the step on show (or of the decision), '' for none."""
        trace = self.trace
        if trace is None:
            return ""
        if self.shown <= len(trace.steps):
            step = trace.steps[self.shown - 1]
            return step.card_id or _card_id(step.card)
        return _card_id(trace.decision.card)


def _card_id(name: str) -> str:
    if not name:
        return ""
    try:
        return d.card_by_name(name).id
    except KeyError:
        return ""
