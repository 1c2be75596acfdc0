"""The heuristic American player's battles: the chances of a ground combat worked out exactly,
whether Eaton's march or the Assault is strong enough, its battle cards and where hits go."""

from __future__ import annotations

from ..engine import data as d
from ..engine.decisions import AllocateHit, Choice, Decision, Decline, PlayBattleCard, SendGunboat
from ..engine.state import GameState


def _binomial(n: int) -> list[float]:
    """Chances of 0..n sixes on n dice."""
    row = [1.0]
    for _ in range(n):
        row = [a * 5 / 6 + b / 6 for a, b in zip(row + [0.0], [0.0] + row, strict=True)]
    return row


_GROUND: dict[tuple[int, int], float] = {}


def ground_win_chance(attackers: int, defenders: int) -> float:
    """The chance that `attackers` American infantry eliminate `defenders` Tripolitan infantry
    in ground combat to the end (every unit one die, 6 hits; both gone at once is a loss)."""
    if defenders <= 0:
        return 1.0
    if attackers <= 0:
        return 0.0
    key = (attackers, defenders)
    if key not in _GROUND:
        ours, theirs = _binomial(attackers), _binomial(defenders)
        stay = ours[0] * theirs[0]
        total = 0.0
        for i, p in enumerate(ours):
            for j, q in enumerate(theirs):
                if i or j:
                    a, b = attackers - j, defenders - i
                    total += p * q * (1.0 if b <= 0 < a else 0.0 if a <= 0
                                      else ground_win_chance(a, b))
        _GROUND[key] = total / (1 - stay)
    return _GROUND[key]


MARINE_CARDS = ("marine_sharpshooters", "lieutenant_obannon_leads_the_charge")


def _marine_bonus(state: GameState) -> int:
    """How many of the Marines' battle cards are in hand (each makes a Marine count once more)."""
    return sum(c in state.us_hand for c in MARINE_CARDS)


def army_strength(state: GameState, where: str) -> int:
    """Hamet's Army's units in a city, a Marine counting double with his battle cards at hand."""
    p = state.pieces[where]
    return p[d.ARAB_INFANTRY] + p[d.MARINE] * (1 + _marine_bonus(state))


def eaton_chance(state: GameState, origin: str, city: str) -> float:
    """The chance that Eaton's march from `origin` takes `city` after a three-frigate bombardment."""
    frigates = min(3, state.us_frigates_on_map())
    gunboats = state.pieces["malta"][d.GUNBOAT]
    expected_kills = (2 * frigates + gunboats) / 6
    defenders = max(0, round(state.pieces[city][d.TRIPOLITAN_INFANTRY] - expected_kills))
    attackers = army_strength(state, origin)
    if city == "derne" and "mercenaries_desert" in state.battle_card_line:
        attackers -= round(state.pieces[origin][d.ARAB_INFANTRY] / 6)
    return ground_win_chance(attackers, defenders)


ASSAULT_RISK: float | None = 0.9
"""The least chance of taking Tripoli's ground at which the Assault goes in before the last turn
(None: the ground force must outnumber Tripoli's infantry ASSAULT_GROUND times)."""
ASSAULT_FLEET = 1.0
"""The Assault waits for the fleet to roll this many times the dice of Tripoli's ships."""
ASSAULT_GROUND = 1.2
"""... and for the ground force to outnumber Tripoli's infantry this many times."""


def assault_ready(state: GameState) -> bool:
    """The fleet and the ground force look strong enough to take Tripoli."""
    p = state.pieces
    fleet = 2 * state.us_frigates_on_map() + sum(p[loc][d.GUNBOAT] for loc in d.MAP_LOCATIONS)
    enemy = p["tripoli"][d.CORSAIR] + 2 * p["tripoli"][d.TRIPOLITAN_FRIGATE]
    if "the_guns_of_tripoli" in state.battle_card_line:
        enemy += 4
    ground = 0
    if state.hamet_army_location() == "benghazi":
        ground += p["benghazi"][d.MARINE] * 2 + p["benghazi"][d.ARAB_INFANTRY]
    if "send_in_the_marines" in state.us_hand:
        ground += 6
    defenders = p["tripoli"][d.TRIPOLITAN_INFANTRY]
    if ground <= 0 or fleet < enemy * ASSAULT_FLEET:
        return False
    if ASSAULT_RISK is None:
        return ground >= defenders * ASSAULT_GROUND
    return assault_ground_chance(state) >= ASSAULT_RISK


def assault_ground_chance(state: GameState) -> float:
    """The chance that the Assault's landing takes Tripoli, after a bombardment by the whole
    fleet (its expected kills), Marines counting double with their battle cards at hand."""
    p = state.pieces
    frigates = state.us_frigates_on_map()
    gunboats = sum(p[loc][d.GUNBOAT] for loc in d.MAP_LOCATIONS)
    defenders = max(0, round(p["tripoli"][d.TRIPOLITAN_INFANTRY] - (2 * frigates + gunboats) / 6))
    attackers = army_strength(state, "benghazi") if state.hamet_army_location() == "benghazi" else 0
    if "send_in_the_marines" in state.us_hand:
        attackers += 3 * (1 + _marine_bonus(state))
    return ground_win_chance(attackers, defenders)


PREBLE_SAVED = True
"""Preble's Boys Take Aim is kept for the Assault while the Assault may still come."""


def choose_battle_card(state: GameState, pending: Decision) -> Choice:
    """Every battle card is played the moment it may be, Preble's Boys excepted (kept for the
    Assault): Lieutenant Sterett at the first interception (more corsairs sunk in 1801, when
    most of Tripoli's gold is taken), the Marines' cards in the first ground combat."""
    card = pending.info.card
    play = next(o for o in pending.options if isinstance(o, PlayBattleCard))
    decline = next(o for o in pending.options if isinstance(o, Decline))
    if card == "prebles_boys_take_aim":
        saving = (PREBLE_SAVED and state.us_active_event != "assault_on_tripoli"
                  and "assault_on_tripoli" not in state.us_removed)
        return decline if saving else play
    return play


HIT_ORDER = ("arab_infantry", "marine", "frigate", "gunboat", "damaged_frigate")
"""Hits go on what is cheapest to lose: a damaged frigate comes back next year, a sunk one
counts toward Tripoli's victory."""


def choose_hit(state: GameState, pending: Decision) -> Choice:
    hits = [o for o in pending.options if isinstance(o, AllocateHit)]
    return min(hits, key=lambda o: HIT_ORDER.index(o.target) if o.target in HIT_ORDER else 99)


def choose_gunboat(state: GameState, pending: Decision) -> Choice:
    sends = [o for o in pending.options if isinstance(o, SendGunboat)]
    return sends[0] if sends else pending.options[-1]
