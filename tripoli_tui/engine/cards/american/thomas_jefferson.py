"""Thomas Jefferson, the American deck's core card 1: its texts, requirement as an event, effect
and the heuristic player's worth."""

from __future__ import annotations

from ...core import Proc
from ...mechanics.movement import naval_movement
from ...state import GameState
from ..registry import CORE, Judge, Worth
from . import define


def _thomas_jefferson(state: GameState) -> Proc[None]:
    yield from naval_movement(state, 8, "thomas_jefferson")


JEFFERSON_EARLY = 400
"""(Heuristic player) In 1801 Thomas Jefferson's eight moves are worth this much per frigate to
place."""


def _jefferson_worth(state: GameState, judge: Judge) -> int | None:
    n = judge.misplaced()
    return (JEFFERSON_EARLY if state.year == 1801 else 150) * n if n >= 3 else 0


CARD = define("thomas_jefferson", "Thomas Jefferson", CORE,
              "Move up to eight American frigates, each from any location to any location. "
              "Battles and bombardments follow; gunboats from Malta may join.",
              effect=_thomas_jefferson,
              worth=Worth(400, event=_jefferson_worth), number=1)
