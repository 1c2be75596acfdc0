"""A Show of Force, the American deck's common card 11: its texts, requirement as an event, effect
and the heuristic player's worth."""

from __future__ import annotations

from ...core import Proc
from ...mechanics.movement import move_frigates
from ...state import GameState
from ..registry import COMMON, Judge, Worth
from . import active_ally, choose_active_ally, define, frigates_on_map, make_peace


def _show_of_force(state: GameState) -> Proc[None]:
    harbor = yield from choose_active_ally(state, "a_show_of_force")
    yield from move_frigates(state, 3, destination=harbor, exact=True, card="a_show_of_force")
    make_peace(state, harbor)


def _show_of_force_worth(state: GameState, judge: Judge) -> int | None:
    return 500 + 100 * max((judge.raiding_threat(h) for h in state.active_allies()), default=0)


CARD = define("a_show_of_force", "A Show of Force", COMMON,
              "Move exactly three American frigates into the harbor of an active ally: its corsairs "
              "return to the supply and it is at peace. No battle.",
              "An active ally, and at least three American frigates on the map.",
              requires=(active_ally, frigates_on_map(3)), effect=_show_of_force,
              worth=Worth(400, event=_show_of_force_worth), number=11)
