"""The Assault on Tripoli: the fleet sails in, fights to the end, then lands."""

from __future__ import annotations

from .. import data as d
from ..cards.registry import LANDING, NAVAL_BATTLE
from ..core import Proc, end_game, log, move
from ..state import GameState
from .battle_cards import NOTHING_PLAYED, Played, offer_battle_cards
from .combat import (
    bombard,
    capture,
    ground_combat,
    naval_round,
    us_ships_to_malta,
)

US, TR = d.US, d.TRIPOLITANIA


def assault_on_tripoli(state: GameState) -> Proc[None]:
    """The Assault on Tripoli card's effect."""
    for loc in d.MAP_LOCATIONS:
        if loc != "tripoli":
            move(state, d.US_FRIGATE, loc, "tripoli", state.pieces[loc][d.US_FRIGATE])
            move(state, d.GUNBOAT, loc, "tripoli", state.pieces[loc][d.GUNBOAT])
    p = state.pieces["tripoli"]
    log(state, US, f"Assault on Tripoli! {d.pieces_name(d.US_FRIGATE, p[d.US_FRIGATE])} and "
        f"{d.pieces_name(d.GUNBOAT, p[d.GUNBOAT])} sail into the harbor of Tripoli.", "header")
    if state.hamet_army_location() == "benghazi":
        for piece in (d.MARINE, d.ARAB_INFANTRY):
            move(state, piece, "benghazi", "tripoli", state.pieces["benghazi"][piece])
        log(state, US, "Hamet's Army marches from Benghazi to Tripoli.")
    if p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE]:
        yield from _assault_naval_battle(state)
    else:
        log(state, US, "No Tripolitan ship is in the harbor: no naval battle (ruling C-9).")
    yield from assault_landing(state)


def _us_fleet(state: GameState) -> int:
    p = state.pieces["tripoli"]
    return p[d.US_FRIGATE] + p[d.GUNBOAT]


def _assault_naval_battle(state: GameState) -> Proc[None]:
    state.assault_damaged = {d.US_FRIGATE: 0, d.TRIPOLITAN_FRIGATE: 0}
    why = "Assault on Tripoli: naval battle in the harbor of Tripoli."
    played = yield from offer_battle_cards(state, NAVAL_BATTLE, why, "tripoli")
    yield from assault_rounds(state, first=True, played=played)


def assault_rounds(state: GameState, *, first: bool,
                   played: Played = NOTHING_PLAYED) -> Proc[None]:
    """The Assault's naval rounds until one fleet is gone, then the end of the naval battle."""
    p = state.pieces["tripoli"]
    while _us_fleet(state) and p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE]:
        if not first:
            log(state, US, "The battle in the harbor of Tripoli goes on.", "header")
        if _us_fleet(state) == 0:
            break
        yield from naval_round(state, "tripoli", active=US, assault=True, first_round=first,
                               played=played)
        first = False
    if _us_fleet(state) == 0:
        both = p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE] == 0
        end_game(state, TR, "assault_failed",
                 "Both fleets are destroyed in the harbor of Tripoli: the assault fails. "
                 "Tripolitania wins." if both else
                 "The American fleet is destroyed in the harbor of Tripoli: the assault fails. "
                 "Tripolitania wins.")
    damaged = state.assault_damaged.get(d.US_FRIGATE, 0)
    state.assault_damaged = {}
    if damaged:
        move(state, d.US_FRIGATE, "tripoli", d.US_SUPPLY, damaged)
        log(state, US, f"{d.pieces_name(d.US_FRIGATE, damaged)} damaged in the assault return to "
            "the supply (not sunk).")


def assault_landing(state: GameState) -> Proc[None]:
    """After the naval battle: bombardment, Send in the Marines, then the ground combat."""
    p = state.pieces["tripoli"]
    if (p[d.US_FRIGATE] or p[d.GUNBOAT]) and p[d.TRIPOLITAN_INFANTRY]:
        yield from bombard(state, "tripoli")
    else:
        us_ships_to_malta(state, "tripoli")
    yield from offer_battle_cards(state, LANDING, "Ground combat in Tripoli is about to begin.",
                                  "tripoli")
    if p[d.MARINE] + p[d.ARAB_INFANTRY] == 0:
        end_game(state, TR, "assault_failed",
                 "No American troops are ashore at Tripoli: the assault fails. Tripolitania wins.")
    if p[d.TRIPOLITAN_INFANTRY] == 0:
        capture(state, "tripoli")
    yield from ground_combat(state, "tripoli")
