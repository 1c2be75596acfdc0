"""A table campaign's moves for the board: after each decision carried out, what changed in the
program's position as instructions for the pieces and cards on the player's table, each with the
T-bot's decision that made it (its reasoning shown at the player's level). The game screen shows
them one at a time, at the player's pace (tui/screens/table_board.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tripoli_tui.engine.game import Game

if TYPE_CHECKING:
    from bot.trace import Trace

KEPT = 200
"""How many moves are kept (the made ones are dropped first)."""


@dataclass(frozen=True, slots=True)
class BoardStep:
    """One instruction for the board, and the T-bot decision it came from (None: the player's own
    choice, a die or a card at the table, or an undo)."""

    text: str
    trace: Trace | None = None


class BoardSteps:
    """The moves the table has still to make, in order, and those made."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seen = game.state.clone()
        """The position the table was last told about."""
        self.steps: list[BoardStep] = []
        self.done = 0
        """How many of `steps` the player has made."""

    @property
    def at_table(self) -> bool:
        return self.game.state.table is not None

    def note(self, trace: Trace | None = None) -> int:
        """What changed since the table was last told, as moves to make; how many."""
        if not self.at_table:
            return 0
        from .board_instructions import instructions  # (a table's only: ~1.8 ms of every start)

        state = self.game.state
        new = [BoardStep(i.text, trace) for i in instructions(self.seen, state)]
        self.seen = state.clone()
        self.steps += new
        if len(self.steps) > KEPT:
            cut = min(self.done, len(self.steps) - KEPT)
            del self.steps[:cut]
            self.done -= cut
        return len(new)

    def told(self) -> None:
        """The table already shows the position as it is now (an adjustment made to match it)."""
        self.seen = self.game.state.clone()

    @property
    def to_make(self) -> list[BoardStep]:
        return self.steps[self.done:]

    def made(self) -> None:
        """The player has made the next move on the table."""
        if self.done < len(self.steps):
            self.done += 1
