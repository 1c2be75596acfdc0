"""The common American cards, each defined once: its texts, its requirement as an event, its
effect, the heuristic player's worth (see `american` for the rules every card goes through)."""

from __future__ import annotations

from functools import cache

from .. import data as d
from .. import queries as q
from ..core import (
    Proc,
    ask,
    gain_gold,
    log,
    move,
    no_decision,
    place_from_supply,
    to_supply,
)
from ..decisions import BAINBRIDGE, CHOOSE_LOCATION, Choice, ChooseLocation, PlayEvent, TakeCard
from ..procedures.movement import move_frigates, naval_movement
from ..queries import Check
from ..state import GameState
from ..words import agree
from .american import (
    AMERICAN,
    _active_ally,
    _frigates_on_map,
    define,
    event_requirement,
    play_american_event,
)
from .late_war import spent_in_1806
from .registry import BATTLE, COMMON, US, Judge, Worth

# --- common cards -------------------------------------------------------------------

def _naval_movement(state: GameState) -> Proc[None]:
    yield from naval_movement(state, 4, "naval_movement")


define("naval_movement", "Naval Movement", COMMON,
       "Move up to four American frigates, each from any location to any location. "
       "Battles and bombardments follow; gunboats from Malta may join.", copies=4,
       effect=_naval_movement,
       worth=Worth(90, event=lambda s, j: 120 * min(4, j.misplaced())))


def _early_deployment_requirement(s: GameState) -> Check:
    n = 0 if s.year >= 1806 else s.pieces[d.track_space(s.year + 1)][d.US_FRIGATE]  # no 1807 space
    return _early_deployment_check(s.year, n)


@cache
def _early_deployment_check(year: int, n: int) -> Check:
    """(`n`: American frigates on next year's track space.)"""
    if year >= 1806:
        return q.OneFact(False, "year", year, "1805 or earlier (there is no next year)")
    return q.OneFact(n >= 1, f"American frigates on the {year + 1} track space", n, "at least 1")


def _early_deployment(state: GameState) -> Proc[None]:
    choice = yield from ask(US, CHOOSE_LOCATION, "Early Deployment: into which patrol zone?",
                            [ChooseLocation(z) for z in d.PATROL_ZONES], card="early_deployment")
    assert isinstance(choice, ChooseLocation)
    move(state, d.US_FRIGATE, d.track_space(state.year + 1), choice.location)
    log(state, US, f"A frigate from the {state.year + 1} track deploys early to the "
        f"{d.place_name(choice.location)}.")


define("early_deployment", "Early Deployment", COMMON,
       "Take one American frigate from next year's space of the Year Turn Track and place it "
       "in any naval patrol zone.",
       "An American frigate waiting on next year's space of the Year Turn Track.",
       requires=(_early_deployment_requirement,), effect=_early_deployment,
       worth=Worth(160, spent_in_1806, lambda s, j: 600))


def _choose_active_ally(state: GameState, card: str) -> Proc[str]:
    choice = yield from ask(US, CHOOSE_LOCATION, f"{d.card_name(card)}: which ally's harbor?",
                            [ChooseLocation(h) for h in state.active_allies()], card=card)
    assert isinstance(choice, ChooseLocation)
    return choice.location


def _make_peace(state: GameState, harbor: str) -> None:
    n = to_supply(state, d.ALLIED_CORSAIR, harbor, state.pieces[harbor][d.ALLIED_CORSAIR])
    log(state, US, f"{d.ALLY_NAME[harbor]}'s {d.pieces_name(d.ALLIED_CORSAIR, n)} "
        f"{agree(n, 'returns', 'return')} to the "
        f"supply: {d.ALLY_NAME[harbor]} is at peace.")


def _show_of_force(state: GameState) -> Proc[None]:
    harbor = yield from _choose_active_ally(state, "a_show_of_force")
    yield from move_frigates(state, 3, destination=harbor, exact=True, card="a_show_of_force")
    _make_peace(state, harbor)


def _show_of_force_worth(state: GameState, judge: Judge) -> int | None:
    return 500 + 100 * max((judge.raiding_threat(h) for h in state.active_allies()), default=0)


define("a_show_of_force", "A Show of Force", COMMON,
       "Move exactly three American frigates into the harbor of an active ally: its corsairs "
       "return to the supply and it is at peace. No battle.",
       "An active ally, and at least three American frigates on the map.",
       requires=(_active_ally, _frigates_on_map(3)), effect=_show_of_force,
       worth=Worth(400, event=_show_of_force_worth))


def _tribute_paid(state: GameState) -> Proc[None]:
    harbor = yield from _choose_active_ally(state, "tribute_paid")
    yield from move_frigates(state, 1, destination=harbor, exact=True, card="tribute_paid")
    _make_peace(state, harbor)
    gain_gold(state, 2, "Tribute Paid")


