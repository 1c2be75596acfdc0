"""American play: the seasonal choice and the hand limit (each card's event is in cards/)."""

from __future__ import annotations

from . import data as d
from . import queries as q
from .cards.american import BATTLE_CARDS, NO_REQUIREMENT, event_requirement, play_american_event
from .core import Proc, decision, log, place_from_supply
from .decisions import (
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
from .movement import naval_movement
from .state import GameState
from .turns import turn_mark

US = d.US

# --- the seasonal choice ----------------------------------------------------------

def american_options(state: GameState) -> list[Choice]:
    """Every legal American play this season."""
    hand = dict.fromkeys(state.us_hand)
    # (the sets answer for the cards whose requirement never changes, without asking it)
    options: list[Choice] = [PLAY_EVENT[c] for c in state.us_core
                             if c in NO_REQUIREMENT or event_requirement(state, c).ok]
    options += [PLAY_EVENT[c] for c in hand if c not in BATTLE_CARDS
                and (c in NO_REQUIREMENT or event_requirement(state, c).ok)]
    options += [DISCARD_TO_MOVE[c] for c in hand]
    if q.can_build_gunboat(state):
        options += [DISCARD_TO_BUILD[c] for c in hand]
    if not hand:
        options.append(PASS)
    return options


def hand_limit(state: GameState) -> Proc[None]:
    """Discard down to eight cards, the player choosing (only after the start-of-year draw)."""
    while len(state.us_hand) > d.HAND_LIMIT:
        excess = len(state.us_hand) - d.HAND_LIMIT
        choice = yield decision(US, HAND_LIMIT,
                                f"Hand limit: discard {excess} more card{'s' if excess > 1 else ''}.",
                                [DISCARD_CARD[c] for c in dict.fromkeys(state.us_hand)],
                                excess=excess)
        assert isinstance(choice, DiscardCard)
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        log(state, US, f"Hand limit: {d.card_name(choice.card)} is discarded.")


def american_play(state: GameState) -> Proc[None]:
    """The American player's seasonal turn."""
    if len(state.us_hand) > d.HAND_LIMIT:  # (no procedure started when there is nothing to do)
        yield from hand_limit(state)
    state.us_active_event = ""
    log(state, US, f"The American turn, {state.when}.", "header", turn_mark(US))
    choice = yield decision(US, AMERICAN_PLAY, f"{state.when}: your play.",
                            american_options(state))
    if isinstance(choice, PlayEvent):
        source = state.us_core if choice.card in state.us_core else state.us_hand
        source.remove(choice.card)
        yield from play_american_event(state, choice.card)
    elif isinstance(choice, DiscardToMove):
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        log(state, US, f"The United States discards {d.card_name(choice.card)} to move up to "
            "two frigates.")
        yield from naval_movement(state, 2)
    elif isinstance(choice, DiscardToBuild):
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        place_from_supply(state, d.GUNBOAT, "malta", 1)
        log(state, US, f"The United States discards {d.card_name(choice.card)} and builds a "
            "gunboat in Malta.")
    else:
        log(state, US, "The United States passes (no cards in hand).")
