"""The battle cards offered at their moments: each side's offer of a card, and every card of a
moment offered in turn, with what the played ones add to the roll (`Played`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .. import data as d
from ..cards.registry import Card, battle_cards_at
from ..core import (
    Proc,
    decision,
    log,
    log_later,
)
from ..decisions import (
    BATTLE_CARD,
    DECLINE,
    PLAY_BATTLE_CARD,
    Decline,
)
from ..state import GameState

US, TR = d.US, d.TRIPOLITANIA


def offer_us_battle_card(state: GameState, card: str, why: str) -> Proc[bool]:
    """Offer an American battle card from the hand; True if played (it leaves the game)."""
    if card not in state.us_hand:
        return False
    choice = yield decision(US, BATTLE_CARD, _play_it(why, card),
                            (PLAY_BATTLE_CARD[card], DECLINE), card=card)
    if isinstance(choice, Decline):
        return False
    state.us_hand.remove(card)
    state.us_removed.append(card)
    log(state, US, f"The United States plays the battle card {d.card_name(card)}.")
    return True


def offer_tbot_battle_card(state: GameState, card: str, why: str) -> Proc[bool]:
    """Offer a card of the T-bot's battle card line; True if played (it leaves the game)."""
    if card not in state.battle_card_line:
        return False
    choice = yield decision(TR, BATTLE_CARD, _play_it(why, card),
                            (PLAY_BATTLE_CARD[card], DECLINE), card=card)
    if isinstance(choice, Decline):
        return False
    state.battle_card_line.remove(card)
    state.tbot_removed.append(card)
    log_later(state, TR, _tbot_plays_battle_card, (card,))
    return True


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
class Played:
    """The battle cards played at one moment, and what they add to its rolls.

    (Made like the card types, engine/cards/registry.py: no slots, no value equality, repr or
    match arguments, which nothing uses and which cost their making at every start.)"""

    cards: tuple[Card, ...] = ()

    def _bonus(self, field: str) -> int:
        return sum(getattr(c.battle.bonus, field) for c in self.cards if c.battle is not None)

    @property
    def frigate_dice(self) -> int:
        return self._bonus("frigate_dice")

    @property
    def american_dice(self) -> int:
        return self._bonus("american_dice")

    @property
    def tripoli_dice(self) -> int:
        return self._bonus("tripoli_dice")

    @property
    def marine_dice(self) -> int:
        return self._bonus("marine_dice")

    @property
    def marine_hit(self) -> int:
        """The least die a Marine hits on (6 unless a card says less)."""
        return min((c.battle.bonus.marine_hit for c in self.cards
                    if c.battle is not None and c.battle.bonus.marine_hit), default=6)


NOTHING_PLAYED = Played()


def offer_battle_cards(state: GameState, moment: str, why: str, place: str = "") -> Proc[Played]:
    """Offer every battle card of this moment that it offers (in printed order: the American
    hand's, then the T-bot's battle card line); each one played does its effect at once."""
    played: list[Card] = []
    for card in battle_cards_at(moment):
        use = card.battle
        assert use is not None
        if use.offered_if is not None and not use.offered_if(state, place):
            continue
        offer = offer_us_battle_card if card.deck == US else offer_tbot_battle_card
        if (yield from offer(state, card.id, why)):
            played.append(card)
            if use.effect is not None:
                yield from use.effect(state, place)
    return Played(tuple(played)) if played else NOTHING_PLAYED


@cache  # (prompts are made once per value: a battle card is offered a few times a game)
def _play_it(why: str, card: str) -> str:
    return f"{why} Play {d.card_name(card)}?"


def _tbot_plays_battle_card(card: str) -> str:
    return f"The T-bot plays the battle card {d.card_name(card)}."
