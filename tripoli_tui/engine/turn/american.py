"""American play: the seasonal choice and the hand limit (each card's event is in cards/)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .. import data as d
from .. import queries as q
from ..cards.american import Condition, play_american_event
from ..cards.decks import AMERICAN
from ..core import Proc, decision, log, log_later, place_from_supply
from ..decisions import (
    AMERICAN_PLAY,
    DISCARD_CARD,
    DISCARD_TO_BUILD,
    DISCARD_TO_MOVE,
    HAND_LIMIT,
    PASS,
    PLAY_EVENT,
    Choice,
    DiscardCard,
    DiscardToBuild,
    DiscardToMove,
    PlayEvent,
)
from ..mechanics.movement import naval_movement
from ..state import GameState, LogEntry, when
from ..turns import turn_mark
from ..words import plural

US = d.US

# --- the seasonal choice ----------------------------------------------------------

def american_options(state: GameState) -> list[Choice]:
    """Every legal American play this season."""
    options: list[Choice] = []
    hand = list(dict.fromkeys(state.us_hand))
    for cards in (state.us_core, hand):  # the core cards' events first, then the hand's
        for card in cards:
            play, conditions = SEASONAL[card]
            if play is None:
                continue
            for condition in conditions:  # (stops at the first that fails: the date before counts)
                if not condition(state).ok:
                    break
            else:
                options.append(play)
    options += map(DISCARD_TO_MOVE.__getitem__, hand)
    if q.can_build_gunboat(state):
        options += map(DISCARD_TO_BUILD.__getitem__, hand)
    if not hand:
        options.append(PASS)
    return options


class _SeasonalRow(NamedTuple):
    """What an American card offers as an event in the seasonal choice."""

    play: PlayEvent | None
    """Playing it as an event (None for a battle card: never an event)."""
    conditions: tuple[Condition, ...]
    """Its requirement as an event, condition by condition (none: it always holds)."""


SEASONAL: dict[str, _SeasonalRow] = {
    card: _SeasonalRow(None if c.kind == d.BATTLE else PLAY_EVENT[card], c.conditions)
    for card, c in AMERICAN.items()}
"""Each American card's event in the seasonal play, with its requirement: the static part of
american_options, so that a season only asks the requirements that can change (a plain dict:
looked up once per card a season)."""


def hand_limit(state: GameState) -> Proc[None]:
    """Discard down to eight cards, the player choosing (only after the start-of-year draw)."""
    while len(state.us_hand) > d.HAND_LIMIT:
        excess = len(state.us_hand) - d.HAND_LIMIT
        choice = yield decision(US, HAND_LIMIT, _discard_more(excess),
                                list(map(DISCARD_CARD.__getitem__, dict.fromkeys(state.us_hand))),
                                excess=excess)
        assert isinstance(choice, DiscardCard)
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        log_later(state, US, _hand_limit_discards, (choice.card,))


@cache  # (a prompt made once per count: asked at most twice a year)
def _discard_more(excess: int) -> str:
    return f"Hand limit: discard {plural(excess, 'more card')}."


def _hand_limit_discards(card: str) -> str:
    return f"Hand limit: {d.card_name(card)} is discarded."


@cache  # (one entry per season, shared by every game's log: log entries are never changed)
def _turn_header(year: int, season: int) -> LogEntry:
    return LogEntry(year, season, US, "header", f"The American turn, {when(year, season)}.",
                    turn_mark(US))


@cache  # (a prompt made once per season, not once per game's season)
def _your_play(year: int, season: int) -> str:
    return f"{when(year, season)}: your play."


def american_play(state: GameState) -> Proc[None]:
    """The American player's seasonal turn."""
    if len(state.us_hand) > d.HAND_LIMIT:  # (no procedure started when there is nothing to do)
        yield from hand_limit(state)
    state.us_active_event = ""
    state.log.append(_turn_header(state.year, state.season))  # (log(), its entry made once)
    choice = yield decision(US, AMERICAN_PLAY, _your_play(state.year, state.season),
                            american_options(state))
    if isinstance(choice, PlayEvent):
        source = state.us_core if choice.card in state.us_core else state.us_hand
        source.remove(choice.card)
        yield from play_american_event(state, choice.card)
    elif isinstance(choice, DiscardToMove):
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        log_later(state, US, _discards_to_move, (choice.card,))
        yield from naval_movement(state, 2)
    elif isinstance(choice, DiscardToBuild):
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        place_from_supply(state, d.GUNBOAT, "malta", 1)
        log_later(state, US, _discards_to_build, (choice.card,))
    else:
        log(state, US, "The United States passes (no cards in hand).")


# (the seasonal play's commonest lines, put into words when read: see core.log_later)

def _discards_to_move(card: str) -> str:
    return f"The United States discards {d.card_name(card)} to move up to two frigates."


def _discards_to_build(card: str) -> str:
    return f"The United States discards {d.card_name(card)} and builds a gunboat in Malta."
