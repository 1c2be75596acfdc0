"""Launch the Intrepid, the American deck's unique card 19: its texts, requirement as an event,
effect and the heuristic player's worth."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import Proc, log, to_supply
from ...state import GameState
from ..late_war import kept_for_the_treaty
from ..registry import UNIQUE, US, Judge, Worth
from . import define, raid_die, raid_on_tripoli

_intrepid_requirement = q.at_least_one("Tripolitan ships in the harbor of Tripoli",
                                         q.red_ships_in_tripoli)


def _intrepid(state: GameState) -> Proc[None]:
    value = yield from raid_die(state, "launch_the_intrepid")
    p = state.pieces["tripoli"]
    if value <= 2:
        log(state, US, "The raid fails.")
    elif value <= 4:
        n = to_supply(state, d.CORSAIR, "tripoli", 1)
        log(state, US, f"{d.pieces_name(d.CORSAIR, n)} sunk in Tripoli.")
    elif p[d.TRIPOLITAN_FRIGATE]:
        to_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli")
        log(state, US, "A Tripolitan frigate is sunk in Tripoli.")
    else:
        n = to_supply(state, d.CORSAIR, "tripoli", 2)
        log(state, US, f"No frigate in Tripoli: {d.pieces_name(d.CORSAIR, n)} sunk instead.")


def _intrepid_worth(state: GameState, judge: Judge) -> int | None:
    return raid_on_tripoli(state, judge, 7100, 350 if q.red_ships_in_tripoli(state) else None)


CARD = define("launch_the_intrepid", "Launch the Intrepid", UNIQUE,
              "Roll a die against the harbor of Tripoli. 1-2: nothing. 3-4: a Tripolitan corsair is "
              "sunk. 5-6: a Tripolitan frigate is sunk, or two corsairs if there is no frigate.",
              "A Tripolitan ship in the harbor of Tripoli.",
              requires=(_intrepid_requirement,), effect=_intrepid,
              worth=Worth(140, kept_for_the_treaty(300), _intrepid_worth), number=19)
