"""Constantinople Demands Tribute, the American deck's common card 13: its texts, requirement as an
event, effect and the heuristic player's worth."""

from __future__ import annotations

from ... import queries as q
from ...core import log, no_decision
from ...state import GameState
from ..registry import COMMON, US, Judge, Worth
from . import define

_tripoli_has_gold = q.at_least_one("gold held by Tripoli", lambda s: s.gold)


def _demands_tribute(state: GameState) -> None:
    n = min(2, state.gold)
    state.gold -= n
    log(state, US, f"Constantinople demands tribute: Tripoli returns {n} gold "
        f"(it holds {state.gold}).")


def _demands_tribute_worth(state: GameState, judge: Judge) -> int | None:
    gold = state.gold
    return 6000 if gold >= 8 else (300 + 200 * min(2, gold) if gold >= 2 else None)


CARD = define("constantinople_demands_tribute", "Constantinople Demands Tribute", COMMON,
              "Tripoli returns two gold to the bank (one if it holds only one).",
              "Tripoli holds at least one gold.",
              requires=(_tripoli_has_gold,),
              effect=no_decision(_demands_tribute),
              worth=Worth(380, event=_demands_tribute_worth), number=13)
