"""Hamet Recruits Bedouins, the American deck's common card 14: its texts, requirement as an event,
effect and the heuristic player's worth."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import log, no_decision, place_from_supply
from ...queries import Check
from ...state import GameState
from ..late_war import NO_USE
from ..registry import COMMON, US, Judge, Worth
from . import define


def _army_on_map(s: GameState) -> Check:
    return _army_on_map_check(s.hamet_army_location())


@cache
def _army_on_map_check(where: str) -> Check:
    return q.OneFact(bool(where), "Hamet's Army", lambda: q.army_place(where), "on the map")


_arabs_in_supply = q.at_least_one("Arab infantry in the supply",
                                    lambda s: s.pieces[d.US_SUPPLY][d.ARAB_INFANTRY])


def _recruits(state: GameState) -> None:
    where = state.hamet_army_location()
    n = place_from_supply(state, d.ARAB_INFANTRY, where, 2)
    log(state, US, f"Hamet recruits {d.pieces_name(d.ARAB_INFANTRY, n)} in {d.place_name(where)}.")


def _recruits_worth(state: GameState, judge: Judge) -> int | None:
    return 7600 if state.hamet_army_location() in ("alexandria", "derne") else 300


CARD = define("hamet_recruits_bedouins", "Hamet Recruits Bedouins", COMMON,
              "Add two Arab infantry from the supply to Hamet's Army, wherever it is.",
              "Hamet's Army is on the map and an Arab infantry is in the supply.",
              requires=(_army_on_map, _arabs_in_supply), effect=no_decision(_recruits),
              worth=Worth(NO_USE, event=_recruits_worth), number=14)
