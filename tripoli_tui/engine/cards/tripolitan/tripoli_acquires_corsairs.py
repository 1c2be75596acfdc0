"""Tripoli Acquires Corsairs, the Tripolitan deck's unique card 17: its texts, the T-bot's
condition and instruction, effect."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import (
    log,
    no_decision,
    place_from_supply,
)
from ...queries import Check
from ...state import GameState
from ..registry import QUEUE, UNIQUE
from . import TR, define, short


def _acquires_condition(s: GameState) -> Check:
    return _acquires_check(q.red_corsairs_in_supply(s))


@cache
def _acquires_check(n: int) -> Check:
    return q.OneFact(n >= 2, "Tripolitan corsairs in the supply", n, "at least 2")


def _acquires(state: GameState) -> None:
    n = place_from_supply(state, d.CORSAIR, "tripoli", 2)
    log(state, TR, f"Tripoli acquires {d.pieces_name(d.CORSAIR, n)}{short(n, 2)}.")


CARD = define("tripoli_acquires_corsairs", "Tripoli Acquires Corsairs", UNIQUE,
              "Two Tripolitan corsairs from the supply to the harbor of Tripoli.",
              "If there are at least two Tripolitan corsairs available in the Supply, play "
              "immediately. Otherwise, add to the end of the event card line and draw another card.",
              condition=_acquires_condition, effect=no_decision(_acquires), instruction=QUEUE,
              rulings="TB-6, TB-2, G-1", number=17)
