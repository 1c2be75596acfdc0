"""Tripoli Attacks, the Tripolitan deck's common card 15: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import (
    GameOver,
    Proc,
    log,
    move,
)
from ...mechanics.combat import naval_round, us_ships_to_malta
from ...queries import Check
from ...state import GameState
from ..registry import COMMON, RAID_OR_BUILD
from . import TR, define, us_frigates_in_tripoli_zone_check


def _tripoli_attacks_condition(s: GameState) -> Check:
    return _tripoli_attacks_check(q.us_frigates_in(s, "tripoli_patrol_zone"),
                                  q.tripolitan_ship_dice(s))


@cache
def _tripoli_attacks_check(frigates: int, dice: int) -> Check:
    return q.AllOf(us_frigates_in_tripoli_zone_check(frigates, 1),
                   q.OneFact(dice >= 5, "dice of Tripolitan ships in Tripoli", dice, "at least 5"))


def _tripoli_attacks(state: GameState) -> Proc[None]:
    zone = "tripoli_patrol_zone"
    c = move(state, d.CORSAIR, "tripoli", zone, state.pieces["tripoli"][d.CORSAIR])
    f = move(state, d.TRIPOLITAN_FRIGATE, "tripoli", zone,
             state.pieces["tripoli"][d.TRIPOLITAN_FRIGATE])
    log(state, TR, f"Tripoli attacks: {d.pieces_name(d.CORSAIR, c)} and "
        f"{d.pieces_name(d.TRIPOLITAN_FRIGATE, f)} sail into the Tripoli patrol zone.", "header")
    fight = bool(state.pieces[zone][d.US_FRIGATE] and (c or f))
    yield from tripoli_attacks_battle(state, naval_round(state, zone, active=TR) if fight else None)


def tripoli_attacks_battle(state: GameState, fight: Proc[None] | None) -> Proc[None]:
    """The Tripoli Attacks battle in the Tripoli patrol zone: `fight` (its round, or what is left
    of it; None for no battle), then every Tripolitan ship there sails home and the American ships
    to Malta (engine.turn.midturn resumes a position in the middle of it)."""
    zone = "tripoli_patrol_zone"
    try:
        if fight is not None:
            yield from fight
    except GameOver:  # a fourth frigate sunk: the survivors still sail home in the final position
        _tripoli_ships_home(state, zone)
        raise
    _tripoli_ships_home(state, zone)
    us_ships_to_malta(state, zone)


def _tripoli_ships_home(state: GameState, zone: str) -> None:
    move(state, d.CORSAIR, zone, "tripoli", state.pieces[zone][d.CORSAIR])
    move(state, d.TRIPOLITAN_FRIGATE, zone, "tripoli", state.pieces[zone][d.TRIPOLITAN_FRIGATE])


CARD = define("tripoli_attacks", "Tripoli Attacks", COMMON,
              "Every Tripolitan ship in the harbor of Tripoli sails into its patrol zone and fights one "
              "round against the American frigates there (Swedes stay out).",
              "If there is exactly one American frigate in the naval patrol zone of Tripoli and "
              "there are at least five dice worth of Tripolitan ships (corsairs count as one, frigates "
              "count as two), play immediately. Otherwise, discard to perform a Raid or Build action.",
              condition=_tripoli_attacks_condition, effect=_tripoli_attacks, instruction=RAID_OR_BUILD,
              rulings="E-4 (ships in the harbor of Tripoli only), G-4", number=15)
