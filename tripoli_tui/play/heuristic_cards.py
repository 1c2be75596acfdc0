"""The heuristic American player's cards: what a card in hand is worth keeping, and what
playing its event now gains (the seasonal play weighs one against the other)."""

from __future__ import annotations

from ..engine import data as d
from ..engine.state import GameState
from .heuristic_battle import assault_ready, eaton_chance
from .heuristic_board import misplaced, raiding_threat

KEEP_VALUE: dict[str, int] = {
    "thomas_jefferson": 400,
    "treaty_of_peace_and_amity": 1000,
    "assault_on_tripoli": 900,
    "general_eaton_attacks_derne": 700,
    "general_eaton_attacks_benghazi": 450,
    "send_in_the_marines": 420,
    "a_show_of_force": 400,
    "constantinople_demands_tribute": 380,
    "marine_sharpshooters": 330,
    "lieutenant_obannon_leads_the_charge": 330,
    "prebles_boys_take_aim": 300,
    "hamet_recruits_bedouins": 260,
    "congress_authorizes_action": 250,
    "bainbridge_supplies_intel": 240,
    "corsairs_confiscated": 200,
    "early_deployment": 160,
    "burn_the_philadelphia": 150,
    "launch_the_intrepid": 140,
    "lieutenant_sterett_in_pursuit": 130,
    "tribute_paid": 110,
    "naval_movement": 90,
    "the_daring_stephen_decatur": 40,
}
"""What a card in hand is worth keeping: the card discarded first is the one worth least."""

ASSAULT_CARDS = {"send_in_the_marines": 800, "marine_sharpshooters": 500,
                 "lieutenant_obannon_leads_the_charge": 500, "prebles_boys_take_aim": 450}
"""What the Assault's battle cards are worth keeping in 1805-1806 while the Assault is in reach:
a card discarded then is not seen again."""
FRIGATE_RAIDERS = {"burn_the_philadelphia": 400, "launch_the_intrepid": 300,
                   "the_daring_stephen_decatur": 250}
"""What the cards that can rid Tripoli's harbor of a frigate are worth keeping in 1805-1806
while the Treaty is in reach (a Tripolitan frigate there, sent by Constantinople when Derne
falls, is what most often stands between a player holding the Treaty and his victory)."""
SPENT_LATE = ("early_deployment", "congress_authorizes_action", "lieutenant_sterett_in_pursuit")
"""Cards of no use in 1806 (no following year; the blockade no longer decides the war)."""


def keep_value(state: GameState, card: str) -> int:
    """How much a card in hand is worth keeping now (its event may still matter later)."""
    value = KEEP_VALUE.get(card, 50)
    if card == "general_eaton_attacks_derne" and state.derne_captured:
        return 20
    if card == "corsairs_confiscated" and not state.pieces["gibraltar"][d.CORSAIR]:
        return 10
    if card == "the_daring_stephen_decatur" and not _philadelphia_targets(state):
        return 5
    if card in ("treaty_of_peace_and_amity", "assault_on_tripoli") and state.year < 1805:
        return 600  # the discard pile comes back in 1805, but only six cards are drawn then
    if state.year >= 1805:
        if card in FRIGATE_RAIDERS and treaty_in_reach(state):
            return FRIGATE_RAIDERS[card]
        if card in ASSAULT_CARDS and in_reach(state, "assault_on_tripoli"):
            return ASSAULT_CARDS[card]
        if card in SPENT_LATE and state.year == 1806:
            return 0
    return value


def in_reach(state: GameState, card: str) -> bool:
    """The card is in hand or still to be drawn (the pile's contents are known, not its order)."""
    return card in state.us_hand or card in state.us_draw


def _philadelphia_targets(state: GameState) -> bool:
    return in_reach(state, "burn_the_philadelphia") or in_reach(state, "launch_the_intrepid")


def treaty_in_reach(state: GameState) -> bool:
    """The Treaty is in hand or still to be drawn, and Derne is (or may yet be) captured."""
    return (in_reach(state, "treaty_of_peace_and_amity")
            and (state.derne_captured or bool(state.hamet_army_location())
                 or "hamets_army_created" in state.us_core))


def frigate_blocks_treaty(state: GameState) -> bool:
    """Derne captured, the Treaty in hand, and a Tripolitan frigate in Tripoli's harbor."""
    return (state.derne_captured and "treaty_of_peace_and_amity" in state.us_hand
            and state.pieces["tripoli"][d.TRIPOLITAN_FRIGATE] > 0)


def frigate_window(state: GameState) -> bool:
    """A Tripolitan frigate driven off now stays away until the Treaty can be played: in 1806 a
    damaged frigate leaves the game (not on the last turn: no turn would follow); in Fall 1805
    it is away for Winter, worth it once the allies are at peace; before, it comes back."""
    if last_turn(state):
        return False
    return state.year == 1806 or ((state.year, state.season) == (1805, 2)
                                  and not state.active_allies())


