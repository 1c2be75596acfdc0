"""Read-only questions about a position: the `Check` answer with its facts, and board counts.

A check says whether a rule holds and the board facts that decided it, worded for a player
("corsairs in the harbor of Tripoli: 4, needed 5"). Each card's requirement or T-bot condition is
a check defined with the card (engine/cards/); the engine uses them to build legal options, the
T-bot to explain itself, the UI to say why a card cannot be played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import NamedTuple

from . import data as d
from .state import GameState


class Fact(NamedTuple):
    """One fact on the board that a check looked at (a named tuple: checks are built often)."""

    label: str
    value: str
    needed: str = ""

    def __str__(self) -> str:
        return f"{self.label}: {self.value}" + (f", needed {self.needed}" if self.needed else "")


FactsOrThunk = tuple[Fact, ...] | Callable[[], tuple[Fact, ...]]


class Condition(NamedTuple):
    """One printed condition of a check (a fact with what it needs) and whether it holds now."""

    fact: Fact
    met: bool


class Check:
    """The answer to a rules question, with the facts that decided it; true when it holds.

    The engine asks these questions many times per turn but reads the facts only to explain
    something, so the facts may be given as a function that builds them when first read (and the
    two commonest shapes, one fact and all of several checks, are subclasses that build theirs
    from what they keep).
    """

    __slots__ = ("ok", "_facts")

    def __init__(self, ok: bool, facts: FactsOrThunk = ()) -> None:
        self.ok = ok
        self._facts = facts

    @property
    def facts(self) -> tuple[Fact, ...]:
        facts = self._facts
        if callable(facts):
            facts = self._facts = facts()
        return facts

    def __bool__(self) -> bool:
        return self.ok

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Check):
            return NotImplemented
        return self.ok == other.ok and self.facts == other.facts

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Check(ok={self.ok!r}, facts={self.facts!r})"

    def explain(self) -> str:
        return "; ".join(str(f) for f in self.facts)

    def conditions(self) -> tuple[Condition, ...]:
        """Its conditions (the facts saying what they need), each met or not.

        A plain check decides one condition; a check of several is an `AllOf` of its parts, so
        that each part says for itself whether it holds.
        """
        return tuple(Condition(f, self.ok) for f in self.facts if f.needed)

    def conditions_unmet_first(self) -> tuple[Condition, ...]:
        """Its conditions, those that fail first (in their own order otherwise)."""
        return tuple(sorted(self.conditions(), key=lambda c: c.met))


class OneFact(Check):
    """A check decided by one fact; `value` may be a function, called only if the fact is read."""

    __slots__ = ("_spec",)

    def __init__(self, ok: bool, label: str, value: object, needed: str = "") -> None:
        self.ok = ok
        self._spec = (label, value, needed)

    @property
    def facts(self) -> tuple[Fact, ...]:
        label, value, needed = self._spec
        return (Fact(label, str(value() if callable(value) else value), needed),)


class AllOf(Check):
    """Holds when every one of its checks holds; its facts are theirs, in order."""

    __slots__ = ("checks",)

    def __init__(self, *checks: Check) -> None:
        self.checks = checks
        for c in checks:
            if not c.ok:
                self.ok = False
                return
        self.ok = True

    @property
    def facts(self) -> tuple[Fact, ...]:
        return tuple(f for c in self.checks for f in c.facts)

    def conditions(self) -> tuple[Condition, ...]:
        return tuple(cond for c in self.checks for cond in c.conditions())


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def derne_captured(s: GameState) -> Check:
    """Whether Hamet's Army has captured Derne, as a condition (the Treaty and Constantinople
    Sends Aid both ask it)."""
    return _DERNE_CAPTURED[s.derne_captured]


def at_least_one(label: str, count: Callable[[GameState], int]) -> Callable[[GameState], Check]:
    """The printed condition "at least one" of something, read off the board by `count`: the
    check for each count is made once (a season asks every requirement in the hand)."""
    def condition(state: GameState) -> Check:
        return _at_least_one(label, count(state))
    return condition


@cache
def _at_least_one(label: str, n: int) -> Check:
    return OneFact(n >= 1, label, n, "at least 1")


_DERNE_CAPTURED = {flag: OneFact(flag, "Derne captured by Hamet's Army", yes_no(flag), "yes")
                   for flag in (False, True)}


def ally_names(allies: Iterable[str]) -> str:
    return ", ".join(d.ALLY_NAME[a] for a in allies) or "none"


def army_place(where: str) -> str:
    """Where Hamet's Army is, for a fact."""
    return d.place_name(where) if where else "not on the map"


# --- counts used everywhere --------------------------------------------------

def us_frigates_in(state: GameState, location: str) -> int:
    return state.pieces[location][d.US_FRIGATE]


def corsairs_in(state: GameState, harbor: str) -> int:
    """Corsairs that would raid from a harbor: red in Tripoli (and Gibraltar), orange in the allies."""
    kind = d.ALLIED_CORSAIR if harbor in d.ALLY_HARBORS else d.CORSAIR
    return state.pieces[harbor][kind]


def interceptors_in(state: GameState, zone: str) -> int:
    """American plus Swedish frigates in a patrol zone."""
    return state.pieces[zone][d.US_FRIGATE] + state.pieces[zone][d.SWEDISH_FRIGATE]


def tripolitan_ship_dice(state: GameState) -> int:
    """Dice worth of the Tripolitan ships in the harbor of Tripoli (corsair 1, frigate 2)."""
    p = state.pieces["tripoli"]
    return p[d.CORSAIR] + 2 * p[d.TRIPOLITAN_FRIGATE]


def red_ships_in_tripoli(state: GameState) -> int:
    p = state.pieces["tripoli"]
    return p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE]


def has_enemy_ships(state: GameState, location: str) -> bool:
    """Whether American frigates moving in here would start a naval battle."""
    p = state.pieces[location]
    if location == "tripoli":
        return bool(p[d.CORSAIR] or p[d.TRIPOLITAN_FRIGATE])
    if location in d.ALLY_HARBORS:
        return bool(p[d.ALLIED_CORSAIR])
    return False


def can_build_gunboat(state: GameState) -> bool:
    return state.pieces[d.US_SUPPLY][d.GUNBOAT] > 0


def red_corsairs_in_supply(s: GameState) -> int:
    return s.pieces[d.TRIPOLITAN_SUPPLY][d.CORSAIR]


def storms_zone_counts(s: GameState) -> list[tuple[str, int]]:
    """American frigates in each patrol zone, in the canonical order."""
    pieces, counts = s.pieces, []
    for zone in d.CANONICAL_ZONES:  # (a loop: cheaper than a comprehension's own frame)
        counts.append((zone, pieces[zone][d.US_FRIGATE]))
    return counts




BAINBRIDGE = "bainbridge_supplies_intel"
"""(The card id of Bainbridge Supplies Intel: while it is the American's active event, the discard
piles may be looked through even with the hidden discard pile.)"""


def discards_in_sight(state: GameState) -> bool:
    """Whether the discard piles may be looked through: always, but with the optional hidden
    discard pile only while Bainbridge Supplies Intel is the American's active event."""
    return not state.hidden_discard or state.us_active_event == BAINBRIDGE


def seen_discard(state: GameState, pile: str) -> tuple[str, ...]:
    """What may be seen of a discard pile ('tbot_discard', 'us_discard'): all of it, or nothing
    but its count (len of the pile itself) with the hidden discard pile."""
    return tuple(getattr(state, pile)) if discards_in_sight(state) else ()
