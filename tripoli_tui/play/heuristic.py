"""A heuristic American player: plays the way the rulebook's advice and a decent player do.

It blockades the Tripoli patrol zone (and the zones of raiding allies), keeps an eye on the
T-bot's cards that punish one or two frigates there, sends a frigate to Alexandria in time for
Hamet's Army, marches on Derne, and looks for the Treaty or the Assault from Fall 1805. It keeps
its battle cards for their battles and discards the least useful card. It reads only what the
American player sees (the board, its hand, the open discard piles and card lines), never a
face-down pile, and has no state of its own: the same position always gets the same answer.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import data as d
from ..engine.decisions import (
    ALLOCATE_HITS,
    AMERICAN_PLAY,
    BAINBRIDGE,
    BATTLE_CARD,
    CHOOSE_LOCATION,
    HAND_LIMIT,
    MOVE_DESTINATION,
    MOVE_FRIGATE,
    SEND_GUNBOATS,
    AllocateHit,
    CardChoice,
    Choice,
    ChooseLocation,
    Decision,
    Decline,
    DiscardToBuild,
    DiscardToMove,
    Done,
    MoveFrigateFacts,
    MoveFrom,
    MoveTo,
    PlayBattleCard,
    PlayEvent,
    SendGunboat,
    TakeCard,
)
from ..engine.game import Game
from ..engine.players import Move
from ..engine.state import GameState

TRIPOLI_ZONE = "tripoli_patrol_zone"

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
    return value


def _philadelphia_targets(state: GameState) -> bool:
    seen = state.us_hand + state.us_draw  # the pile's contents (not its order) are known
    return "burn_the_philadelphia" in seen or "launch_the_intrepid" in seen


# --- reading the board ---------------------------------------------------------------

def _count(state: GameState, location: str, piece: str = d.US_FRIGATE) -> int:
    return state.pieces[location][piece]


def needs_alexandria(state: GameState) -> bool:
    """A frigate should wait in Alexandria for Hamet's Army Created (late 1803 onward)."""
    return ("hamets_army_created" in state.us_core
            and (state.year, state.season) >= (1803, 2))


def raiding_threat(state: GameState, harbor: str) -> int:
    """Corsairs that could raid out of a harbor."""
    piece = d.ALLIED_CORSAIR if harbor in d.ALLY_HARBORS else d.CORSAIR
    return state.pieces[harbor][piece]


def deployment(state: GameState) -> dict[str, int]:
    """Where the frigates on the map should be, by location (locations not named: none)."""
    available = state.us_frigates_on_map()
    want: dict[str, int] = {}

    def give(location: str, n: int) -> None:
        nonlocal available
        n = min(n, available)
        if n > 0:
            want[location] = want.get(location, 0) + n
            available -= n

    if needs_alexandria(state):
        give("alexandria", 1)
    if (GUARD_GIBRALTAR and state.year == 1801 and state.season < 3
            and "murad_reis_breaks_out" in state.event_card_line
            and state.pieces["gibraltar"][d.CORSAIR]):
        give("gibraltar_patrol_zone", 1)
    corsairs = raiding_threat(state, "tripoli")
    give(TRIPOLI_ZONE, max(3, min(corsairs, 4)))
    for harbor in sorted(d.ALLY_HARBORS, key=lambda h: -raiding_threat(state, h)):
        threat = raiding_threat(state, harbor)
        if threat >= 3:
            give(d.ZONE_OF[harbor], threat)
    give(TRIPOLI_ZONE, available)
    return want


def surplus(state: GameState, want: dict[str, int], location: str) -> int:
    return _count(state, location) - want.get(location, 0)


def misplaced(state: GameState) -> int:
    """How many frigates stand where the deployment does not want them."""
    want = deployment(state)
    return sum(max(0, surplus(state, want, loc)) for loc in d.MAP_LOCATIONS)


# --- the seasonal play ----------------------------------------------------------------

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


def army_strength(state: GameState, where: str) -> int:
    """Hamet's Army's units in a city, a Marine counting double with his battle cards at hand."""
    p = state.pieces[where]
    marines = p[d.MARINE]
    bonus = sum(c in state.us_hand for c in ("marine_sharpshooters",
                                            "lieutenant_obannon_leads_the_charge"))
    return p[d.ARAB_INFANTRY] + marines * (1 + bonus)


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
        bonus = sum(c in state.us_hand for c in ("marine_sharpshooters",
                                                "lieutenant_obannon_leads_the_charge"))
        attackers += 3 * (1 + bonus)
    return ground_win_chance(attackers, defenders)


