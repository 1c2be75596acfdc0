"""Hamet's Army Created, the American deck's core card 3: its texts, requirement as an event,
effect and the heuristic player's worth."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import log, no_decision, place_from_supply
from ...queries import Check
from ...state import GameState
from ..registry import CORE, US, Judge, Worth
from . import define


def _from_1804(s: GameState) -> Check:
    return _from_1804_check(s.year)


@cache
def _from_1804_check(year: int) -> Check:
    return q.OneFact(year >= 1804, "year", year, "1804 or later")


_frigate_in_alexandria = q.at_least_one("American frigates in Alexandria",
                                          lambda s: s.pieces["alexandria"][d.US_FRIGATE])


def _hamets_army(state: GameState) -> None:
    m = place_from_supply(state, d.MARINE, "alexandria", 1)
    a = place_from_supply(state, d.ARAB_INFANTRY, "alexandria", 5)
    log(state, US, f"Hamet's Army gathers in Alexandria: {d.pieces_name(d.MARINE, m)} and "
        f"{d.pieces_name(d.ARAB_INFANTRY, a)}.")


def _hamets_army_worth(state: GameState, judge: Judge) -> int | None:
    """(Heuristic player) Never played: the army is not raised (see the Treaty's keep)."""
    return None


CARD = define("hamets_army_created", "Hamet's Army Created", CORE,
              "Place 1 Marine and 5 Arab infantry from the supply in Alexandria: Hamet's Army.",
              "1804 or later, and an American frigate in the harbor of Alexandria.",
              requires=(_from_1804, _frigate_in_alexandria), effect=no_decision(_hamets_army),
              worth=Worth(event=_hamets_army_worth), number=3)