def _tribute_paid_worth(state: GameState, judge: Judge) -> int | None:
    needed = (state.derne_captured and len(state.active_allies()) == 1
              and "treaty_of_peace_and_amity" in state.us_hand and state.gold <= 8)
    return 6500 if needed else None


define("tribute_paid", "Tribute Paid", COMMON,
       "Move one American frigate into the harbor of an active ally: its corsairs return to "
       "the supply and it is at peace. Tripoli gains two gold. No battle.",
       "An active ally, and an American frigate on the map.",
       requires=(_active_ally, _frigates_on_map(1)), effect=_tribute_paid,
       worth=Worth(110, event=_tribute_paid_worth))


_tripoli_has_gold = q.at_least_one("gold held by Tripoli", lambda s: s.gold)


def _demands_tribute(state: GameState) -> None:
    n = min(2, state.gold)
    state.gold -= n
    log(state, US, f"Constantinople demands tribute: Tripoli returns {n} gold "
        f"(it holds {state.gold}).")


def _demands_tribute_worth(state: GameState, judge: Judge) -> int | None:
    gold = state.gold
    return 6000 if gold >= 8 else (300 + 200 * min(2, gold) if gold >= 2 else None)


define("constantinople_demands_tribute", "Constantinople Demands Tribute", COMMON,
       "Tripoli returns two gold to the bank (one if it holds only one).",
       "Tripoli holds at least one gold.",
       requires=(_tripoli_has_gold,),
       effect=no_decision(_demands_tribute),
       worth=Worth(380, event=_demands_tribute_worth))


def _army_on_map(s: GameState) -> Check:
    return _army_on_map_check(s.hamet_army_location())


@cache
def _army_on_map_check(where: str) -> Check:
    return q.OneFact(bool(where), "Hamet's Army", lambda: q.army_place(where), "on the map")


_arabs_in_supply = q.at_least_one("Arab infantry in the supply",
                                    lambda s: s.pieces[d.US_SUPPLY][d.ARAB_INFANTRY])


def _recruits(state: GameState) -> None:
    where = state.hamet_army_location()
    n = place_from_supply(state, d.ARAB_INFANTRY, where, 2)
    log(state, US, f"Hamet recruits {d.pieces_name(d.ARAB_INFANTRY, n)} in {d.place_name(where)}.")


def _recruits_worth(state: GameState, judge: Judge) -> int | None:
    return 7600 if state.hamet_army_location() in ("alexandria", "derne") else 300


define("hamet_recruits_bedouins", "Hamet Recruits Bedouins", COMMON,
       "Add two Arab infantry from the supply to Hamet's Army, wherever it is.",
       "Hamet's Army is on the map and an Arab infantry is in the supply.",
       requires=(_army_on_map, _arabs_in_supply), effect=no_decision(_recruits),
       worth=Worth(260, event=_recruits_worth))


def bainbridge_candidates(s: GameState) -> list[str]:
    """Cards Bainbridge Supplies Intel may fetch: the discard pile, itself excepted."""
    cards = list(s.us_discard)
    if "bainbridge_supplies_intel" in cards:
        cards.remove("bainbridge_supplies_intel")
    return list(dict.fromkeys(cards))


def _cards_to_fetch(s: GameState) -> int:
    """Cards in the discard pile other than Bainbridge itself."""
    discard = s.us_discard
    return len(discard) - discard.count("bainbridge_supplies_intel")


_bainbridge_requirement = q.at_least_one("cards in the American discard pile", _cards_to_fetch)


def _bainbridge(state: GameState) -> Proc[None]:
    options: list[Choice] = []
    for card in bainbridge_candidates(state):
        if AMERICAN[card].kind != BATTLE and event_requirement(state, card):
            options.append(PlayEvent(card))
        options.append(TakeCard(card))
    choice = yield from ask(US, BAINBRIDGE,
                            "Bainbridge Supplies Intel: take a card from your discard pile, or "
                            "play it now as an event.", options, card="bainbridge_supplies_intel")
    assert isinstance(choice, (PlayEvent, TakeCard))
    state.us_discard.remove(choice.card)
    if isinstance(choice, TakeCard):
        state.us_hand.append(choice.card)
        log(state, US, f"Bainbridge: {d.card_name(choice.card)} returns to the American hand.")
    else:
        log(state, US, f"Bainbridge: {d.card_name(choice.card)} is played from the discard pile.")
        yield from play_american_event(state, choice.card)


def _bainbridge_worth(state: GameState, judge: Judge) -> int | None:
    best = max((judge.keep_value(c) for c in state.us_discard
                if c != "bainbridge_supplies_intel"), default=0)
    return best - 100


define("bainbridge_supplies_intel", "Bainbridge Supplies Intel", COMMON,
       "Take any card from the American discard pile into your hand, or play it at once as an "
       "event (its requirement must hold).",
       "A card in the American discard pile.",
       requires=(_bainbridge_requirement,), effect=_bainbridge,
       worth=Worth(240, event=_bainbridge_worth))
