"""Storms, the Tripolitan deck's common card 14: its texts, the T-bot's condition and instruction,
effect."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import (
    Proc,
    ask,
    damaged_frigate_home,
    hits,
    log,
    log_roll,
    roll,
    sink_us_frigate,
)
from ...decisions import CHOOSE_LOCATION, ChooseLocation, Decision
from ...queries import Check
from ...state import GameState
from ...words import plural
from ..registry import COMMON, QUEUE, US
from . import TR, Chosen, TbotChoice, TbotStep, define, offered_locations


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
    dice = yield from roll(state, state.pieces[zone][d.US_FRIGATE], TR,
                           f"Storms in {d.place_in_words(zone)}")
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


CARD = define("storms", "Storms", COMMON,
              "Choose a patrol zone with American frigates; roll a die for each. The first 6 sinks a "
              "frigate; each other 6 damages one.",
              STORMS_LINE,
              condition=storms_condition, effect=storms, instruction=QUEUE,
              rulings="TB-13, E-2, TB-2", choice=STORMS_CHOICE, number=14)
