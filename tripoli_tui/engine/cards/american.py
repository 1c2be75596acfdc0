"""Every American card, each defined once: its texts, its requirement as an event, its effect.

A card's requirement is a check with the board facts that decide it (printed requirement, plus
ruling A-2); its effect is the procedure that resolves it as the active event. The unique cards
are in `american_unique`, the battle cards (never events: the combat procedures offer them at
their trigger) in `battle`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .. import data as d
from .. import queries as q
from ..core import (
    Proc,
    ask,
    end_game,
    gain_gold,
    log,
    log_later,
    move,
    no_decision,
    place_from_supply,
    to_supply,
)
from ..decisions import BAINBRIDGE, CHOOSE_LOCATION, Choice, ChooseLocation, PlayEvent, TakeCard
from ..procedures.assault import assault_on_tripoli
from ..procedures.movement import move_frigates, naval_movement
from ..queries import Check, Fact
from ..state import GameState, when
from ..words import agree
from .registry import BATTLE, CARDS, COMMON, CORE, US, VICTORY, BattleUse, Card, register

Condition = Callable[[GameState], Check]
"""One printed condition of a requirement: it reads its fact on the board and says whether it
holds (a requirement is its conditions, all of which must hold)."""
Effect = Callable[[GameState], Proc[None]]


@dataclass(frozen=True, slots=True)
class AmericanCard(Card):
    """An American card with its rules: its requirement's conditions and its effect procedure."""

    conditions: tuple[Condition, ...] = ()
    """Its requirement as an event, condition by condition, in printed order (none: always
    playable, or a battle card)."""
    effect: Effect | None = None
    """Resolving it as the active event (None for battle cards)."""


AMERICAN: dict[str, AmericanCard] = {}
"""Every American card by id, in printed order."""


def define(cid: str, name: str, kind: str, text: str, requirement: str = "", copies: int = 1, *,
           requires: tuple[Condition, ...] = (), effect: Effect | None = None,
           battle: BattleUse | None = None) -> None:
    """Define an American card: it joins this side's rules and the card table."""
    card = AmericanCard(id=cid, name=name, deck=US, kind=kind, copies=copies, text=text,
                        requirement=requirement, battle=battle, conditions=requires,
                        effect=effect)
    AMERICAN[cid] = card
    if kind == BATTLE:
        BATTLE_CARDS.add(cid)
    register(card)


def event_requirement(state: GameState, card: str) -> Check:
    """Whether an American card may be played as an event now, with every condition's fact (what
    the hand and the help show; the seasonal options ask only whether it holds, and stop at the
    first condition that fails)."""
    c = AMERICAN.get(card)
    if c is None or not c.conditions:
        return _BATTLE_CARD if CARDS[card].kind == BATTLE else _NO_REQUIREMENT
    if len(c.conditions) == 1:
        return c.conditions[0](state)
    return q.AllOf(*[condition(state) for condition in c.conditions])


_BATTLE_CARD = Check(False, (Fact("battle card", "played only at its trigger"),))
_NO_REQUIREMENT = Check(True)
"""Answers that never change (checks are never modified, so these are shared)."""

BATTLE_CARDS: set[str] = set()
"""The American battle cards: their requirement as an event never holds."""


def play_american_event(state: GameState, card: str) -> Proc[None]:
    """Resolve an American card as the active event; it goes where its type sends it first."""
    state.us_active_event = card
    c = AMERICAN[card]
    (state.us_discard if c.kind == COMMON else state.us_removed).append(card)
    log_later(state, US, _us_plays, (card,))
    assert c.effect is not None
    yield from c.effect(state)


def _us_plays(card: str) -> str:
    return f"The United States plays {d.card_name(card)}."


# Each condition reads the board fact it needs and hands it to a function of that fact alone,
# which builds the check: the same fact always gives the same check, so that function is cached
# (a season asks every requirement in the hand; making the check each time cost more than the
# rest of the season's options). A requirement lists its conditions in printed order; a card's
# legality stops at the first that fails (the date before a count of pieces).

def _fall_1805(s: GameState) -> Check:
    return _fall_1805_check(s.year, s.season)


@cache
def _fall_1805_check(year: int, season: int) -> Check:
    return q.OneFact((year, season) >= (1805, 2), "date", when(year, season), "Fall 1805 or later")


def _active_ally(s: GameState) -> Check:
    return _active_ally_check(tuple(s.active_allies()))


@cache
def _active_ally_check(allies: tuple[str, ...]) -> Check:
    return q.OneFact(bool(allies), "allies at war", lambda: q.ally_names(allies), "at least 1")


def _no_active_ally(s: GameState) -> Check:
    return _no_active_ally_check(tuple(s.active_allies()))


@cache
def _no_active_ally_check(allies: tuple[str, ...]) -> Check:
    return q.OneFact(not allies, "allies at war", lambda: q.ally_names(allies), "none")


def _frigates_on_map(needed: int) -> Condition:
    def condition(s: GameState) -> Check:
        return _frigates_on_map_check(s.us_frigates_on_map(), needed)
    return condition


@cache
def _frigates_on_map_check(n: int, needed: int) -> Check:
    return q.OneFact(n >= needed, "American frigates on the map", n, f"at least {needed}")


# --- core cards ---------------------------------------------------------------------

def _thomas_jefferson(state: GameState) -> Proc[None]:
    yield from naval_movement(state, 8, "thomas_jefferson")


define("thomas_jefferson", "Thomas Jefferson", CORE,
       "Move up to eight American frigates, each from any location to any location. "
       "Battles and bombardments follow; gunboats from Malta may join.",
       effect=_thomas_jefferson)


