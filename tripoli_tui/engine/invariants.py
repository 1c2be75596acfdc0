"""check_invariants(state): every way a position can be impossible, as a list of problems."""

from __future__ import annotations

from collections import Counter

from . import data as d
from .cards.decks import CARDS, REFERENCE_CARDS, TBOT_EVENT_LINE_START, TRIPOLITAN, US_CORE_CARDS
from .cards.registry import QUEUE
from .state import GameState, Phase
from .words import plural

ALLOWED = {
    d.US_FRIGATE: set(d.MAP_LOCATIONS) | set(d.TRACK) | {d.US_SUPPLY, d.SUNK},
    d.GUNBOAT: {"malta", d.US_SUPPLY} | set(d.HARBORS),
    d.SWEDISH_FRIGATE: {"tripoli_patrol_zone", d.US_SUPPLY},
    d.MARINE: set(d.CITIES) | {d.US_SUPPLY},
    d.ARAB_INFANTRY: set(d.CITIES) | {d.US_SUPPLY},
    d.TRIPOLITAN_FRIGATE: {"tripoli", "tripoli_patrol_zone", d.TRIPOLITAN_SUPPLY} | set(d.TRACK),
    d.CORSAIR: {"tripoli", "gibraltar", "tripoli_patrol_zone", d.TRIPOLITAN_SUPPLY},
    d.ALLIED_CORSAIR: set(d.ALLY_HARBORS) | {d.TRIPOLITAN_SUPPLY},
    d.TRIPOLITAN_INFANTRY: set(d.TRIPOLITAN_CITIES) | {d.TRIPOLITAN_SUPPLY},
}
"""Where each piece may ever be."""

US_CARDS = Counter(c.id for c in CARDS.values() if c.deck == d.US for _ in range(c.copies))
TBOT_CARDS = Counter(
    c.id for c in CARDS.values() if c.deck == d.TRIPOLITANIA
    and c.id not in REFERENCE_CARDS for _ in range(c.copies))


def check_invariants(state: GameState, *, hand_limit_pending: bool = False) -> list[str]:
    """Problems with a position (empty when it is a possible one)."""
    problems: list[str] = []
    for piece, total in d.PIECE_TOTALS.items():
        found = 0
        for loc, counts in state.pieces.items():
            n = counts[piece]
            if n < 0:
                problems.append(f"{piece} at {loc}: negative count {n}")
            if n and loc not in ALLOWED[piece]:
                problems.append(f"{piece} at {loc}: not a place it can be")
            found += n
        if found != total:
            problems.append(f"{piece}: {found} pieces in play, there are {total}")
    if not 0 <= state.gold <= d.GOLD_TOTAL:
        problems.append(f"gold {state.gold} outside 0-12")
    if state.frigates_sunk > d.FRIGATES_SUNK_TO_WIN:
        problems.append(f"{state.frigates_sunk} American frigates sunk, more than 4")
    us = Counter(state.us_draw + state.us_hand + state.us_core + state.us_discard
                 + state.us_removed)
    if us != US_CARDS:
        problems.append(f"American cards do not add up: {_diff(us, US_CARDS)}")
    drawn = [state.tbot_drawn] if state.tbot_drawn else []
    tb = Counter(state.tbot_draw + drawn + state.event_card_line + state.battle_card_line
                 + state.tbot_discard + state.tbot_removed)
    if tb != TBOT_CARDS:
        problems.append(f"Tripolitan cards do not add up: {_diff(tb, TBOT_CARDS)}")
    if any(c not in US_CORE_CARDS for c in state.us_core):
        problems.append("a non-core card among the American core cards")
    if any(d.CARDS[c].kind == d.CORE for c in state.us_hand):
        problems.append("a core card in the American hand")
    if len(state.us_hand) > d.HAND_LIMIT and not hand_limit_pending:
        problems.append(f"{len(state.us_hand)} cards in hand, over the limit of 8")
    if state.year not in d.YEARS or not 0 <= state.season <= 3:
        problems.append(f"impossible date {state.year} season {state.season}")
    problems += _transient_problems(state)
    problems += _card_line_problems(state)
    if state.is_over != (state.result is not None):
        problems.append(f"phase {str(state.phase)!r} with result {state.result!r}")
    return problems


def _transient_problems(state: GameState) -> list[str]:
    """Pieces that may only be somewhere for a moment, or only together."""
    problems = []
    zone = state.pieces["tripoli_patrol_zone"]
    red = zone[d.CORSAIR] + zone[d.TRIPOLITAN_FRIGATE]
    if red and state.tbot_active_event != "tripoli_attacks":
        problems.append(f"{plural(red, 'Tripolitan ship')} in the Tripoli patrol zone outside Tripoli "
                        "Attacks")
    if zone[d.SWEDISH_FRIGATE] not in (0, 2):
        problems.append(f"{plural(zone[d.SWEDISH_FRIGATE], 'Swedish frigate')} in the patrol zone: "
                        "they come and go together")
    if state.phase != Phase.START_OF_YEAR:
        for year in d.TRACK_YEARS:
            if year <= state.year and any(state.pieces[d.track_space(year)].values()):
                problems.append(f"pieces left on the {year} track space in {state.year}")
    return problems


LINE_CARDS = frozenset(TBOT_EVENT_LINE_START) | {
    c.id for c in TRIPOLITAN.values() if c.instruction == QUEUE}
"""The only cards that can ever be in the T-bot's event card line."""


def _card_line_problems(state: GameState) -> list[str]:
    problems = []
    if len(set(state.event_card_line)) != len(state.event_card_line):
        problems.append(f"a card twice in the event card line: {state.event_card_line}")
    if any(c not in LINE_CARDS for c in state.event_card_line):
        problems.append(f"a card that never goes to the event card line is there: "
                        f"{state.event_card_line}")
    if any(d.CARDS[c].kind != d.BATTLE for c in state.battle_card_line):
        problems.append(f"a non-battle card in the battle card line: {state.battle_card_line}")
    return problems


def _diff(found: Counter[str], expected: Counter[str]) -> str:
    extra = found - expected
    missing = expected - found
    parts = []
    if extra:
        parts.append("extra " + ", ".join(f"{k} x{v}" for k, v in extra.items()))
    if missing:
        parts.append("missing " + ", ".join(f"{k} x{v}" for k, v in missing.items()))
    return "; ".join(parts)
