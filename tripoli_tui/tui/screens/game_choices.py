"""The player's choices on the game screen: ChoiceRoute asks the pending American decision in the
side panel (all its options, or those of one card), and turns a card chosen from the hand, a card
key (e, m, b) or a click on the map into one of its options, submitted by the screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.tui.theme import paint
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel, Offer, option_label
from tripoli_tui.tui.widgets.hand import HandPanel

from .game_keys import CARD_PLAYS

if TYPE_CHECKING:
    from tripoli_tui.engine.decisions import Choice

    from .game_host import GameHost


class ChoiceRoute:
    """Asks the player's decisions on `screen` and routes the answers to its `submit`."""

    def __init__(self, screen: GameHost) -> None:
        self.screen = screen

    def offer(self, only: Sequence[Choice] | None = None, note: Text | str = "",
              prompt: str = "") -> Offer:
        """The pending decision's options (or `only`, a subset of them) as the panel asks them."""
        game = self.screen.game
        pending = game.pending
        assert pending is not None
        options = tuple(only) if only else pending.options
        title = ("At the table" if pending.side == k.TABLE
                 else pending.kind.replace("_", " ").capitalize())
        return Offer(title, prompt or pending.prompt,
                     options, tuple(option_label(game.state, o) for o in options), note)

    def choose(self, only: Sequence[Choice] | None = None, note: Text | str = "",
               prompt: str = "") -> None:
        """Ask every legal option (or `only`, a subset of them) in the side panel."""
        screen = self.screen
        pending = screen.game.pending
        if pending is None or pending.side not in (d.US, k.TABLE) or pending.kind == k.TABLE_DICE:
            return
        screen.offer = self.offer(only, note, prompt)
        screen.redraw()
        screen.query_one(ChoicePanel).focus_options()

    def focus_answer(self, kind: str) -> None:
        """The keys to the player's answer to a decision of `kind`: the hand for the seasonal
        play, else the side panel's options (focused at once: keys may be queued)."""
        screen = self.screen
        if kind == k.AMERICAN_PLAY:
            screen.set_focus(screen.query_one("#hand-list"))
        else:
            screen.query_one(ChoicePanel).focus_options()

    def closed(self) -> None:
        """The side panel was closed unanswered: back to the hand."""
        screen = self.screen
        screen.offer = None
        screen.redraw()
        screen.query_one("#hand-list").focus()
        screen.notify("Press c to answer the decision.", timeout=3)

    def card_chosen(self, card: str) -> None:
        """A card chosen from the hand: the ways it can be used now, asked in the side panel."""
        screen = self.screen
        pending = screen.game.pending
        if screen.drilling:
            return
        if pending is None or pending.kind != k.AMERICAN_PLAY:
            screen.notify("Cards are played at the start of your turn; press c for the decision.",
                          timeout=3)
            return
        options = [o for o in pending.options if isinstance(o, k.CardChoice) and o.card == card]
        if not options:
            screen.notify(f"{d.card_name(card)} cannot be played or discarded now.",
                          severity="warning")
            return
        hand = screen.query_one(HandPanel)
        note = "" if k.PlayEvent(card) in options else Text(
            "Not an event now: " + hand.why_not(card), style=paint("text-error"))
        self.choose(options, note, f"{screen.game.state.when}: how will you use "
                                   f"{d.card_name(card)}?")

    async def card_play(self, key: str) -> None:
        """e, m or b: play the highlighted card so, or say why it cannot be."""
        screen = self.screen
        hand = screen.query_one(HandPanel)
        card = hand.focused_card
        pending = screen.game.pending
        if pending is None or pending.kind != k.AMERICAN_PLAY or not card:
            return
        choice = CARD_PLAYS[key](card)
        if choice in pending.options:
            await screen.submit(choice)
        else:
            screen.notify(hand.why_not(card, key), severity="warning")

    async def place_clicked(self, location: str) -> None:
        """A click on a place answers with the option about it, if there is exactly one."""
        screen = self.screen
        pending = screen.game.pending
        if pending is None or pending.side != d.US or screen.drilling:
            return
        if screen.offer is not None:
            if not await screen.query_one(ChoicePanel).pick_place(location):
                screen.notify(f"{d.place_name(location)} is not one of the options here.",
                              timeout=3)
            return
        matching = [o for o in pending.options
                    if isinstance(o, k.PlaceChoice) and o.location == location]
        if len(matching) == 1:
            await screen.submit(matching[0])
