"""Corsairs Confiscated, the American deck's unique card 17: its texts, requirement as an event,
effect and the heuristic player's worth."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import log, no_decision, to_supply
from ...state import GameState
from ..registry import UNIQUE, US, Judge, Worth
from . import define

_confiscated_requirement = q.at_least_one("Tripolitan corsairs in Gibraltar",
                                            lambda s: s.pieces["gibraltar"][d.CORSAIR])


def _confiscated(state: GameState) -> None:
    n = to_supply(state, d.CORSAIR, "gibraltar", state.pieces["gibraltar"][d.CORSAIR])
    log(state, US, f"{d.pieces_name(d.CORSAIR, n)} confiscated in Gibraltar.")
    if "murad_reis_breaks_out" in state.event_card_line:
        state.event_card_line.remove("murad_reis_breaks_out")
        state.tbot_removed.append("murad_reis_breaks_out")
        log(state, US, "Murad Reis Breaks Out is removed from the T-bot's event card line.")


CONFISCATED = 300
"""(Heuristic player) What Corsairs Confiscated gains, before 150 a corsair in Gibraltar."""


def _confiscated_kept(state: GameState) -> int | None:
    return None if state.pieces["gibraltar"][d.CORSAIR] else 10


def _confiscated_worth(state: GameState, judge: Judge) -> int | None:
    return CONFISCATED + 150 * state.pieces["gibraltar"][d.CORSAIR]


CARD = define("corsairs_confiscated", "Corsairs Confiscated", UNIQUE,
              "Every corsair in the harbor of Gibraltar returns to the supply, and Murad Reis Breaks "
              "Out is removed from the game.",
              "A Tripolitan corsair in the harbor of Gibraltar.",
              requires=(_confiscated_requirement,), effect=no_decision(_confiscated),
              worth=Worth(200, _confiscated_kept, _confiscated_worth), number=17)
