"""Murad Reis Breaks Out, the Tripolitan deck's core card 2: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import Proc, log_later, move
from ...mechanics.raids import interception
from ...queries import Check, Fact
from ...state import GameState
from ...words import agree
from ..registry import CORE, PLAY, Worth
from . import TR, define


def _murad_condition(s: GameState) -> Check:
    return _murad_check(q.us_frigates_in(s, "gibraltar_patrol_zone"),
                        s.year == 1801 and s.season == 3, s.pieces["gibraltar"][d.CORSAIR])


@cache
def _murad_check(zone: int, winter_1801: bool, corsairs: int) -> Check:
    first = Check(zone == 0 or winter_1801, lambda: (
        Fact("frigates in the Gibraltar patrol zone", str(zone), "0 (or Winter 1801)"),
        Fact("Winter 1801", q.yes_no(winter_1801)),
    ))
    return q.AllOf(first, q.OneFact(corsairs >= 1, "Tripolitan corsairs in Gibraltar", corsairs,
                                    "at least 1 (ruling TB-3)"))


def _murad_reis(state: GameState) -> Proc[None]:
    survivors, _ = yield from interception(state, "gibraltar_patrol_zone", "gibraltar", d.CORSAIR)
    n = move(state, d.CORSAIR, "gibraltar", "tripoli", survivors)
    log_later(state, TR, _murad_reis_text, (n,))


def _murad_reis_text(n: int) -> str:
    return (f"Murad Reis breaks out: {d.pieces_name(d.CORSAIR, n)} {agree(n, 'sails', 'sail')} "
            "from Gibraltar to Tripoli.")


def _murad_guarded(state: GameState) -> str:
    """In 1801 while corsairs wait in Gibraltar."""
    early = state.year == 1801 and state.season < 3 and state.pieces["gibraltar"][d.CORSAIR]
    return "gibraltar_patrol_zone" if early else ""


CARD = define("murad_reis_breaks_out", "Murad Reis Breaks Out", CORE,
              "Frigates in the Gibraltar patrol zone may intercept the corsairs in Gibraltar; the "
              "survivors sail to the harbor of Tripoli. No pirate raid.",
              "Play if there are no frigates in the naval patrol zone of Gibraltar OR if it is "
              "Winter of 1801.",
              condition=_murad_condition, effect=_murad_reis, instruction=PLAY,
              rulings="TB-3 (and a corsair in Gibraltar), S-2, A-19", line_place=1,
              worth=Worth(guard=_murad_guarded), number=2)
