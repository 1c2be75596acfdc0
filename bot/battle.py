"""The T-bot in battle: its battle card line (B1-B6, each card's trigger is in the card's definition)
and its hit allocation (H-F, H-C)."""

from __future__ import annotations

from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.decks import FRIGATES_FIRST_AGAINST, TRIPOLITAN
from tripoli_tui.engine.cards.tripolitan import active_card_name
from tripoli_tui.engine.decisions import AllocateHit, Choice, Decision, Decline, HitFacts, PlayBattleCard
from tripoli_tui.engine.state import GameState

from . import flowchart as fc
from .reasoning import Reasoning, facts_of, make_step, marked


def answer_battle_card(state: GameState, pending: Decision) -> Reasoning:
    """B1-B6: play the offered battle card when its T-bot trigger holds (TB-16), else keep it."""
    card = pending.info.card
    flow, trigger = fc.BATTLE_CARD_STEP[card], TRIPOLITAN[card].trigger
    assert trigger is not None, f"{card} is not one of the T-bot's battle cards"
    check = trigger(state)
    facts, holds = facts_of(check), check.ok
    name = d.card_name(card)
    if holds:
        step = make_step(flow, facts, True, f"its condition holds: the T-bot plays {name}", card)
        return Reasoning((step,), PlayBattleCard(card), f"The T-bot plays {name}.")
    step = make_step(flow, facts, False,
                     f"its condition does not hold: {name} stays in the battle card line", card)
    return Reasoning((step,), Decline(), f"The T-bot keeps {name} for later.")


# --- hit allocation ------------------------------------------------------------------

FRIGATE_FIRST = ("frigate", "corsair", "damaged_frigate")
CORSAIR_FIRST = ("corsair", "frigate", "damaged_frigate")


FRIGATES_FIRST_NAMES = tuple(d.card_name(c) for c in FRIGATES_FIRST_AGAINST)


def frigates_first(year: int, season: int, assault: bool) -> bool:
    """Mode F: 1801-1804, Winter 1805, or against the Assault on Tripoli (ruling TB-15)."""
    return year <= 1804 or (year == 1805 and season == 3) or assault


def is_frigate_first(state: GameState) -> bool:
    """Mode F in this position (ruling TB-15)."""
    return frigates_first(state.year, state.season,
                          state.us_active_event in FRIGATES_FIRST_AGAINST)


def answer_allocate_hit(state: GameState, pending: Decision) -> Reasoning:
    """H-MODE then H-F or H-C: the first target of the mode's order that can take the hit."""
    frigate_first = is_frigate_first(state)
    early = state.year <= 1804 or (state.year == 1805 and state.season == 3)
    assault = state.us_active_event in FRIGATES_FIRST_AGAINST
    mode_facts = [marked(f"date: {state.when}, frigates first in 1801-1804 and Winter 1805",
                         early),
                  marked("the American active event card: "
                         f"{active_card_name(state.us_active_event)}, frigates first against "
                         f"{' or '.join(FRIGATES_FIRST_NAMES)}", assault)]
    mode = make_step(fc.H_MODE, mode_facts, frigate_first,
                     "frigates first (1801-1804, Winter 1805, or the Assault)" if frigate_first
                     else "corsairs first (Spring, Summer, Fall 1805 and 1806)")
    flow, order = (fc.H_F, FRIGATE_FIRST) if frigate_first else (fc.H_C, CORSAIR_FIRST)
    offered = {o.target for o in pending.options if isinstance(o, AllocateHit)}
    info = pending.info
    where, left = (info.location, str(info.hits_left)) if isinstance(info, HitFacts) else ("", "?")
    facts = [f"hits left to allocate: {left}",
             *([f"battle at: {d.place_name(where)}"] if where else []),
             *[f"{AllocateHit(t).describe()}: {'possible' if t in offered else 'not possible'}"
               for t in order]]
    target = next((t for t in order if t in offered), None)
    if target is None:
        raise ValueError(f"no Tripolitan ship can take the hit: {sorted(offered)}")
    choice: Choice = AllocateHit(target)
    pick = make_step(flow, facts, True, choice.describe())
    return Reasoning((mode, pick), choice, f"The T-bot's hit: {choice.describe().lower()}.")