ASSAULT_RISK: float | None = 0.9
"""The least chance of taking Tripoli's ground at which the Assault goes in before the last turn
(None: the ground force must outnumber Tripoli's infantry ASSAULT_GROUND times)."""


EATON_RISK = 0.85
"""The least chance of taking the city at which General Eaton attacks."""


def late(state: GameState) -> bool:
    """The last year and a half: Fall 1805 on."""
    return (state.year, state.season) >= (1805, 2)


ASSAULT_FLEET = 1.0
"""The Assault waits for the fleet to roll this many times the dice of Tripoli's ships."""
ASSAULT_GROUND = 1.2
"""... and for the ground force to outnumber Tripoli's infantry this many times."""
BENGHAZI_FROM = (1804, 2)
"""General Eaton marches on Benghazi (for the Assault) from this (year, season)."""
MOVE_VALUE = 120
"""What moving one misplaced frigate is worth."""
BUILD_VALUE = 150
"""What a gunboat in Malta is worth (while fewer than three are on the map)."""
SWEDES_UNTIL = 1802
"""The last year the Swedish frigates are worth sending (Sweden pays tribute from 1803)."""
GUARD_GIBRALTAR = False
"""Keep a frigate in the Gibraltar patrol zone in 1801 while Murad Reis may break out."""
JEFFERSON_EARLY = 400
"""In 1801 Thomas Jefferson's eight moves are worth this much per frigate to place."""
CONFISCATED = 300
"""What Corsairs Confiscated gains, before 150 a corsair in Gibraltar."""
PRIORITY = 5000
"""An event gaining this much is played before anything else."""


def last_turn(state: GameState) -> bool:
    return state.year == 1806 and state.season == 3


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
    if card == "burn_the_philadelphia":
        return 450
    if card == "launch_the_intrepid":
        return 350 if p["tripoli"][d.CORSAIR] + p["tripoli"][d.TRIPOLITAN_FRIGATE] else None
    if card == "naval_movement":
        n = misplaced(state) if spare is None else spare
        return 120 * min(4, n)
    if card == "bainbridge_supplies_intel":
        best = max((keep_value(state, c) for c in state.us_discard
                    if c != "bainbridge_supplies_intel"), default=0)
        return best - 100
    return None


def action_values(state: GameState, spare: int) -> tuple[int, int]:
    """What discarding a card to move two frigates, or to build a gunboat, is worth now, with
    `spare` frigates misplaced."""
    move_value = MOVE_VALUE * min(2, spare)
    gunboats = sum(state.pieces[loc][d.GUNBOAT] for loc in d.MAP_LOCATIONS)
    build_value = BUILD_VALUE if gunboats < d.MAX_GUNBOATS else 0
    return move_value, build_value


def choose_play(state: GameState, options: tuple[Choice, ...]) -> Choice:
    """The option worth most: what it gains now less what the card spent was worth keeping."""
    spare = misplaced(state)
    move_value, build_value = action_values(state, spare)
    best: tuple[int, int] | None = None
    chosen = options[0]
    for i, option in enumerate(options):
        if isinstance(option, PlayEvent):
            gain = event_value(state, option.card, spare)
            if gain is None:
                continue
            value = gain if gain >= PRIORITY else gain - keep_value(state, option.card)
        elif isinstance(option, DiscardToMove):
            value = move_value - keep_value(state, option.card)
        elif isinstance(option, DiscardToBuild):
            value = build_value - keep_value(state, option.card)
        else:
            value = -10_000
        key = (value, -i)
        if best is None or key > best:
            best, chosen = key, option
    return chosen


def choose_discard(state: GameState, options: tuple[Choice, ...]) -> Choice:
    cards = [o for o in options if isinstance(o, CardChoice)]
    return min(cards, key=lambda o: keep_value(state, o.card)) if cards else options[0]


# --- movement -------------------------------------------------------------------------

SOURCE_ORDER = ("malta", "gibraltar") + d.HARBORS + d.PATROL_ZONES
"""Ties between equally spare frigates are broken harbors first (they guard nothing)."""