def late(state: GameState) -> bool:
    """The last year and a half: Fall 1805 on."""
    return (state.year, state.season) >= (1805, 2)


def last_turn(state: GameState) -> bool:
    return state.year == 1806 and state.season == 3


EATON_RISK = 0.85
"""The least chance of taking the city at which General Eaton attacks."""
BENGHAZI_FROM = (1804, 2)
"""General Eaton marches on Benghazi (for the Assault) from this (year, season)."""
MOVE_VALUE = 120
"""What moving one misplaced frigate is worth."""
BUILD_VALUE = 150
"""What a gunboat in Malta is worth (while fewer than three are on the map)."""
SWEDES_UNTIL = 1802
"""The last year the Swedish frigates are worth sending (Sweden pays tribute from 1803)."""
JEFFERSON_EARLY = 400
"""In 1801 Thomas Jefferson's eight moves are worth this much per frigate to place."""
CONFISCATED = 300
"""What Corsairs Confiscated gains, before 150 a corsair in Gibraltar."""


def event_value(state: GameState, card: str, spare: int | None = None) -> int | None:
    """What playing a card's event now is worth (None: not worth it now); `spare` is
    misplaced(state) when the caller has it already."""
    p = state.pieces
    if card == "treaty_of_peace_and_amity":
        return 10_000
    if card == "assault_on_tripoli":
        has_ground = (state.hamet_army_location() == "benghazi"
                      or "send_in_the_marines" in state.us_hand)
        if not has_ground:
            return None
        return 9000 if assault_ready(state) or last_turn(state) else None
    if card == "hamets_army_created":
        return 8000
    if card == "hamet_recruits_bedouins":
        where = state.hamet_army_location()
        return 7600 if where in ("alexandria", "derne") else 300
    if card == "general_eaton_attacks_derne":
        chance = eaton_chance(state, "alexandria", "derne")
        return 7500 if chance >= EATON_RISK or late(state) else None
    if card == "general_eaton_attacks_benghazi":
        chance = eaton_chance(state, "derne", "benghazi")
        wanted = ("assault_on_tripoli" not in state.us_removed
                  and (state.year, state.season) >= BENGHAZI_FROM)
        return 7000 if wanted and chance >= EATON_RISK else None
    if card == "constantinople_demands_tribute":
        return 6000 if state.gold >= 8 else (300 + 200 * min(2, state.gold) if state.gold >= 2 else None)
    if card == "a_show_of_force":
        best = max((raiding_threat(state, h) for h in state.active_allies()), default=0)
        return 500 + 100 * best
    if card == "tribute_paid":
        needed = (state.derne_captured and len(state.active_allies()) == 1
                  and "treaty_of_peace_and_amity" in state.us_hand and state.gold <= 8)
        return 6500 if needed else None
    if card == "swedish_frigates_arrive":
        early = state.year <= SWEDES_UNTIL or "sweden_pays_tribute" not in state.event_card_line
        return 650 if early else None
    if card == "thomas_jefferson":
        n = misplaced(state) if spare is None else spare
        return (JEFFERSON_EARLY if state.year == 1801 else 150) * n if n >= 3 else 0
    if card == "congress_authorizes_action":
        return 700 if state.year <= 1804 else 250
    if card == "early_deployment":
        return 600
    if card == "corsairs_confiscated":
        return CONFISCATED + 150 * p["gibraltar"][d.CORSAIR]
    if card in ("burn_the_philadelphia", "launch_the_intrepid"):
        return _raid_on_tripoli(state, card)
    if card == "naval_movement":
        n = misplaced(state) if spare is None else spare
        return 120 * min(4, n)
    if card == "bainbridge_supplies_intel":
        best = max((keep_value(state, c) for c in state.us_discard
                    if c != "bainbridge_supplies_intel"), default=0)
        return best - 100
    return None


def _raid_on_tripoli(state: GameState, card: str) -> int | None:
    """Burn the Philadelphia or Launch the Intrepid: at once when a Tripolitan frigate alone
    stands in the Treaty's way and would stay away; kept in 1805-1806 while the Treaty is in
    reach; before, played for what it sinks."""
    if frigate_blocks_treaty(state) and frigate_window(state):
        return 7200 if card == "burn_the_philadelphia" else 7100
    if state.year >= 1805 and treaty_in_reach(state):
        return None
    if card == "burn_the_philadelphia":
        return 450
    p = state.pieces["tripoli"]
    return 350 if p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE] else None


def action_values(state: GameState, spare: int) -> tuple[int, int]:
    """What discarding a card to move two frigates, or to build a gunboat, is worth now, with
    `spare` frigates misplaced."""
    move_value = MOVE_VALUE * min(2, spare)
    gunboats = sum(state.pieces[loc][d.GUNBOAT] for loc in d.MAP_LOCATIONS)
    build_value = BUILD_VALUE if gunboats < d.MAX_GUNBOATS else 0
    return move_value, build_value
