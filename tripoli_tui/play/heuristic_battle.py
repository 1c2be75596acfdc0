"""The heuristic American player's battles: the chances of a ground combat worked out exactly,
whether the Assault is strong enough, its battle cards and where hits go."""

from __future__ import annotations

from ..engine import data as d
from ..engine.decisions import AllocateHit, Choice, Decision, Decline, PlayBattleCard, SendGunboat
from ..engine.state import GameState
from .heuristic_board import worth


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


def marine_cards(state: GameState) -> int:
    """Battle cards in hand that make a Marine fight better (more dice, or hits on less): each
    makes a Marine count once more."""
    count = 0
    for card in state.us_hand:
        use = d.CARDS[card].battle
        if use is not None and (use.bonus.marine_dice or use.bonus.marine_hit):
            count += 1
    return count


def army_strength(state: GameState, where: str) -> int:
    """Hamet's Army's units in a city, a Marine counting double with his battle cards at hand."""
    p = state.pieces[where]
    return p[d.ARAB_INFANTRY] + p[d.MARINE] * (1 + marine_cards(state))


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
    enemy += sum(worth(c).assault_enemy for c in state.battle_card_line)
    ground = 0
    if state.hamet_army_location() == "benghazi":
        ground += p["benghazi"][d.MARINE] * 2 + p["benghazi"][d.ARAB_INFANTRY]
    ground += sum(2 * worth(c).assault_marines for c in state.us_hand)
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
    landing = sum(worth(c).assault_marines for c in state.us_hand)
    if landing:
        attackers += landing * (1 + marine_cards(state))
    return ground_win_chance(attackers, defenders)


def choose_battle_card(state: GameState, pending: Decision) -> Choice:
    """A battle card is played the moment it may be unless its worth says to keep it (the
    card's play_battle: Preble's Boys is kept for the Assault)."""
    play = next(o for o in pending.options if isinstance(o, PlayBattleCard))
    decline = next(o for o in pending.options if isinstance(o, Decline))
    rule = worth(pending.info.card).play_battle
    return play if rule is None or rule(state) else decline


HIT_ORDER = ("arab_infantry", "marine", "frigate", "gunboat", "damaged_frigate")
"""Hits go on what is cheapest to lose: a damaged frigate comes back next year, a sunk one
counts toward Tripoli's victory."""


def choose_hit(state: GameState, pending: Decision) -> Choice:
    hits = [o for o in pending.options if isinstance(o, AllocateHit)]
    return min(hits, key=lambda o: HIT_ORDER.index(o.target) if o.target in HIT_ORDER else 99)


def choose_gunboat(state: GameState, pending: Decision) -> Choice:
    sends = [o for o in pending.options if isinstance(o, SendGunboat)]
    return sends[0] if sends else pending.options[-1]
