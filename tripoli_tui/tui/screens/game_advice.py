"""The advice on the game screen: AdviceRoute opens the advice on the pending American decision
(advice.py: each option's chance of winning) and submits the option the player plays from it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tripoli_tui.engine import data as d

if TYPE_CHECKING:
    from tripoli_tui.engine.decisions import Choice

    from .game_host import GameHost


class AdviceRoute:
    """Opens the advice over `screen`; the advice itself never changes the game."""

    def __init__(self, screen: GameHost) -> None:
        self.screen = screen

    def open(self) -> None:
        """The advice on the pending American decision, unless it is open already."""
        from .advice import AdviceScreen

        game, app = self.screen.game, self.screen.app
        pending = game.pending
        if pending is None or pending.side != d.US or isinstance(app.screen, AdviceScreen):
            return
        app.push_screen(AdviceScreen(game), self._done)

    async def _done(self, result: Choice | None) -> None:
        """The option the player played from the advice, if it is still one of the options."""
        pending = self.screen.game.pending
        if result is not None and pending is not None and result in pending.options:
            await self.screen.submit(result)
