"""The American unique cards, each defined once: texts, requirement as an event, effect."""

from __future__ import annotations

from functools import cache

from .. import data as d
from .. import queries as q
from ..core import Proc, damaged_frigate_home, log, log_roll, move, no_decision, roll, to_supply
from ..procedures.battle_cards import offer_battle_cards
from ..procedures.combat import UsForce, bombard, capture, ground_combat
from ..procedures.movement import move_frigates, send_gunboats
from ..queries import Check
from ..state import GameState
from ..words import agree
from . import american_common  # noqa: F401 (the common cards are defined before the unique ones)
from .american import Condition, Effect, define
from .late_war import (
    frigate_blocks_treaty,
    frigate_window,
    kept_for_the_treaty,
    spent_in_1806,
    treaty_in_reach,
)
from .registry import RAID_DIE, UNIQUE, US, Judge, Worth


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


define("congress_authorizes_action", "Congress Authorizes Action", UNIQUE,
       "Place two American frigates from the supply on next year's space of the Year Turn Track.",
       "1805 or earlier, and an American frigate in the supply.",
       requires=(_by_1805, _frigate_in_supply), effect=no_decision(_congress),
       worth=Worth(250, spent_in_1806, lambda s, j: 700 if s.year <= 1804 else 250))


_confiscated_requirement = q.at_least_one("Tripolitan corsairs in Gibraltar",
                                            lambda s: s.pieces["gibraltar"][d.CORSAIR])


def _confiscated(state: GameState) -> None:
    n = to_supply(state, d.CORSAIR, "gibraltar", state.pieces["gibraltar"][d.CORSAIR])
    log(state, US, f"{d.pieces_name(d.CORSAIR, n)} confiscated in Gibraltar.")
    if "murad_reis_breaks_out" in state.event_card_line:
        state.event_card_line.remove("murad_reis_breaks_out")
        state.tbot_removed.append("murad_reis_breaks_out")
        log(state, US, "Murad Reis Breaks Out is removed from the T-bot's event card line.")


CONFISCATED = 300
"""(Heuristic player) What Corsairs Confiscated gains, before 150 a corsair in Gibraltar."""


def _confiscated_kept(state: GameState) -> int | None:
    return None if state.pieces["gibraltar"][d.CORSAIR] else 10


def _confiscated_worth(state: GameState, judge: Judge) -> int | None:
    return CONFISCATED + 150 * state.pieces["gibraltar"][d.CORSAIR]


define("corsairs_confiscated", "Corsairs Confiscated", UNIQUE,
       "Every corsair in the harbor of Gibraltar returns to the supply, and Murad Reis Breaks "
       "Out is removed from the game.",
       "A Tripolitan corsair in the harbor of Gibraltar.",
       requires=(_confiscated_requirement,), effect=no_decision(_confiscated),
       worth=Worth(200, _confiscated_kept, _confiscated_worth))


def _raid_on_tripoli(state: GameState, judge: Judge, at_once: int,
                    before: int | None) -> int | None:
    """(Heuristic player) Burn the Philadelphia or Launch the Intrepid: `at_once` (before
    anything but the Treaty, the Assault and Hamet's army) when a Tripolitan frigate alone stands
    in the Treaty's way and would stay away; not played in 1805-1806 while the Treaty is in
    reach (kept for that frigate); before, `before` for what it sinks."""
    if frigate_blocks_treaty(state) and frigate_window(state, judge):
        return at_once
    if state.year >= 1805 and treaty_in_reach(state):
        return None
    return before


def _raid_die(state: GameState, card: str) -> Proc[int]:
    """The die of Burn the Philadelphia / Launch the Intrepid (a battle card may add dice: the
    highest is kept)."""
    played = yield from offer_battle_cards(state, RAID_DIE,
                                           f"{d.card_name(card)} is your active event card.")
    dice = roll(state, 1 + played.american_dice)
    value = max(dice)
    log_roll(state, US, d.card_name(card), dice, f"{value} is used")
    return value


_burn_requirement = q.at_least_one("Tripolitan frigates in the harbor of Tripoli",
                                     lambda s: s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE])


def _burn(state: GameState) -> Proc[None]:
    value = yield from _raid_die(state, "burn_the_philadelphia")
    if value <= 2:
        log(state, US, "The raid fails.")
    elif value <= 4:
        where = damaged_frigate_home(state, d.TRIPOLITAN_FRIGATE, "tripoli")
        log(state, US, f"A Tripolitan frigate is damaged and goes to {d.place_in_words(where)}.")
    else:
        to_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli")
        log(state, US, "A Tripolitan frigate is burnt and sunk.")


define("burn_the_philadelphia", "Burn the Philadelphia", UNIQUE,
       "Roll a die. 1-2: nothing. 3-4: a Tripolitan frigate in Tripoli is damaged (next year's "
       "track). 5-6: a Tripolitan frigate in Tripoli is sunk.",
       "A Tripolitan frigate in the harbor of Tripoli.",
       requires=(_burn_requirement,), effect=_burn,
       worth=Worth(150, kept_for_the_treaty(400), lambda s, j: _raid_on_tripoli(s, j, 7200, 450)))


