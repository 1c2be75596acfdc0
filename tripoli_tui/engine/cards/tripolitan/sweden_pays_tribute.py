"""Sweden Pays Tribute, the Tripolitan deck's unique card 16: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import (
    gain_gold,
    log,
    move,
    no_decision,
)
from ...queries import Check
from ...state import GameState
from ...words import agree
from ..registry import PLAY, UNIQUE
from . import TR, define


def _sweden_condition(s: GameState) -> Check:
    return _sweden_check(s.year, s.pieces["tripoli_patrol_zone"][d.SWEDISH_FRIGATE])


@cache
def _sweden_check(year: int, swedes: int) -> Check:
    return q.AllOf(q.OneFact(year >= 1803, "year", year, "1803 or later (ruling TB-4)"),
                   q.OneFact(swedes >= 1, "Swedish frigates in the Tripoli patrol zone", swedes,
                             "at least 1"))


def _sweden(state: GameState) -> None:
    n = move(state, d.SWEDISH_FRIGATE, "tripoli_patrol_zone", d.US_SUPPLY, 2)
    log(state, TR, f"Sweden pays tribute: {d.pieces_name(d.SWEDISH_FRIGATE, n)} "
        f"{agree(n, 'leaves', 'leave')}.")
    gain_gold(state, 2, "Sweden Pays Tribute")


CARD = define("sweden_pays_tribute", "Sweden Pays Tribute", UNIQUE,
              "The Swedish frigates return to the supply, and Tripoli gains two gold.",
              "Play if it is 1803.",
              "1803 or later, and Swedish frigates in the Tripoli patrol zone.",
              condition=_sweden_condition, effect=no_decision(_sweden), instruction=PLAY,
              rulings="TB-4 (1803 or later, and Swedish frigates in the Tripoli patrol zone)",
              line_place=4, number=16)
