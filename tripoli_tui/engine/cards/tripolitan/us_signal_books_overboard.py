"""US Signal Books Overboard, the Tripolitan deck's battle card 22: its texts, the moment the rules
offer it, the T-bot's trigger, its effect."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import Proc, log, pick_from_hand
from ...queries import Check
from ...state import GameState
from ..registry import (
    BATTLE,
    INTERCEPTED,
    BattleUse,
)
from . import TR, define, offered


def _american_hand(state: GameState, harbor: str) -> bool:
    return bool(state.us_hand)


def _books_stand(state: GameState, harbor: str, raiders: int) -> list[tuple[str, str]]:
    problems = []
    zone = d.ZONE_OF[harbor]
    if not state.pieces[zone][d.US_FRIGATE]:
        problems.append(("mid_turn.raid", f"US Signal Books Overboard is offered after an "
                         f"American frigate's interception roll: none is in the "
                         f"{d.place_name(zone)}"))
    if not state.us_hand:
        problems.append(("cards.us_hand", "US Signal Books Overboard is offered only when "
                         "the American hand holds a card"))
    return problems


def _books_overboard(state: GameState, harbor: str) -> Proc[None]:
    card = yield from pick_from_hand(
        state, "US Signal Books Overboard: which card of your hand did the T-bot take at random?")
    state.us_discard.append(card)
    log(state, TR, f"US Signal Books Overboard: {d.card_name(card)} is discarded from "
        "the American hand.")
    return
    yield


def _signal_books(state: GameState) -> Check:
    hand = len(state.us_hand)
    return q.AllOf(
        Check(True, (offered("an American frigate made the interception roll, TB-19"),)),
        q.OneFact(state.year >= 1805, "year", state.year, "1805 or 1806"),
        q.OneFact(hand >= 1, "cards in the American hand", hand, "at least 1"))


CARD = define("us_signal_books_overboard", "US Signal Books Overboard", BATTLE,
              "Battle: after an interception roll by American frigates, a random card from the "
              "American hand goes to the discard pile.",
              "Play on the first Tripolitan Pirate Raid in 1805 or 1806.",
              rulings="TB-16, TB-19", trigger=_signal_books,
              when_played="play it (a random American card is discarded)",
              battle=BattleUse(INTERCEPTED, _american_hand, effect=_books_overboard,
                               position_problems=_books_stand), number=22, line_place=5)