def _swedish_frigates(state: GameState) -> None:
    n = place_from_supply(state, d.SWEDISH_FRIGATE, "tripoli_patrol_zone", 2)
    log(state, US, f"{d.pieces_name(d.SWEDISH_FRIGATE, n)} {agree(n, 'arrives', 'arrive')} in the "
        "Tripoli patrol zone.")


define("swedish_frigates_arrive", "Swedish Frigates Arrive", CORE,
       "Place the two Swedish frigates in the Tripoli patrol zone. They only intercept "
       "corsairs leaving Tripoli (2 dice each) and never move or fight.",
       effect=no_decision(_swedish_frigates))


def _from_1804(s: GameState) -> Check:
    return _from_1804_check(s.year)


@cache
def _from_1804_check(year: int) -> Check:
    return q.OneFact(year >= 1804, "year", year, "1804 or later")


_frigate_in_alexandria = q.at_least_one("American frigates in Alexandria",
                                          lambda s: s.pieces["alexandria"][d.US_FRIGATE])


def _hamets_army(state: GameState) -> None:
    m = place_from_supply(state, d.MARINE, "alexandria", 1)
    a = place_from_supply(state, d.ARAB_INFANTRY, "alexandria", 5)
    log(state, US, f"Hamet's Army gathers in Alexandria: {d.pieces_name(d.MARINE, m)} and "
        f"{d.pieces_name(d.ARAB_INFANTRY, a)}.")


define("hamets_army_created", "Hamet's Army Created", CORE,
       "Place 1 Marine and 5 Arab infantry from the supply in Alexandria: Hamet's Army.",
       "1804 or later, and an American frigate in the harbor of Alexandria.",
       requires=(_from_1804, _frigate_in_alexandria), effect=no_decision(_hamets_army))


# --- victory cards ------------------------------------------------------------------

def _no_frigate_in_tripoli(s: GameState) -> Check:
    return _no_frigate_in_tripoli_check(s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE])


@cache
def _no_frigate_in_tripoli_check(n: int) -> Check:
    return q.OneFact(n == 0, "Tripolitan frigates in the harbor of Tripoli", n, "0")


def _treaty(state: GameState) -> None:
    end_game(state, US, "treaty",
             "Yusuf Qaramanli signs the Treaty of Peace and Amity: the United States wins.")


define("treaty_of_peace_and_amity", "Treaty of Peace and Amity", VICTORY,
       "The United States wins the game at once.",
       "Fall 1805 or later; Algiers, Tangier and Tunis all at peace; Derne captured by "
       "Hamet's Army; no Tripolitan frigate in the harbor of Tripoli.",
       requires=(_fall_1805, _no_active_ally, q.derne_captured, _no_frigate_in_tripoli),
       effect=no_decision(_treaty))
define("assault_on_tripoli", "Assault on Tripoli", VICTORY,
       "Every American frigate on the map and every gunboat sails into the harbor of Tripoli "
       "and fights until one fleet is gone; then bombardment and ground combat in Tripoli "
       "(Hamet's Army joins from Benghazi; Send in the Marines may land 3 Marines). "
       "Victory or Death!",
       "Fall 1805 or later.",
       requires=(_fall_1805,), effect=assault_on_tripoli)


# --- common cards -------------------------------------------------------------------

def _naval_movement(state: GameState) -> Proc[None]:
    yield from naval_movement(state, 4, "naval_movement")


define("naval_movement", "Naval Movement", COMMON,
       "Move up to four American frigates, each from any location to any location. "
       "Battles and bombardments follow; gunboats from Malta may join.", copies=4,
       effect=_naval_movement)


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
       requires=(_early_deployment_requirement,), effect=_early_deployment)


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


define("a_show_of_force", "A Show of Force", COMMON,
       "Move exactly three American frigates into the harbor of an active ally: its corsairs "
       "return to the supply and it is at peace. No battle.",
       "An active ally, and at least three American frigates on the map.",
       requires=(_active_ally, _frigates_on_map(3)), effect=_show_of_force)


def _tribute_paid(state: GameState) -> Proc[None]:
    harbor = yield from _choose_active_ally(state, "tribute_paid")
    yield from move_frigates(state, 1, destination=harbor, exact=True, card="tribute_paid")
    _make_peace(state, harbor)
    gain_gold(state, 2, "Tribute Paid")


define("tribute_paid", "Tribute Paid", COMMON,
       "Move one American frigate into the harbor of an active ally: its corsairs return to "
       "the supply and it is at peace. Tripoli gains two gold. No battle.",
       "An active ally, and an American frigate on the map.",
       requires=(_active_ally, _frigates_on_map(1)), effect=_tribute_paid)


_tripoli_has_gold = q.at_least_one("gold held by Tripoli", lambda s: s.gold)


def _demands_tribute(state: GameState) -> None:
    n = min(2, state.gold)
    state.gold -= n
    log(state, US, f"Constantinople demands tribute: Tripoli returns {n} gold "
        f"(it holds {state.gold}).")


define("constantinople_demands_tribute", "Constantinople Demands Tribute", COMMON,
       "Tripoli returns two gold to the bank (one if it holds only one).",
       "Tripoli holds at least one gold.",
       requires=(_tripoli_has_gold,),
       effect=no_decision(_demands_tribute))


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


define("hamet_recruits_bedouins", "Hamet Recruits Bedouins", COMMON,
       "Add two Arab infantry from the supply to Hamet's Army, wherever it is.",
       "Hamet's Army is on the map and an Arab infantry is in the supply.",
       requires=(_army_on_map, _arabs_in_supply), effect=no_decision(_recruits))


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


define("bainbridge_supplies_intel", "Bainbridge Supplies Intel", COMMON,
       "Take any card from the American discard pile into your hand, or play it at once as an "
       "event (its requirement must hold).",
       "A card in the American discard pile.",
       requires=(_bainbridge_requirement,), effect=_bainbridge)
