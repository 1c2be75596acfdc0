"""The T-bot in battle: its battle card line triggers (B1-B6) and its hit allocation (H-F, H-C)."""

from __future__ import annotations

from collections.abc import Callable

from tripoli_tui.engine import data as d
from tripoli_tui.engine import queries as q
from tripoli_tui.engine.decisions import AllocateHit, Choice, Decision, Decline, PlayBattleCard
from tripoli_tui.engine.state import GameState

from . import flowchart as fc
from .reasoning import Reasoning, make_step

Trigger = Callable[[GameState], tuple[list[str], bool]]
"""A battle card's T-bot trigger: the board facts it looked at and whether it holds."""

OFFERED = "the engine offers it: the card's printed condition holds now"


def _active(card: str) -> str:
    return d.card_name(card) if card else "none"


def _happy_hunting(state: GameState) -> tuple[list[str], bool]:
    left = state.pieces["tripoli"][d.CORSAIR]
    return ([f"{OFFERED} (a pirate raid from Tripoli, R14)",
             f"Tripolitan corsairs past interception in the harbor of Tripoli: {left}, "
             "needed at least 1",
             "first such raid: Happy Hunting is still in the battle card line"], left >= 1)


def _merchant_ship(state: GameState) -> tuple[list[str], bool]:
    supply = q.red_corsairs_in_supply(state)
    return ([f"{OFFERED} (the raid captured a merchant ship, R15)",
             f"Tripolitan corsairs in the supply: {supply}, needed at least 1"], supply >= 1)


def _uncharted_waters(state: GameState) -> tuple[list[str], bool]:
    event = state.tbot_active_event
    return ([f"the T-bot's active event card: {_active(event)}, needed The Philadelphia Runs "
             "Aground"], event == "the_philadelphia_runs_aground")


def ground_battle_city(state: GameState) -> str:
    """The city where Hamet's Army and Tripolitan infantry meet ('' for none)."""
    for city in d.TRIPOLITAN_CITIES:
        p = state.pieces[city]
        if (p[d.ARAB_INFANTRY] or p[d.MARINE]) and p[d.TRIPOLITAN_INFANTRY]:
            return city
    return ""


def _mercenaries_desert(state: GameState) -> tuple[list[str], bool]:
    event = state.us_active_event
    city = ground_battle_city(state)
    arabs = state.pieces[city][d.ARAB_INFANTRY] if city else 0
    where = d.place_name(city) if city else "none"
    holds = event == "general_eaton_attacks_derne" and city == "derne" and arabs >= 1
    return ([f"the American active event card: {_active(event)}, needed General Eaton Attacks "
             "Derne (R18, R20)",
             f"ground combat in: {where}, needed Derne",
             f"Arab infantry in the battle: {arabs}, needed at least 1"], holds)


def _signal_books(state: GameState) -> tuple[list[str], bool]:
    hand = len(state.us_hand)
    return ([f"{OFFERED} (an American frigate made the interception roll, R16)",
             f"year: {state.year}, needed 1805 or 1806",
             f"cards in the American hand: {hand}, needed at least 1"],
            state.year >= 1805 and hand >= 1)


def _guns_of_tripoli(state: GameState) -> tuple[list[str], bool]:
    event = state.us_active_event
    assault = event == "assault_on_tripoli"
    ships = q.red_ships_in_tripoli(state)
    in_season = state.year == 1806 or (state.year == 1805 and state.season != 3)
    facts = [f"the American active event card: {_active(event)} (Assault on Tripoli: always play)",
             f"date: {state.when}, needed Spring, Summer or Fall 1805, or 1806, unless the "
             "Assault",
             f"Tripolitan ships in the harbor of Tripoli: {ships}, needed at least 1 (R17, R34)"]
    return facts, (assault or in_season) and ships >= 1


TRIGGERS: dict[str, Trigger] = {
    "happy_hunting": _happy_hunting,
    "merchant_ship_converted": _merchant_ship,
    "uncharted_waters": _uncharted_waters,
    "mercenaries_desert": _mercenaries_desert,
    "us_signal_books_overboard": _signal_books,
    "the_guns_of_tripoli": _guns_of_tripoli,
}
"""Each battle card's T-bot trigger, by card id (rules digest e.4)."""


def answer_battle_card(state: GameState, pending: Decision) -> Reasoning:
    """B1-B6: play the offered battle card when its T-bot trigger holds (R13), else keep it."""
    card = str(pending.info["card"])
    flow, trigger = fc.BATTLE_CARD_STEP[card], TRIGGERS[card]
    facts, holds = trigger(state)
    name = d.card_name(card)
    if holds:
        step = make_step(flow, facts, True, f"trigger holds: play {name}", card)
        return Reasoning((step,), PlayBattleCard(card), f"The T-bot plays {name}.")
    step = make_step(flow, facts, False, f"trigger does not hold: {name} stays in the line", card)
    return Reasoning((step,), Decline(), f"The T-bot keeps {name} for later.")


# --- hit allocation ------------------------------------------------------------------

FRIGATE_FIRST = ("frigate", "corsair", "damaged_frigate")
CORSAIR_FIRST = ("corsair", "frigate", "damaged_frigate")


def is_frigate_first(state: GameState) -> bool:
    """Mode F: 1801-1804, Winter 1805, or against the Assault on Tripoli (rules digest e.5)."""
    return (state.year <= 1804 or (state.year == 1805 and state.season == 3)
            or state.us_active_event == "assault_on_tripoli")


def answer_allocate_hit(state: GameState, pending: Decision) -> Reasoning:
    """H-MODE then H-F or H-C: the first target of the mode's order that can take the hit."""
    frigate_first = is_frigate_first(state)
    mode_facts = [f"date: {state.when}",
                  f"the American active event card: {_active(state.us_active_event)}"]
    mode = make_step(fc.H_MODE, mode_facts, frigate_first,
                     "frigates first (1801-1804, Winter 1805, or the Assault)" if frigate_first
                     else "corsairs first (Spring, Summer, Fall 1805 and 1806)")
    flow, order = (fc.H_F, FRIGATE_FIRST) if frigate_first else (fc.H_C, CORSAIR_FIRST)
    offered = {o.target for o in pending.options if isinstance(o, AllocateHit)}
    where = pending.info.get("location", "")
    facts = [f"hits left to allocate: {pending.info.get('hits_left', '?')}",
             *([f"battle at: {d.place_name(str(where))}"] if where else []),
             *[f"{AllocateHit(t).describe()}: {'possible' if t in offered else 'not possible'}"
               for t in order]]
    target = next((t for t in order if t in offered), None)
    if target is None:
        raise ValueError(f"no Tripolitan ship can take the hit: {sorted(offered)}")
    choice: Choice = AllocateHit(target)
    pick = make_step(flow, facts, True, choice.describe())
    return Reasoning((mode, pick), choice, f"The T-bot's hit: {choice.describe().lower()}.")
