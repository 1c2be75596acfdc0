"""The American side's cards: the rules every American card goes through, and what several of them
share.

Each card is a module of this package, named after its title (`burn_the_philadelphia`), which
defines it once with `define`: its texts, its requirement as an event, its effect, a battle card's
moment and bonus, the heuristic player's worth, and exports it as `CARD`. `cards.decks` finds the
modules and builds the table from their cards; a new card is a new module. What is here names no
card: the card type, `define`, a requirement's check, playing an event, and the conditions,
effects and readings that several cards share.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ... import data as d
from ... import queries as q
from ...core import (
    Proc,
    ask,
    log,
    log_later,
    log_roll,
    move,
    roll,
    to_supply,
)
from ...decisions import (
    CHOOSE_LOCATION,
    ChooseLocation,
)
from ...mechanics.battle_cards import offer_battle_cards
from ...mechanics.combat import (
    UsForce,
    bombard,
    capture,
    ground_combat,
)
from ...mechanics.movement import move_frigates, send_gunboats
from ...queries import Check, Fact
from ...state import GameState, when
from ...words import agree
from ..late_war import frigate_blocks_treaty, frigate_window, treaty_in_reach
from ..registry import (
    BATTLE,
    CARDS,
    COMMON,
    NEVER_PLAYED,
    RAID_DIE,
    US,
    BattleUse,
    Card,
    Judge,
    Worth,
)

Condition = Callable[[GameState], Check]
"""One printed condition of a requirement: it reads its fact on the board and says whether it
holds (a requirement is its conditions, all of which must hold)."""
Effect = Callable[[GameState], Proc[None]]


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
class AmericanCard(Card):
    """An American card with its rules: its requirement's conditions and its effect procedure."""

    conditions: tuple[Condition, ...] = ()
    """Its requirement as an event, condition by condition, in printed order (none: always
    playable, or a battle card)."""
    effect: Effect | None = None
    """Resolving it as the active event (None for battle cards)."""


def define(cid: str, name: str, kind: str, text: str, requirement: str = "", copies: int = 1, *,
           number: int, requires: tuple[Condition, ...] = (), effect: Effect | None = None,
           battle: BattleUse | None = None, worth: Worth = NEVER_PLAYED,
           frigates_first: bool = False) -> AmericanCard:
    """Define an American card, which its module exports as `CARD` for the table (`number`: its
    printed number in the deck, which places it in the table and the deck)."""
    return AmericanCard(id=cid, name=name, deck=US, kind=kind, copies=copies, text=text,
                        requirement=requirement, battle=battle, worth=worth,
                        frigates_first=frigates_first, number=number, conditions=requires,
                        effect=effect)


def event_requirement(state: GameState, card: str) -> Check:
    """Whether an American card may be played as an event now, with every condition's fact (what
    the hand and the help show; the seasonal options ask only whether it holds, and stop at the
    first condition that fails)."""
    c = CARDS[card]
    if not isinstance(c, AmericanCard) or not c.conditions:
        return _BATTLE_CARD if c.kind == BATTLE else _NO_REQUIREMENT
    if len(c.conditions) == 1:
        return c.conditions[0](state)
    return q.AllOf(*[condition(state) for condition in c.conditions])


_BATTLE_CARD = Check(False, (Fact("battle card", "played only at its trigger"),))
_NO_REQUIREMENT = Check(True)
"""Answers that never change (checks are never modified, so these are shared)."""


def play_american_event(state: GameState, card: str) -> Proc[None]:
    """Resolve an American card as the active event; it goes where its type sends it first."""
    state.us_active_event = card
    c = CARDS[card]
    assert isinstance(c, AmericanCard)
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

def fall_1805(s: GameState) -> Check:
    return _fall_1805_check(s.year, s.season)


@cache
def _fall_1805_check(year: int, season: int) -> Check:
    return q.OneFact((year, season) >= (1805, 2), "date", when(year, season), "Fall 1805 or later")


def active_ally(s: GameState) -> Check:
    return _active_ally_check(tuple(s.active_allies()))


@cache
def _active_ally_check(allies: tuple[str, ...]) -> Check:
    return q.OneFact(bool(allies), "allies at war", lambda: q.ally_names(allies), "at least 1")


def no_active_ally(s: GameState) -> Check:
    return _no_active_ally_check(tuple(s.active_allies()))


@cache
def _no_active_ally_check(allies: tuple[str, ...]) -> Check:
    return q.OneFact(not allies, "allies at war", lambda: q.ally_names(allies), "none")


def frigates_on_map(needed: int) -> Condition:
    def condition(s: GameState) -> Check:
        return _frigates_on_map_check(s.us_frigates_on_map(), needed)
    return condition


@cache
def _frigates_on_map_check(n: int, needed: int) -> Check:
    return q.OneFact(n >= needed, "American frigates on the map", n, f"at least {needed}")


def victory_kept(state: GameState) -> int | None:
    """(Heuristic player) A victory card is kept above all before 1805; from 1805 its card's own
    worth stands (the discard pile comes back in 1805, but only six cards are drawn then)."""
    return 600 if state.year < 1805 else None


def choose_active_ally(state: GameState, card: str) -> Proc[str]:
    choice = yield from ask(US, CHOOSE_LOCATION, f"{d.card_name(card)}: which ally's harbor?",
                            [ChooseLocation(h) for h in state.active_allies()], card=card)
    assert isinstance(choice, ChooseLocation)
    return choice.location


def make_peace(state: GameState, harbor: str) -> None:
    n = to_supply(state, d.ALLIED_CORSAIR, harbor, state.pieces[harbor][d.ALLIED_CORSAIR])
    log(state, US, f"{d.ALLY_NAME[harbor]}'s {d.pieces_name(d.ALLIED_CORSAIR, n)} "
        f"{agree(n, 'returns', 'return')} to the "
        f"supply: {d.ALLY_NAME[harbor]} is at peace.")


def raid_on_tripoli(state: GameState, judge: Judge, at_once: int,
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


def raid_die(state: GameState, card: str) -> Proc[int]:
    """The die of Burn the Philadelphia / Launch the Intrepid (a battle card may add dice: the
    highest is kept)."""
    played = yield from offer_battle_cards(state, RAID_DIE,
                                           f"{d.card_name(card)} is your active event card.")
    dice = yield from roll(state, 1 + played.american_dice, US, d.card_name(card))
    value = max(dice)
    log_roll(state, US, d.card_name(card), dice, f"{value} is used")
    return value


def army_in(city: str) -> Condition:
    def check(s: GameState) -> Check:
        return _army_in_check(city, s.hamet_army_location())
    return check


@cache
def _army_in_check(city: str, where: str) -> Check:
    return q.OneFact(where == city, "Hamet's Army", lambda: q.army_place(where),
                     f"in {d.place_name(city)}")


def eaton_marches(origin: str, city: str, card: str) -> Effect:
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



def marines_in(state: GameState, city: str) -> bool:
    return state.pieces[city][d.MARINE] > 0
