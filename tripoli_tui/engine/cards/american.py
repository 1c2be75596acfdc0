"""The American cards' rules and the core and victory cards, each defined once: its texts, its
requirement as an event, its effect.

A card's requirement is a check with the board facts that decide it (printed requirement, plus
ruling A-2); its effect is the procedure that resolves it as the active event. The common cards
are in `american_common`, the unique ones in `american_unique`, the battle cards (never events:
the combat procedures offer them at their trigger) in `battle`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .. import data as d
from .. import queries as q
from ..core import (
    Proc,
    end_game,
    log,
    log_later,
    no_decision,
    place_from_supply,
)
from ..procedures.assault import assault_on_tripoli
from ..procedures.movement import naval_movement
from ..queries import Check, Fact
from ..state import GameState, when
from ..words import agree
from .registry import (
    BATTLE,
    CARDS,
    COMMON,
    CORE,
    NEVER_PLAYED,
    US,
    VICTORY,
    BattleUse,
    Card,
    Judge,
    Worth,
    register,
)

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
           battle: BattleUse | None = None, worth: Worth = NEVER_PLAYED,
           frigates_first: bool = False) -> None:
    """Define an American card: it joins this side's rules and the card table."""
    card = AmericanCard(id=cid, name=name, deck=US, kind=kind, copies=copies, text=text,
                        requirement=requirement, battle=battle, worth=worth,
                        frigates_first=frigates_first, conditions=requires,
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


JEFFERSON_EARLY = 400
"""(Heuristic player) In 1801 Thomas Jefferson's eight moves are worth this much per frigate to
place."""


def _jefferson_worth(state: GameState, judge: Judge) -> int | None:
    n = judge.misplaced()
    return (JEFFERSON_EARLY if state.year == 1801 else 150) * n if n >= 3 else 0


define("thomas_jefferson", "Thomas Jefferson", CORE,
       "Move up to eight American frigates, each from any location to any location. "
       "Battles and bombardments follow; gunboats from Malta may join.",
       effect=_thomas_jefferson,
       worth=Worth(400, event=_jefferson_worth))


def _swedish_frigates(state: GameState) -> None:
    n = place_from_supply(state, d.SWEDISH_FRIGATE, "tripoli_patrol_zone", 2)
    log(state, US, f"{d.pieces_name(d.SWEDISH_FRIGATE, n)} {agree(n, 'arrives', 'arrive')} in the "
        "Tripoli patrol zone.")


SWEDES_UNTIL = 1802
"""(Heuristic player) The last year the Swedish frigates are worth sending (Sweden pays tribute
from 1803)."""


def _swedes_worth(state: GameState, judge: Judge) -> int | None:
    early = state.year <= SWEDES_UNTIL or "sweden_pays_tribute" not in state.event_card_line
    return 650 if early else None


define("swedish_frigates_arrive", "Swedish Frigates Arrive", CORE,
       "Place the two Swedish frigates in the Tripoli patrol zone. They only intercept "
       "corsairs leaving Tripoli (2 dice each) and never move or fight.",
       effect=no_decision(_swedish_frigates),
       worth=Worth(event=_swedes_worth))


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


def _wait_in_alexandria(state: GameState) -> str:
    """A frigate waits in Alexandria for the army from late 1803."""
    return "alexandria" if (state.year, state.season) >= (1803, 2) else ""


define("hamets_army_created", "Hamet's Army Created", CORE,
       "Place 1 Marine and 5 Arab infantry from the supply in Alexandria: Hamet's Army.",
       "1804 or later, and an American frigate in the harbor of Alexandria.",
       requires=(_from_1804, _frigate_in_alexandria), effect=no_decision(_hamets_army),
       worth=Worth(event=lambda s, j: 8000, station=_wait_in_alexandria))


# --- victory cards ------------------------------------------------------------------

def _no_frigate_in_tripoli(s: GameState) -> Check:
    return _no_frigate_in_tripoli_check(s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE])


@cache
def _no_frigate_in_tripoli_check(n: int) -> Check:
    return q.OneFact(n == 0, "Tripolitan frigates in the harbor of Tripoli", n, "0")


def _treaty(state: GameState) -> None:
    end_game(state, US, "treaty",
             "Yusuf Qaramanli signs the Treaty of Peace and Amity: the United States wins.")


def _victory_kept(state: GameState) -> int | None:
    return 600 if state.year < 1805 else None  # the discard pile comes back in 1805, but only six
    # cards are drawn then


define("treaty_of_peace_and_amity", "Treaty of Peace and Amity", VICTORY,
       "The United States wins the game at once.",
       "Fall 1805 or later; Algiers, Tangier and Tunis all at peace; Derne captured by "
       "Hamet's Army; no Tripolitan frigate in the harbor of Tripoli.",
       requires=(_fall_1805, _no_active_ally, q.derne_captured, _no_frigate_in_tripoli),
       effect=no_decision(_treaty),
       worth=Worth(1000, _victory_kept, lambda s, j: 10_000))


def _assault_worth(state: GameState, judge: Judge) -> int | None:
    has_ground = (state.hamet_army_location() == "benghazi"
                  or "send_in_the_marines" in state.us_hand)
    if not has_ground:
        return None
    return 9000 if judge.assault_ready() or judge.last_turn() else None


define("assault_on_tripoli", "Assault on Tripoli", VICTORY,
       "Every American frigate on the map and every gunboat sails into the harbor of Tripoli "
       "and fights until one fleet is gone; then bombardment and ground combat in Tripoli "
       "(Hamet's Army joins from Benghazi; Send in the Marines may land 3 Marines). "
       "Victory or Death!",
       "Fall 1805 or later.",
       requires=(_fall_1805,), effect=assault_on_tripoli,
       worth=Worth(900, _victory_kept, _assault_worth), frigates_first=True)
