"""Congress Authorizes Action, the American deck's unique card 16: its texts, requirement as an
event, effect and the heuristic player's worth."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import log, move, no_decision
from ...queries import Check
from ...state import GameState
from ..late_war import spent_in_1806
from ..registry import UNIQUE, US, Worth
from . import define


def _by_1805(s: GameState) -> Check:
    return _by_1805_check(s.year)


@cache
def _by_1805_check(year: int) -> Check:
    return q.OneFact(year <= 1805, "year", year, "1805 or earlier")


_frigate_in_supply = q.at_least_one("American frigates in the supply",
                                      lambda s: s.pieces[d.US_SUPPLY][d.US_FRIGATE])


def _congress(state: GameState) -> None:
    n = move(state, d.US_FRIGATE, d.US_SUPPLY, d.track_space(state.year + 1), 2)
    log(state, US, f"Congress authorizes {d.pieces_name(d.US_FRIGATE, n)} for {state.year + 1}.")


CARD = define("congress_authorizes_action", "Congress Authorizes Action", UNIQUE,
              "Place two American frigates from the supply on next year's space of the Year Turn Track.",
              "1805 or earlier, and an American frigate in the supply.",
              requires=(_by_1805, _frigate_in_supply), effect=no_decision(_congress),
              worth=Worth(250, spent_in_1806, lambda s, j: 700 if s.year <= 1804 else 250), number=16)
