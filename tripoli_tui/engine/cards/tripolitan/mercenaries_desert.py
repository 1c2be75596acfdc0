"""Mercenaries Desert, the Tripolitan deck's battle card 27: its texts, the moment the rules offer
it, the T-bot's trigger, its effect."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import Proc, end_game, hits, log_roll, roll, to_supply
from ...mechanics.combat import american_ground_units
from ...queries import Check
from ...state import GameState
from ...words import agree
from ..registry import (
    BATTLE,
    GROUND_COMBAT,
    BattleUse,
)
from . import TR, active_card_name, define


def _arabs_face_infantry(state: GameState, city: str) -> bool:
    p = state.pieces[city]
    return p[d.ARAB_INFANTRY] > 0 and p[d.TRIPOLITAN_INFANTRY] > 0


def _desert(state: GameState, city: str) -> Proc[None]:
    dice = yield from roll(state, state.pieces[city][d.ARAB_INFANTRY], TR, "Mercenaries Desert")
    n = hits(dice)
    log_roll(state, TR, "Mercenaries Desert", dice,
             f"{n} Arab infantry {agree(n, 'deserts', 'desert')}")
    to_supply(state, d.ARAB_INFANTRY, city, n)
    if american_ground_units(state, city) == 0:
        end_game(state, TR, "hamets_army_eliminated",
                 "Hamet's Army has melted away: Tripolitania wins.")
    return
    yield


def ground_battle_city(state: GameState) -> str:
    """The city where Hamet's Army and Tripolitan infantry meet ('' for none)."""
    for city in d.TRIPOLITAN_CITIES:
        p = state.pieces[city]
        if (p[d.ARAB_INFANTRY] or p[d.MARINE]) and p[d.TRIPOLITAN_INFANTRY]:
            return city
    return ""


def _mercenaries_desert(state: GameState) -> Check:
    event = state.us_active_event
    city = ground_battle_city(state)
    arabs = state.pieces[city][d.ARAB_INFANTRY] if city else 0
    return q.AllOf(
        q.OneFact(event == "general_eaton_attacks_derne", "the American active event card",
                  active_card_name(event), "General Eaton Attacks Derne (TB-21, A-11)"),
        q.OneFact(city == "derne", "ground combat in", d.place_name(city) if city else "none",
                  "Derne"),
        q.OneFact(arabs >= 1, "Arab infantry in the battle", arabs, "at least 1"))


CARD = define("mercenaries_desert", "Mercenaries Desert", BATTLE,
              "Battle: at the start of a ground combat, roll a die per Arab infantry; each 6 sends one "
              "back to the supply.",
              "Play if General Eaton Attacks Derne is the American active event card.",
              rulings="TB-16, TB-21, A-11", trigger=_mercenaries_desert,
              when_played="play it (a die per Arab infantry, each 6 deserts)",
              battle=BattleUse(GROUND_COMBAT, _arabs_face_infantry, effect=_desert), number=27, line_place=4)
