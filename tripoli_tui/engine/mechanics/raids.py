"""Pirate raids: the raid from a harbor, its interception roll, and the Raid or Build action."""

from __future__ import annotations

from functools import cache

from .. import data as d
from .. import queries as q
from ..cards.registry import CAPTURE_ROLL, INTERCEPTED, INTERCEPTION, MERCHANT_CAPTURED
from ..core import (
    Proc,
    decision,
    gain_gold,
    hits,
    log,
    log_later,
    log_roll,
    place_from_supply,
    roll,
    to_supply,
)
from ..decisions import BUILD_CORSAIR, RAID_FROM, RAID_OR_BUILD, Choice, Raid
from ..state import GameState
from ..turns import RAID
from ..words import plural
from .battle_cards import NOTHING_PLAYED, offer_battle_cards

US, TR = d.US, d.TRIPOLITANIA


def pirate_raid(state: GameState, harbor: str) -> Proc[None]:
    """A pirate raid from one harbor (rulebook, Pirate Raids)."""
    piece = d.ALLIED_CORSAIR if harbor in d.ALLY_HARBORS else d.CORSAIR
    raiders = state.pieces[harbor][piece]
    if raiders == 0:
        log(state, TR, f"No corsairs in {d.place_name(harbor)}: no raid (ruling S-1).",
            data={RAID: harbor})
        return
    log_later(state, TR, _raid_header, (harbor, piece, raiders), "header", _raid_mark(harbor))
    survivors, us_rolled = yield from interception(state, d.ZONE_OF[harbor], harbor, piece)
    yield from raid_after_interception(state, harbor, survivors, us_rolled)


@cache  # (one per harbor, shared by its raids' entries: log entries are never changed)
def _raid_mark(harbor: str) -> dict[str, str]:
    return {RAID: harbor}


def _raid_header(harbor: str, piece: str, raiders: int) -> str:
    return f"Pirate raid from {d.place_name(harbor)} with {d.pieces_name(piece, raiders)}."


def raid_after_interception(state: GameState, harbor: str, survivors: int,
                            us_rolled: bool) -> Proc[None]:
    """A pirate raid once the interception roll is made: the T-bot's battle cards, the capture."""
    if us_rolled:
        yield from offer_battle_cards(state, INTERCEPTED,
                                      "An American frigate made an interception roll.", harbor)
    played = NOTHING_PLAYED
    if survivors:
        played = yield from offer_battle_cards(state, CAPTURE_ROLL, _raid_why(harbor), harbor)
    if survivors == 0:
        log(state, TR, "Every raider was sunk: no merchant ships are taken.")
        return
    dice = yield from roll(state, survivors + played.tripoli_dice, TR,
                           "Corsairs hunt merchant ships (5-6 captures)")
    captured = hits(dice, 5)
    log_roll(state, TR, "Corsairs hunt merchant ships (5-6 captures)", dice, _captured(captured))
    if captured:
        gain_gold(state, captured, _raid_from(harbor))
        yield from merchant_captured(state)


def merchant_captured(state: GameState) -> Proc[None]:
    """After a raid captured a merchant ship: the battle cards of that moment."""
    yield from offer_battle_cards(state, MERCHANT_CAPTURED, "The raid captured a merchant ship.")


def interception(state: GameState, zone: str, harbor: str, piece: str) -> Proc[tuple[int, bool]]:
    """The interception roll against the corsairs leaving a harbor (rulebook, Pirate Raids).

    Returns (surviving corsairs, whether an American frigate rolled).
    """
    raiders = state.pieces[harbor][piece]
    us, swedes = state.pieces[zone][d.US_FRIGATE], state.pieces[zone][d.SWEDISH_FRIGATE]
    if us + swedes == 0 or raiders == 0:
        return raiders, False
    played = NOTHING_PLAYED
    if us:
        played = yield from offer_battle_cards(state, INTERCEPTION, _interception_roll(zone), zone)
    dice = yield from roll(state, 2 * swedes + (2 + played.frigate_dice) * us, US,
                           _interception_from(zone))
    n = min(hits(dice), raiders)
    log_roll(state, US, _interception_from(zone), dice, _sunk(n))
    to_supply(state, piece, harbor, n)
    return raiders - n, us > 0


# (the words of every raid, made once per value: a game makes a dozen raids and interceptions)

@cache
def _captured(n: int) -> str:
    return f"{plural(n, 'merchant ship')} captured"


@cache
def _raid_from(harbor: str) -> str:
    return f"raid from {d.place_name(harbor)}"


@cache
def _raid_why(harbor: str) -> str:
    return f"A pirate raid from {d.place_name(harbor)}."


@cache
def _interception_roll(zone: str) -> str:
    return f"Interception roll from {d.place_in_words(zone)}."


@cache
def _interception_from(zone: str) -> str:
    return f"Interception from {d.place_in_words(zone)}"


@cache
def _sunk(n: int) -> str:
    return f"{plural(n, 'corsair')} sunk"


# --- Raid or Build ---------------------------------------------------------------

RAID_OR_BUILD_HARBORS = ("tripoli", "tangier", "algiers", "tunis")
"""Raid or Build's harbors in the tie-break order of ruling TB-11."""


def raid_or_build_margins(state: GameState) -> list[tuple[str, int, int, bool]]:
    """For each Raid or Build harbor: (harbor, corsairs, frigates in its zone, qualifies)."""
    rows = []
    for h in RAID_OR_BUILD_HARBORS:
        c = q.corsairs_in(state, h)
        f = q.interceptors_in(state, d.ZONE_OF[h])
        rows.append((h, c, f, c >= 3 and c > f))
    return rows


def raid_or_build_options(state: GameState) -> list[Choice]:
    options: list[Choice] = []
    for harbor, _, _, qualifies in raid_or_build_margins(state):  # (a loop: cheaper than a
        if qualifies:                                              # comprehension's own frame)
            options.append(RAID_FROM[harbor])
    return options or [BUILD_CORSAIR]


def raid_or_build(state: GameState) -> Proc[None]:
    """The Raid or Build card."""
    choice = yield decision(TR, RAID_OR_BUILD, "Raid or Build.", raid_or_build_options(state))
    if isinstance(choice, Raid):
        yield from pirate_raid(state, choice.location)
    else:
        n = place_from_supply(state, d.CORSAIR, "tripoli", 1)
        log(state, TR, "Raid or Build: a corsair is built in Tripoli." if n
            else "Raid or Build: no corsair is left in the supply to build.")
