"""Burn the Philadelphia, the American deck's unique card 18: its texts, requirement as an event,
effect and the heuristic player's worth."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import Proc, damaged_frigate_home, log, to_supply
from ...state import GameState
from ..late_war import kept_for_the_treaty
from ..registry import UNIQUE, US, Worth
from . import define, raid_die, raid_on_tripoli

_burn_requirement = q.at_least_one("Tripolitan frigates in the harbor of Tripoli",
                                     lambda s: s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE])


def _burn(state: GameState) -> Proc[None]:
    value = yield from raid_die(state, "burn_the_philadelphia")
    if value <= 2:
        log(state, US, "The raid fails.")
    elif value <= 4:
        where = damaged_frigate_home(state, d.TRIPOLITAN_FRIGATE, "tripoli")
        log(state, US, f"A Tripolitan frigate is damaged and goes to {d.place_in_words(where)}.")
    else:
        to_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli")
        log(state, US, "A Tripolitan frigate is burnt and sunk.")


CARD = define("burn_the_philadelphia", "Burn the Philadelphia", UNIQUE,
              "Roll a die. 1-2: nothing. 3-4: a Tripolitan frigate in Tripoli is damaged (next year's "
              "track). 5-6: a Tripolitan frigate in Tripoli is sunk.",
              "A Tripolitan frigate in the harbor of Tripoli.",
              requires=(_burn_requirement,), effect=_burn,
              worth=Worth(150, kept_for_the_treaty(400),
                          lambda s, j: raid_on_tripoli(s, j, 7200, 450)), number=18)
