"""Tribute Paid, the American deck's common card 12: its texts, requirement as an event, effect and
the heuristic player's worth."""

from __future__ import annotations

from ...core import Proc, gain_gold
from ...mechanics.movement import move_frigates
from ...state import GameState
from ..late_war import treaty_in_hand
from ..registry import COMMON, Judge, Worth
from . import active_ally, choose_active_ally, define, frigates_on_map, make_peace


def _tribute_paid(state: GameState) -> Proc[None]:
    harbor = yield from choose_active_ally(state, "tribute_paid")
    yield from move_frigates(state, 1, destination=harbor, exact=True, card="tribute_paid")
    make_peace(state, harbor)
    gain_gold(state, 2, "Tribute Paid")


def _tribute_paid_worth(state: GameState, judge: Judge) -> int | None:
    needed = (state.derne_captured and len(state.active_allies()) == 1
              and treaty_in_hand(state) and state.gold <= 8)
    return 6500 if needed else None


CARD = define("tribute_paid", "Tribute Paid", COMMON,
              "Move one American frigate into the harbor of an active ally: its corsairs return to "
              "the supply and it is at peace. Tripoli gains two gold. No battle.",
              "An active ally, and an American frigate on the map.",
              requires=(active_ally, frigates_on_map(1)), effect=_tribute_paid,
              worth=Worth(110, event=_tribute_paid_worth), number=12)
