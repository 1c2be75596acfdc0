"""GameHost: the game screen as the modules that route for it (game_*.py) see it, declared here so
that they need not import the screen itself (game.py's GameScreen is the one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .sized import SizedScreen

if TYPE_CHECKING:
    from tripoli_tui.engine.decisions import Choice
    from tripoli_tui.engine.game import Game
    from tripoli_tui.play.session import Notice, Session
    from tripoli_tui.tui.widgets.choice_panel import Offer
    from tripoli_tui.tui.widgets.tutorial_note import Tutorial


class GameHost(SizedScreen):
    """A screen that plays one game of a session: renders it and carries it on."""

    session: Session
    offer: Offer | None
    """The choices asked in the side panel (None: the hand or the T-bot's reasoning)."""
    tutorial: Tutorial | None
    """The tutorial being played (its words shown above the board), or None."""

    @property
    def game(self) -> Game:
        return self.session.game

    def notice(self, notice: Notice) -> None:
        """Say what the session has to say, as a notification."""
        self.notify(notice.message, title=notice.title, severity=notice.severity,
                    timeout=notice.timeout)

    @property
    def drilling(self) -> bool:
        """Whether a drill is on show (its questions asked beside the board)."""
        raise NotImplementedError

    @property
    def drill_source(self) -> str:
        """What the drill on is played on ('game', 'tutorial', 'random position'); '' for none."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Show the game as it stands."""
        raise NotImplementedError

    def carry_on(self) -> None:
        """Render, then do what the pending decision needs: ask, autosave, or end the game."""
        raise NotImplementedError

    async def submit(self, choice: Choice) -> None:
        """Submit a player's choice (it must be among game.pending.options), then carry on."""
        raise NotImplementedError