def choose_source(state: GameState, pending: Decision) -> Choice:
    want = deployment(state)
    sources = [o for o in pending.options if isinstance(o, MoveFrom)]
    info = pending.info
    destination = info.destination if isinstance(info, MoveFrigateFacts) else ""
    ranked = sorted(sources, key=lambda o: (-surplus(state, want, o.location),
                                            SOURCE_ORDER.index(o.location)))
    done = [o for o in pending.options if isinstance(o, Done)]
    if destination:
        card = info.card
        if not done or card.startswith("general_eaton"):
            return ranked[0]  # exactly so many must go, or the army needs the bombardment
        spare = [o for o in ranked if surplus(state, want, o.location) > 0]
        return spare[0] if spare else done[0]
    deficits = [loc for loc in d.MAP_LOCATIONS if surplus(state, want, loc) < 0]
    spare = [o for o in ranked if surplus(state, want, o.location) > 0]
    if spare and deficits:
        return spare[0]
    return done[0] if done else ranked[0]


def choose_destination(state: GameState, pending: Decision) -> Choice:
    want = deployment(state)
    options = [o for o in pending.options if isinstance(o, MoveTo)]
    return max(options, key=lambda o: (-surplus(state, want, o.location),
                                       o.location == TRIPOLI_ZONE))


def choose_location(state: GameState, pending: Decision) -> Choice:
    places = [o for o in pending.options if isinstance(o, ChooseLocation)]
    want = deployment(state)
    if all(p.location in d.PATROL_ZONES for p in places):
        return max(places, key=lambda o: (-surplus(state, want, o.location),
                                          o.location == TRIPOLI_ZONE))
    return max(places, key=lambda o: raiding_threat(state, o.location))


# --- battles ----------------------------------------------------------------------------

def choose_battle_card(state: GameState, pending: Decision) -> Choice:
    card = pending.info.card
    play = next(o for o in pending.options if isinstance(o, PlayBattleCard))
    decline = next(o for o in pending.options if isinstance(o, Decline))
    if card == "prebles_boys_take_aim":
        saving = (PREBLE_SAVED and state.us_active_event != "assault_on_tripoli"
                  and "assault_on_tripoli" not in state.us_removed)
        return decline if saving else play
    if card == "lieutenant_sterett_in_pursuit":
        return play if state.gold >= STERETT_GOLD or (state.year, state.season) >= (1804, 0) else decline
    return play


PREBLE_SAVED = True
"""Preble's Boys Take Aim is kept for the Assault while the Assault may still come."""
STERETT_GOLD = 6
"""Lieutenant Sterett in Pursuit is played before 1804 once Tripoli holds this much gold."""


HIT_ORDER = ("arab_infantry", "marine", "frigate", "gunboat", "damaged_frigate")
"""Hits go on what is cheapest to lose: a damaged frigate comes back next year, a sunk one
counts toward Tripoli's victory."""


def choose_hit(state: GameState, pending: Decision) -> Choice:
    hits = [o for o in pending.options if isinstance(o, AllocateHit)]
    return min(hits, key=lambda o: HIT_ORDER.index(o.target) if o.target in HIT_ORDER else 99)


def choose_gunboat(state: GameState, pending: Decision) -> Choice:
    sends = [o for o in pending.options if isinstance(o, SendGunboat)]
    return sends[0] if sends else pending.options[-1]


def choose_bainbridge(state: GameState, pending: Decision) -> Choice:
    best: Choice = pending.options[0]
    best_value = -1
    for option in pending.options:
        if isinstance(option, PlayEvent):
            value = event_value(state, option.card)
            value = -1 if value is None or value < 1000 else value
        elif isinstance(option, TakeCard):
            value = keep_value(state, option.card)
        else:
            continue
        if value > best_value:
            best, best_value = option, value
    return best


Rule = Callable[[GameState, Decision], Choice]

RULES: dict[str, Rule] = {
    AMERICAN_PLAY: lambda s, p: choose_play(s, p.options),
    HAND_LIMIT: lambda s, p: choose_discard(s, p.options),
    MOVE_FRIGATE: choose_source,
    MOVE_DESTINATION: choose_destination,
    SEND_GUNBOATS: lambda s, p: choose_gunboat(s, p),
    CHOOSE_LOCATION: choose_location,
    BATTLE_CARD: choose_battle_card,
    ALLOCATE_HITS: choose_hit,
    BAINBRIDGE: choose_bainbridge,
}
"""The rule for each kind of American decision (any other kind: its first option)."""


class HeuristicPlayer:
    """The American side played by the rules above (a Player); the seed is accepted so that it
    can stand wherever a seeded player does, and it makes no random choice."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def answer(self, game: Game) -> Move[None]:
        pending = game.pending
        assert pending is not None
        rule = RULES.get(pending.kind)
        choice = rule(game.state, pending) if rule is not None else pending.options[0]
        return Move(choice, None)

