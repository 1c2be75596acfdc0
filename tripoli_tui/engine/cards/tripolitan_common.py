"""The common Tripolitan cards, each defined once: texts, T-bot condition and instruction,
effect, the T-bot's choice (see `tripolitan` for the rules every card goes through)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .. import data as d
from .. import queries as q
from ..core import (
    GameOver,
    Proc,
    ask,
    damaged_frigate_home,
    hits,
    log,
    log_later,
    log_roll,
    move,
    no_decision,
    place_from_supply,
    roll,
    sink_us_frigate,
)
from ..decisions import CHOOSE_LOCATION, ChooseLocation, Decision
from ..procedures.combat import naval_round, us_ships_to_malta
from ..queries import Check
from ..state import GameState
from ..words import agree, plural
from .registry import (
    ALWAYS,
    COMMON,
    NEVER,
    QUEUE,
    RAID_OR_BUILD,
)
from .tripolitan import (
    TR,
    US,
    Chosen,
    Condition,
    Effect,
    TbotChoice,
    TbotStep,
    _us_frigates_in_tripoli_zone_check,
    define,
    offered_locations,
    play_immediately,
    short,
    us_frigates_in_tripoli_zone,
)

# --- common cards ---------------------------------------------------------------------

def _supplies_run_low(state: GameState) -> Proc[None]:
    zones = [z for z in d.PATROL_ZONES if state.pieces[z][d.US_FRIGATE]]
    if not zones:
        log(state, TR, "No American frigate is in a patrol zone: nothing happens.")
        return
    choice = yield from ask(TR, CHOOSE_LOCATION, "US Supplies Run Low: from which patrol zone?",
                            [ChooseLocation(z) for z in zones], auto=True,
                            card="us_supplies_run_low")
    assert isinstance(choice, ChooseLocation)
    move(state, d.US_FRIGATE, choice.location, "malta")
    log(state, US, f"An American frigate leaves {d.place_in_words(choice.location)} for Malta.")


def _supplies_zone(state: GameState, pending: Decision) -> Chosen:
    """Ruling TB-14: the frigate leaves the Tripoli patrol zone (two are there: the card's
    condition)."""
    zone = "tripoli_patrol_zone"
    n = q.us_frigates_in(state, zone)
    return Chosen(ChooseLocation(zone), (f"American frigates in the Tripoli patrol zone: {n}",),
                  "a frigate leaves the Tripoli patrol zone for Malta",
                  "US Supplies Run Low: a frigate leaves the Tripoli patrol zone for Malta.")


_SUPPLIES_LINE = ("If there are exactly two American frigates in the naval patrol zone of "
                  "Tripoli, play immediately.")
define("us_supplies_run_low", "US Supplies Run Low", COMMON,
       "One American frigate in a naval patrol zone returns to Malta.",
       f"{_SUPPLIES_LINE} Otherwise, discard to perform a Raid or Build action.",
       condition=lambda s: us_frigates_in_tripoli_zone(s, 2), effect=_supplies_run_low,
       instruction=RAID_OR_BUILD,
       rulings="TB-14, G-4",
       choice=TbotChoice(TbotStep(
           "Z-supplies", "US Supplies Run Low: which patrol zone", _SUPPLIES_LINE,
           "US Supplies Run Low card; ruling TB-14 (the frigate leaves the Tripoli patrol zone)",
           CHOOSE_LOCATION, "the Tripoli patrol zone", "supplies zone"),
           _supplies_zone, lambda where: f"a frigate leaves the {where} for Malta, the only choice"))

_CORSAIRS_RAID_LINE = ("Algerine/Moroccan/Tunisian Corsairs Raid: Discard to perform a Raid or "
                       "Build action.")
define("algerine_corsairs_raid", "Algerine Corsairs Raid", COMMON,
       "A pirate raid with the corsairs of Algiers.",
       _CORSAIRS_RAID_LINE, copies=2,
       instruction=NEVER, rulings="TB-10")
define("moroccan_corsairs_raid", "Moroccan Corsairs Raid", COMMON,
       "A pirate raid with the corsairs of Tangier.",
       _CORSAIRS_RAID_LINE, copies=2,
       instruction=NEVER, rulings="TB-10")
define("tunisian_corsairs_raid", "Tunisian Corsairs Raid", COMMON,
       "A pirate raid with the corsairs of Tunis.",
       _CORSAIRS_RAID_LINE, copies=2,
       instruction=NEVER, rulings="TB-10")


def _controlled(city: str, captured_by_hamet: Callable[[GameState], bool]) -> Condition:
    def check(s: GameState) -> Check:
        return _controlled_check(city, captured_by_hamet(s))
    return check


@cache
def _controlled_check(city: str, captured: bool) -> Check:
    return q.OneFact(not captured, f"{d.place_name(city)} controlled by Tripoli",
                     q.yes_no(not captured), "yes (not captured by Hamet's Army)")


def _troops(city: str) -> Effect:
    def effect(state: GameState) -> None:
        n = place_from_supply(state, d.TRIPOLITAN_INFANTRY, city, 2)
        log_later(state, TR, _troops_text, (n, city))
    return no_decision(effect)


def _troops_text(n: int, city: str) -> str:
    return (f"{d.pieces_name(d.TRIPOLITAN_INFANTRY, n)} {agree(n, 'reinforces', 'reinforce')} "
            f"{d.place_name(city)}{short(n, 2)}.")


define("troops_to_derne", "Troops to Derne", COMMON,
       "Two Tripolitan infantry from the supply to Derne.",
       "If Derne is controlled by Tripoli, play immediately. Otherwise, discard to "
       "perform a Raid or Build action.",
       "Derne not captured by Hamet's Army.",
       condition=_controlled("derne", lambda s: s.derne_captured), effect=_troops("derne"),
       instruction=RAID_OR_BUILD,
       rulings="G-5, G-6 (controlled = not captured)")
define("troops_to_benghazi", "Troops to Benghazi", COMMON,
       "Two Tripolitan infantry from the supply to Benghazi.",
       "If Benghazi is controlled by Tripoli, play immediately. Otherwise, discard to "
       "perform a Raid or Build action.",
       "Benghazi not captured by Hamet's Army.",
       condition=_controlled("benghazi", lambda s: s.benghazi_captured), effect=_troops("benghazi"),
       instruction=RAID_OR_BUILD,
       rulings="G-5, G-6 (controlled = not captured)")
define("troops_to_tripoli", "Troops to Tripoli", COMMON,
       "Two Tripolitan infantry from the supply to Tripoli.",
       "Troops to Tripoli: Play immediately.",
       condition=play_immediately, effect=_troops("tripoli"), instruction=ALWAYS,
       rulings="G-1")


def storms_condition(s: GameState) -> Check:
    """Storms and Second Storms: a patrol zone with at least two American frigates."""
    return _storms_check(tuple(q.storms_zone_counts(s)))


@cache
def _storms_check(counts: tuple[tuple[str, int], ...]) -> Check:
    best = max(n for _, n in counts)
    return q.OneFact(best >= 2, "American frigates per patrol zone", lambda: ", ".join(
        f"{d.place_name(z).replace(' patrol zone', '')} {n}" for z, n in counts),
        "a zone with at least 2")


def storms(state: GameState) -> Proc[None]:
    """Storms and Second Storms: a die per American frigate in the chosen patrol zone."""
    zones = [z for z in d.PATROL_ZONES if state.pieces[z][d.US_FRIGATE]]
    if not zones:
        log(state, TR, "No American frigate is in a patrol zone: the storm passes.")
        return
    choice = yield from ask(TR, CHOOSE_LOCATION, "Storms: which patrol zone?",
                            [ChooseLocation(z) for z in zones], auto=True,
                            card=state.tbot_active_event)
    assert isinstance(choice, ChooseLocation)
    zone = choice.location
    dice = roll(state, state.pieces[zone][d.US_FRIGATE])
    sixes = hits(dice)
    log_roll(state, TR, f"Storms in {d.place_in_words(zone)}", dice, plural(sixes, "six", "sixes"))
    if sixes:
        sink_us_frigate(state, zone)
        for _ in range(sixes - 1):
            if state.pieces[zone][d.US_FRIGATE]:
                where = damaged_frigate_home(state, d.US_FRIGATE, zone)
                log(state, US, f"A storm-damaged American frigate goes to {d.place_in_words(where)}.")


def _storm_zone(state: GameState, pending: Decision) -> Chosen:
    """Ruling TB-13: the patrol zone with the most American frigates (ties in the order
    Tripoli, Tangier, Algiers, Tunis, Gibraltar)."""
    offered = offered_locations(pending)
    counts = [(z, n) for z, n in q.storms_zone_counts(state) if z in offered]
    facts = [f"American frigates in the {d.place_name(z)}: {n}" for z, n in counts]
    zone, most = max(counts, key=lambda zn: zn[1])  # max keeps the first: canonical order wins ties
    facts.append(f"most American frigates: {most} (ties: Tripoli, Tangier, Algiers, Tunis, "
                 "Gibraltar)")
    name = d.place_name(zone)
    card = d.card_name(pending.info.card)
    return Chosen(ChooseLocation(zone), tuple(facts), f"the storm strikes the {name}",
                  f"{card}: the T-bot chooses the {name}.")


STORMS_CHOICE = TbotChoice(TbotStep(
    "Z-storms", "Storms: which patrol zone",
    "Choose a naval patrol zone with American frigates.",
    "Storms / Second Storms card; ruling TB-13 (most American frigates, ties in the "
    "order Tripoli, Tangier, Algiers, Tunis, Gibraltar)", CHOOSE_LOCATION,
    "that patrol zone", "storm zone"),
    _storm_zone, lambda where: f"the storm strikes the {where}, the only choice", counts_dice=True)
"""Storms and Second Storms: which patrol zone the storm strikes."""

STORMS_LINE = ("If there is a naval patrol zone with at least two American frigates, play "
               "immediately. Otherwise, add to the end of the event card line and draw another "
               "card.")
define("storms", "Storms", COMMON,
       "Choose a patrol zone with American frigates; roll a die for each. The first 6 sinks a "
       "frigate; each other 6 damages one.",
       STORMS_LINE,
       condition=storms_condition, effect=storms, instruction=QUEUE,
       rulings="TB-13, E-2, TB-2", choice=STORMS_CHOICE)


def _tripoli_attacks_condition(s: GameState) -> Check:
    return _tripoli_attacks_check(q.us_frigates_in(s, "tripoli_patrol_zone"),
                                  q.tripolitan_ship_dice(s))


@cache
def _tripoli_attacks_check(frigates: int, dice: int) -> Check:
    return q.AllOf(_us_frigates_in_tripoli_zone_check(frigates, 1),
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
    to Malta (engine.midturn resumes a position in the middle of it)."""
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


define("tripoli_attacks", "Tripoli Attacks", COMMON,
       "Every Tripolitan ship in the harbor of Tripoli sails into its patrol zone and fights one "
       "round against the American frigates there (Swedes stay out).",
       "If there is exactly one American frigate in the naval patrol zone of Tripoli and "
       "there are at least five dice worth of Tripolitan ships (corsairs count as one, frigates "
       "count as two), play immediately. Otherwise, discard to perform a Raid or Build action.",
       condition=_tripoli_attacks_condition, effect=_tripoli_attacks, instruction=RAID_OR_BUILD,
       rulings="E-4 (ships in the harbor of Tripoli only), G-4")
