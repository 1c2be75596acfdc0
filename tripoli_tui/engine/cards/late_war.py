"""The heuristic American player's readings of the late war, which several cards' worths share
(engine/cards/registry.Worth): whether the Treaty is in hand or in reach, whether a Tripolitan
frigate is all that stands in its way, whether the Assault is still to come, and the keep values
of the cards kept for the Treaty or the Assault in 1805-1806.

They are about the two victory cards (and Hamet's Army, which the Treaty needs): this is the one
module besides those cards' files that names them (tests/engine/test_card_files.py allows it)."""

from __future__ import annotations

from collections.abc import Callable

from .. import data as d
from ..state import GameState
from .registry import Judge

NO_USE = 20
"""(Heuristic player) What a card is worth kept when its event will not be played: the cards
of Hamet's Army (the army is never raised: see the Treaty's keep) and the Treaty without
Derne."""


def in_reach(state: GameState, card: str) -> bool:
    """(Heuristic player) The card is in hand or still to be drawn (the pile's contents are
    known, not its order)."""
    return card in state.us_hand or card in state.us_draw


def treaty_in_reach(state: GameState) -> bool:
    """(Heuristic player) The Treaty is in hand or still to be drawn, and Derne is captured or
    Hamet's Army is on the map to take it (the player does not raise the army)."""
    return (in_reach(state, "treaty_of_peace_and_amity")
            and (state.derne_captured or bool(state.hamet_army_location())))


def treaty_in_hand(state: GameState) -> bool:
    """(Heuristic player) The Treaty is in the American hand."""
    return "treaty_of_peace_and_amity" in state.us_hand


def frigate_blocks_treaty(state: GameState) -> bool:
    """(Heuristic player) Derne captured, the Treaty in hand, and a Tripolitan frigate in
    Tripoli's harbor: the frigate is the last obstacle."""
    return (state.derne_captured and treaty_in_hand(state)
            and state.pieces["tripoli"][d.TRIPOLITAN_FRIGATE] > 0)


def assault_to_come(state: GameState) -> bool:
    """(Heuristic player) The Assault is neither played (a played Assault leaves the game) nor
    being played."""
    return (state.us_active_event != "assault_on_tripoli"
            and "assault_on_tripoli" not in state.us_removed)


def frigate_window(state: GameState, judge: Judge) -> bool:
    """(Heuristic player) A Tripolitan frigate driven off now stays away until the Treaty can be
    played: in 1806 a damaged frigate leaves the game (not on the last turn: no turn would
    follow); in Fall 1805 it is away for Winter, worth it once the allies are at peace; before,
    it comes back."""
    if judge.last_turn():
        return False
    return state.year == 1806 or ((state.year, state.season) == (1805, 2)
                                  and not state.active_allies())


def kept_for_the_treaty(value: int) -> Callable[[GameState], int | None]:
    """(Heuristic player) A card that can rid Tripoli's harbor of a frigate is worth `value`
    kept in 1805-1806 while the Treaty is in reach (a Tripolitan frigate there, sent by
    Constantinople when Derne falls, is what most often stands between a player holding the
    Treaty and his victory)."""
    def keep_now(state: GameState) -> int | None:
        return value if state.year >= 1805 and treaty_in_reach(state) else None
    return keep_now


def kept_for_the_assault(value: int) -> Callable[[GameState], int | None]:
    """(Heuristic player) One of the Assault's battle cards is worth `value` kept in 1805-1806
    while the Assault is in hand or pile (a card discarded then is not seen again)."""
    def keep_now(state: GameState) -> int | None:
        return value if state.year >= 1805 and in_reach(state, "assault_on_tripoli") else None
    return keep_now


def spent_in_1806(state: GameState) -> int | None:
    """(Heuristic player) A card of no use in 1806 (no following year; the blockade no longer
    decides the war) is worth nothing kept then."""
    return 0 if state.year == 1806 else None
