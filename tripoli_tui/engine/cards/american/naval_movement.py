"""Naval Movement, the American deck's common card 6: its texts, requirement as an event, effect
and the heuristic player's worth."""

from __future__ import annotations

from ...core import Proc
from ...mechanics.movement import naval_movement
from ...state import GameState
from ..registry import COMMON, Worth
from . import define


def _naval_movement(state: GameState) -> Proc[None]:
    yield from naval_movement(state, 4, "naval_movement")


CARD = define("naval_movement", "Naval Movement", COMMON,
              "Move up to four American frigates, each from any location to any location. "
              "Battles and bombardments follow; gunboats from Malta may join.", copies=4,
              effect=_naval_movement,
              worth=Worth(90, event=lambda s, j: 120 * min(4, j.misplaced())), number=6)
