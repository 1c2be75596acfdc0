"""Bainbridge Supplies Intel, the American deck's common card 15: its texts, requirement as an
event, effect and the heuristic player's worth."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import Proc, ask, log
from ...decisions import BAINBRIDGE, Choice, PlayEvent, TakeCard
from ...state import GameState
from ..registry import BATTLE, CARDS, COMMON, US, Judge, Worth
from . import define, event_requirement, play_american_event


def bainbridge_candidates(s: GameState) -> list[str]:
    """Cards Bainbridge Supplies Intel may fetch: the discard pile, itself excepted."""
    cards = list(s.us_discard)
    if "bainbridge_supplies_intel" in cards:
        cards.remove("bainbridge_supplies_intel")
    return list(dict.fromkeys(cards))


def _cards_to_fetch(s: GameState) -> int:
    """Cards in the discard pile other than Bainbridge itself."""
    discard = s.us_discard
    return len(discard) - discard.count("bainbridge_supplies_intel")


_bainbridge_requirement = q.at_least_one("cards in the American discard pile", _cards_to_fetch)


def _bainbridge(state: GameState) -> Proc[None]:
    options: list[Choice] = []
    for card in bainbridge_candidates(state):
        if CARDS[card].kind != BATTLE and event_requirement(state, card):
            options.append(PlayEvent(card))
        options.append(TakeCard(card))
    choice = yield from ask(US, BAINBRIDGE,
                            "Bainbridge Supplies Intel: take a card from your discard pile, or "
                            "play it now as an event.", options, card="bainbridge_supplies_intel")
    assert isinstance(choice, (PlayEvent, TakeCard))
    state.us_discard.remove(choice.card)
    if isinstance(choice, TakeCard):
        state.us_hand.append(choice.card)
        log(state, US, f"Bainbridge: {d.card_name(choice.card)} returns to the American hand.")
    else:
        log(state, US, f"Bainbridge: {d.card_name(choice.card)} is played from the discard pile.")
        yield from play_american_event(state, choice.card)


def _bainbridge_worth(state: GameState, judge: Judge) -> int | None:
    best = max((judge.keep_value(c) for c in state.us_discard
                if c != "bainbridge_supplies_intel"), default=0)
    return best - 100


CARD = define("bainbridge_supplies_intel", "Bainbridge Supplies Intel", COMMON,
              "Take any card from the American discard pile into your hand, or play it at once as an "
              "event (its requirement must hold).",
              "A card in the American discard pile.",
              requires=(_bainbridge_requirement,), effect=_bainbridge,
              worth=Worth(240, event=_bainbridge_worth), number=15)
