"""Swedish Frigates Arrive, the American deck's core card 2: its texts, requirement as an event,
effect and the heuristic player's worth."""

from __future__ import annotations

from ... import data as d
from ...core import log, no_decision, place_from_supply
from ...state import GameState
from ...words import agree
from ..registry import CORE, US, Judge, Worth
from . import define


def _swedish_frigates(state: GameState) -> None:
    n = place_from_supply(state, d.SWEDISH_FRIGATE, "tripoli_patrol_zone", 2)
    log(state, US, f"{d.pieces_name(d.SWEDISH_FRIGATE, n)} {agree(n, 'arrives', 'arrive')} in the "
        "Tripoli patrol zone.")


SWEDES_UNTIL = 1802
"""(Heuristic player) The last year the Swedish frigates are worth sending (Sweden pays tribute
from 1803)."""


def _swedes_worth(state: GameState, judge: Judge) -> int | None:
    early = state.year <= SWEDES_UNTIL or "sweden_pays_tribute" not in state.event_card_line
    return 650 if early else None


CARD = define("swedish_frigates_arrive", "Swedish Frigates Arrive", CORE,
              "Place the two Swedish frigates in the Tripoli patrol zone. They only intercept "
              "corsairs leaving Tripoli (2 dice each) and never move or fight.",
              effect=no_decision(_swedish_frigates),
              worth=Worth(event=_swedes_worth), number=2)
