"""Assault on Tripoli, the American deck's victory card 5: its texts, requirement as an event,
effect and the heuristic player's worth."""

from __future__ import annotations

from ...mechanics.assault import assault_on_tripoli
from ...state import GameState
from ..registry import CARDS, VICTORY, Judge, Worth
from . import define, fall_1805, victory_kept


def _assault_worth(state: GameState, judge: Judge) -> int | None:
    """(Heuristic player) Played when ready, with a ground force: Hamet's Army in Benghazi, or a
    battle card in hand that lands Marines for the Assault."""
    has_ground = (state.hamet_army_location() == "benghazi"
                  or any(CARDS[card].worth.assault_marines for card in state.us_hand))
    if not has_ground:
        return None
    return 9000 if judge.assault_ready() or judge.last_turn() else None


CARD = define("assault_on_tripoli", "Assault on Tripoli", VICTORY,
              "Every American frigate on the map and every gunboat sails into the harbor of Tripoli "
              "and fights until one fleet is gone; then bombardment and ground combat in Tripoli "
              "(Hamet's Army joins from Benghazi; Send in the Marines may land 3 Marines). "
              "Victory or Death!",
              "Fall 1805 or later.",
              requires=(fall_1805,), effect=assault_on_tripoli,
              worth=Worth(900, victory_kept, _assault_worth), frigates_first=True, number=5)
