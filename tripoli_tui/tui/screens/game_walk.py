"""The T-bot's turn on the game screen: WalkRoute shows it step by step (or plays it at once),
folds the rule text under the step on show, and keeps the two ways it is shown that the player
sets and the app remembers (the walkthrough, the marks on the T-bot's card tiles)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tripoli_tui.tui.messages import CardMarksSet, WalkthroughSet
from tripoli_tui.tui.widgets.reasoning import ReasoningPanel

if TYPE_CHECKING:
    from .game_host import GameHost


class WalkRoute:
    """The T-bot's turn on `screen`, and how it is shown."""

    def __init__(self, screen: GameHost) -> None:
        self.screen = screen
        self._card_marks: bool | None = None

    def next_step(self) -> None:
        """Show the T-bot's next step, or carry out the decision whose steps were all shown."""
        progress = self.screen.session.next_step()
        if progress == "shown":
            self.screen.redraw()
        elif progress == "played":
            self.screen.carry_on()

    def finish_turn(self) -> None:
        """Play the rest of the T-bot's turn at once."""
        if self.screen.session.finish_turn():
            self.screen.carry_on()

    def take_keys(self) -> None:
        """The T-bot's turn, on show in the side panel, takes the keys from the panel it hid: the
        focus left on the hand's card text or on the choices asked before gave their keys to a
        decision no longer on show (a key of the American's last offer answered the T-bot's turn
        with it). Its reasoning has them now (↑↓ scroll it); a focus on the log stays there."""
        screen = self.screen
        focused = screen.focused
        if focused is None or not all(node.display for node in focused.ancestors_with_self):
            screen.set_focus(screen.query_one(ReasoningPanel))

    def toggle_walkthrough(self) -> None:
        """Step by step or at once, from now on (and in the next games: the app remembers)."""
        screen, session = self.screen, self.screen.session
        screen.notice(session.toggle_walkthrough())
        screen.post_message(WalkthroughSet(session.walkthrough))
        if not session.walkthrough and session.tbot_to_move():
            self.finish_turn()
        else:
            screen.redraw()

    def toggle_rule(self) -> None:
        """Unfold (or fold) the rule text under the step on show."""
        panel = self.screen.query_one(ReasoningPanel)
        panel.rule_open = not panel.rule_open
        self.screen.redraw()

    @property
    def card_marks(self) -> bool:
        """Whether the T-bot's card tiles are marked: the remembered setting until the player sets
        it here (the screen leaves them out in a drill, where the player answers whether each
        card's condition holds, and in the T-bot's turn, where the walkthrough shows nothing ahead
        of its step)."""
        if self._card_marks is None:
            settings = getattr(self.screen.app, "settings", None)
            return bool(getattr(settings, "card_marks", True))
        return self._card_marks

    def toggle_card_marks(self) -> None:
        """Marks on or off, now (and in the next games: the app remembers)."""
        on = self._card_marks = not self.card_marks
        self.screen.post_message(CardMarksSet(on))
        said = ("The T-bot's cards say whether each would be played now." if on else
                "The T-bot's cards are shown without their marks.")
        if on and self.screen.drill_source:
            said += " Not while the drill is on: it asks that."
        self.screen.notify(said, title="Card marks")
        self.screen.redraw()