_intrepid_requirement = q.at_least_one("Tripolitan ships in the harbor of Tripoli",
                                         q.red_ships_in_tripoli)


def _intrepid(state: GameState) -> Proc[None]:
    value = yield from _raid_die(state, "launch_the_intrepid")
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
    return _raid_on_tripoli(state, judge, 7100, 350 if q.red_ships_in_tripoli(state) else None)


define("launch_the_intrepid", "Launch the Intrepid", UNIQUE,
       "Roll a die against the harbor of Tripoli. 1-2: nothing. 3-4: a Tripolitan corsair is "
       "sunk. 5-6: a Tripolitan frigate is sunk, or two corsairs if there is no frigate.",
       "A Tripolitan ship in the harbor of Tripoli.",
       requires=(_intrepid_requirement,), effect=_intrepid,
       worth=Worth(140, kept_for_the_treaty(300), _intrepid_worth))


def _army_in(city: str) -> Condition:
    def check(s: GameState) -> Check:
        return _army_in_check(city, s.hamet_army_location())
    return check


@cache
def _army_in_check(city: str, where: str) -> Check:
    return q.OneFact(where == city, "Hamet's Army", lambda: q.army_place(where),
                     f"in {d.place_name(city)}")


def _eaton(origin: str, city: str, card: str) -> Effect:
    def effect(state: GameState) -> Proc[None]:
        for piece in (d.MARINE, d.ARAB_INFANTRY):
            move(state, piece, origin, city, state.pieces[origin][piece])
        log(state, US, f"General Eaton leads Hamet's Army from {d.place_name(origin)} to "
            f"{d.place_name(city)}.")
        arrived = yield from move_frigates(state, 3, destination=city, card=card)
        p = state.pieces[city]
        frigates = arrived.get(city, 0)
        if frigates and p[d.TRIPOLITAN_INFANTRY]:
            sent = yield from send_gunboats(state, [city])
            yield from bombard(state, city, UsForce(frigates, sent[city]))
        elif frigates:
            log(state, US, f"{d.place_name(city)} holds no Tripolitan infantry: no bombardment; "
                f"the {d.pieces_name(d.US_FRIGATE, frigates)} "
                f"{agree(frigates, 'stays', 'stay')} in the harbor (ruling A-17).")
        if p[d.TRIPOLITAN_INFANTRY] == 0:
            capture(state, city)
        else:
            yield from ground_combat(state, city)
    return effect


EATON_RISK = 0.85
"""(Heuristic player) The least chance of taking the city at which General Eaton attacks."""
BENGHAZI_FROM = (1804, 2)
"""(Heuristic player) General Eaton marches on Benghazi (for the Assault) from this (year,
season)."""


def eaton_chance(state: GameState, judge: Judge, origin: str, city: str) -> float:
    """The chance that Eaton's march from `origin` takes `city` after a three-frigate
    bombardment."""
    frigates = min(3, state.us_frigates_on_map())
    gunboats = state.pieces["malta"][d.GUNBOAT]
    expected_kills = (2 * frigates + gunboats) / 6
    defenders = max(0, round(state.pieces[city][d.TRIPOLITAN_INFANTRY] - expected_kills))
    attackers = judge.army_strength(origin)
    if city == "derne" and "mercenaries_desert" in state.battle_card_line:
        attackers -= round(state.pieces[origin][d.ARAB_INFANTRY] / 6)
    return judge.ground_win_chance(attackers, defenders)


def _derne_kept(state: GameState) -> int | None:
    return 20 if state.derne_captured else None


def _derne_worth(state: GameState, judge: Judge) -> int | None:
    chance = eaton_chance(state, judge, "alexandria", "derne")
    return 7500 if chance >= EATON_RISK or judge.late() else None


def _benghazi_worth(state: GameState, judge: Judge) -> int | None:
    chance = eaton_chance(state, judge, "derne", "benghazi")
    wanted = ("assault_on_tripoli" not in state.us_removed
              and (state.year, state.season) >= BENGHAZI_FROM)
    return 7000 if wanted and chance >= EATON_RISK else None


define("general_eaton_attacks_derne", "General Eaton Attacks Derne", UNIQUE,
       "Hamet's Army marches from Alexandria to Derne; up to three frigates (and gunboats) may "
       "sail there and bombard; then ground combat until one side is gone.",
       "Hamet's Army in Alexandria.",
       requires=(_army_in("alexandria"),),
       effect=_eaton("alexandria", "derne", "general_eaton_attacks_derne"),
       worth=Worth(700, _derne_kept, _derne_worth, bombards=True))
define("general_eaton_attacks_benghazi", "General Eaton Attacks Benghazi", UNIQUE,
       "Hamet's Army marches from Derne to Benghazi; up to three frigates (and gunboats) may "
       "sail there and bombard; then ground combat until one side is gone.",
       "Hamet's Army in Derne.",
       requires=(_army_in("derne"),),
       effect=_eaton("derne", "benghazi", "general_eaton_attacks_benghazi"),
       worth=Worth(450, event=_benghazi_worth, bombards=True))

