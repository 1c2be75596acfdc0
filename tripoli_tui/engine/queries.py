"""Read-only questions about a position: card requirements and T-bot conditions, with their facts.

Each check returns a `Check`: whether it holds, and the board facts that decided it, worded for a
player ("corsairs in the harbor of Tripoli: 4, needed 5"). The engine uses them to build legal
options; the T-bot uses them to explain itself; the UI uses them to say why a card cannot be played.
"""

from __future__ import annotations

from collections.abc import Callable
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


class _OneFact(Check):
    """A check decided by one fact; `value` may be a function, called only if the fact is read."""

    __slots__ = ("_spec",)

    def __init__(self, ok: bool, label: str, value: object, needed: str = "") -> None:
        self.ok = ok
        self._spec = (label, value, needed)

    @property
    def facts(self) -> tuple[Fact, ...]:
        label, value, needed = self._spec
        return (Fact(label, str(value() if callable(value) else value), needed),)


class _AllOf(Check):
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


_all = _AllOf
_fact = _OneFact


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _ally_names(allies: list[str]) -> str:
    return ", ".join(d.ALLY_NAME[a] for a in allies) or "none"


def _army_place(where: str) -> str:
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


def date_at_least(state: GameState, year: int, season: int) -> bool:
    return (state.year, state.season) >= (year, season)


def is_fall_1805_or_later(state: GameState) -> Check:
    return _fact(date_at_least(state, 1805, 2), "date", state.when, "Fall 1805 or later")


def next_year_track(state: GameState) -> str:
    """Where a frigate damaged now goes (its supply in 1806, shown as '')."""
    return d.track_space(state.year + 1) if state.year < 1806 else ""


# --- American event requirements (printed, plus ruling R41) ------------------

def event_requirement(state: GameState, card: str) -> Check:
    """Whether an American card may be played as an event now, with the deciding facts."""
    rule = _US_REQUIREMENTS.get(card)
    if rule is None:
        return _BATTLE_CARD if d.CARDS[card].kind == d.BATTLE else _NO_REQUIREMENT
    return rule(state)


_BATTLE_CARD = Check(False, (Fact("battle card", "played only at its trigger"),))
_NO_REQUIREMENT = Check(True)
"""Answers that never change (checks are never modified, so these are shared)."""


def _hamets_army_created(s: GameState) -> Check:
    return _all(
        _fact(s.year >= 1804, "year", s.year, "1804 or later"),
        _fact(us_frigates_in(s, "alexandria") >= 1, "American frigates in Alexandria",
              us_frigates_in(s, "alexandria"), "at least 1"),
    )


def _treaty(s: GameState) -> Check:
    allies = s.active_allies()
    return _all(
        is_fall_1805_or_later(s),
        _fact(not allies, "allies at war", lambda: _ally_names(allies),
              "none"),
        _fact(s.derne_captured, "Derne captured by Hamet's Army", _yes(s.derne_captured), "yes"),
        _fact(s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE] == 0,
              "Tripolitan frigates in the harbor of Tripoli",
              s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE], "0"),
    )


def _early_deployment(s: GameState) -> Check:
    if s.year >= 1806:
        return _fact(False, "year", s.year, "1805 or earlier (there is no next year)")
    n = s.pieces[d.track_space(s.year + 1)][d.US_FRIGATE]
    return _fact(n >= 1, f"American frigates on the {s.year + 1} track space", n, "at least 1")


def _active_ally(s: GameState) -> Check:
    allies = s.active_allies()
    return _fact(bool(allies), "allies at war",
                 lambda: _ally_names(allies), "at least 1")


def _show_of_force(s: GameState) -> Check:
    n = s.us_frigates_on_map()
    return _all(_active_ally(s), _fact(n >= 3, "American frigates on the map", n, "at least 3"))


def _tribute_paid(s: GameState) -> Check:
    n = s.us_frigates_on_map()
    return _all(_active_ally(s), _fact(n >= 1, "American frigates on the map", n, "at least 1"))


def _demands_tribute(s: GameState) -> Check:
    return _fact(s.gold >= 1, "gold held by Tripoli", s.gold, "at least 1")


def _recruits(s: GameState) -> Check:
    where = s.hamet_army_location()
    arabs = s.pieces[d.US_SUPPLY][d.ARAB_INFANTRY]
    return _all(
        _fact(bool(where), "Hamet's Army", lambda: _army_place(where),
              "on the map"),
        _fact(arabs >= 1, "Arab infantry in the supply", arabs, "at least 1"),
    )


def bainbridge_candidates(s: GameState) -> list[str]:
    """Cards Bainbridge Supplies Intel may fetch: the discard pile, itself excepted."""
    cards = list(s.us_discard)
    if "bainbridge_supplies_intel" in cards:
        cards.remove("bainbridge_supplies_intel")
    return list(dict.fromkeys(cards))


def _bainbridge(s: GameState) -> Check:
    n = len([c for c in s.us_discard if c != "bainbridge_supplies_intel"])
    return _fact(n >= 1, "cards in the American discard pile", n, "at least 1")


def _congress(s: GameState) -> Check:
    n = s.pieces[d.US_SUPPLY][d.US_FRIGATE]
    return _all(_fact(s.year <= 1805, "year", s.year, "1805 or earlier"),
                _fact(n >= 1, "American frigates in the supply", n, "at least 1"))


def _confiscated(s: GameState) -> Check:
    n = s.pieces["gibraltar"][d.CORSAIR]
    return _fact(n >= 1, "Tripolitan corsairs in Gibraltar", n, "at least 1")


def _burn(s: GameState) -> Check:
    n = s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE]
    return _fact(n >= 1, "Tripolitan frigates in the harbor of Tripoli", n, "at least 1")


def _intrepid(s: GameState) -> Check:
    n = red_ships_in_tripoli(s)
    return _fact(n >= 1, "Tripolitan ships in the harbor of Tripoli", n, "at least 1")


def _army_in(city: str) -> Callable[[GameState], Check]:
    def check(s: GameState) -> Check:
        where = s.hamet_army_location()
        return _fact(where == city, "Hamet's Army",
                     lambda: _army_place(where), f"in {d.place_name(city)}")
    return check


_US_REQUIREMENTS: dict[str, Callable[[GameState], Check]] = {
    "hamets_army_created": _hamets_army_created,
    "treaty_of_peace_and_amity": _treaty,
    "assault_on_tripoli": is_fall_1805_or_later,
    "early_deployment": _early_deployment,
    "a_show_of_force": _show_of_force,
    "tribute_paid": _tribute_paid,
    "constantinople_demands_tribute": _demands_tribute,
    "hamet_recruits_bedouins": _recruits,
    "bainbridge_supplies_intel": _bainbridge,
    "congress_authorizes_action": _congress,
    "corsairs_confiscated": _confiscated,
    "burn_the_philadelphia": _burn,
    "launch_the_intrepid": _intrepid,
    "general_eaton_attacks_derne": _army_in("alexandria"),
    "general_eaton_attacks_benghazi": _army_in("derne"),
}


def can_build_gunboat(state: GameState) -> bool:
    return state.pieces[d.US_SUPPLY][d.GUNBOAT] > 0


# --- T-bot solitaire conditions (rulebook SOLITAIRE CARD PLAY REQUIREMENTS + rulings) ----------

def solitaire_condition(state: GameState, card: str) -> Check:
    """Whether the T-bot's solitaire condition for a card holds now, with the deciding facts."""
    rule = _TBOT_CONDITIONS.get(card)
    if rule is None:
        return Check(False, (Fact("card", d.card_name(card), "never played by the T-bot"),))
    return rule(state)


def _murad(s: GameState) -> Check:
    zone = us_frigates_in(s, "gibraltar_patrol_zone")
    winter_1801 = s.year == 1801 and s.season == 3
    corsairs = s.pieces["gibraltar"][d.CORSAIR]
    first = Check(zone == 0 or winter_1801, lambda: (
        Fact("frigates in the Gibraltar patrol zone", str(zone), "0 (or Winter 1801)"),
        Fact("Winter 1801", _yes(winter_1801)),
    ))
    return _all(first, _fact(corsairs >= 1, "Tripolitan corsairs in Gibraltar", corsairs,
                             "at least 1 (ruling R07)"))


def _sends_aid(s: GameState) -> Check:
    return _fact(s.derne_captured, "Derne captured by Hamet's Army", _yes(s.derne_captured), "yes")


def _yusuf(s: GameState) -> Check:
    allies = s.active_allies()
    needed = 2 if s.year <= 1804 else 1
    year = s.year
    return Check(len(allies) >= needed, lambda: (
        Fact("year", str(year)),
        Fact("active allies", f"{len(allies)} ({_ally_names(allies)})",
             f"at least {needed} in {'1801-1804' if needed == 2 else '1805-1806'}"),
    ))


def _sweden(s: GameState) -> Check:
    swedes = s.pieces["tripoli_patrol_zone"][d.SWEDISH_FRIGATE]
    return _all(_fact(s.year >= 1803, "year", s.year, "1803 or later (ruling R06)"),
                _fact(swedes >= 1, "Swedish frigates in the Tripoli patrol zone", swedes,
                      "at least 1"))


def _philadelphia(s: GameState) -> Check:
    n = us_frigates_in(s, "tripoli_patrol_zone")
    return _fact(n >= 1, "American frigates in the Tripoli patrol zone", n, "at least 1")


def storms_zone_counts(s: GameState) -> list[tuple[str, int]]:
    """American frigates in each patrol zone, in the canonical order."""
    return [(z, us_frigates_in(s, z)) for z in d.CANONICAL_ZONES]


def _storms(s: GameState) -> Check:
    counts = storms_zone_counts(s)
    best = max(n for _, n in counts)
    return _fact(best >= 2, "American frigates per patrol zone", lambda: ", ".join(
        f"{d.place_name(z).replace(' patrol zone', '')} {n}" for z, n in counts),
        "a zone with at least 2")


def red_corsairs_in_supply(s: GameState) -> int:
    return s.pieces[d.TRIPOLITAN_SUPPLY][d.CORSAIR]


def _acquires(s: GameState) -> Check:
    n = red_corsairs_in_supply(s)
    return _fact(n >= 2, "Tripolitan corsairs in the supply", n, "at least 2")


def _tripoli_attacks(s: GameState) -> Check:
    n = us_frigates_in(s, "tripoli_patrol_zone")
    dice = tripolitan_ship_dice(s)
    return _all(_fact(n == 1, "American frigates in the Tripoli patrol zone", n, "exactly 1"),
                _fact(dice >= 5, "dice of Tripolitan ships in Tripoli", dice, "at least 5"))


def _controlled(city: str, flag: str) -> Callable[[GameState], Check]:
    def check(s: GameState) -> Check:
        captured = bool(getattr(s, flag))
        return _fact(not captured, f"{d.place_name(city)} controlled by Tripoli", _yes(not captured),
                     "yes (not captured by Hamet's Army)")
    return check


def _supplies(s: GameState) -> Check:
    n = us_frigates_in(s, "tripoli_patrol_zone")
    return _fact(n == 2, "American frigates in the Tripoli patrol zone", n, "exactly 2")


_PLAY_IMMEDIATELY = Check(True, (Fact("condition", "play immediately"),))


def _always(s: GameState) -> Check:
    return _PLAY_IMMEDIATELY


_TBOT_CONDITIONS: dict[str, Callable[[GameState], Check]] = {
    "murad_reis_breaks_out": _murad,
    "constantinople_sends_aid": _sends_aid,
    "yusuf_qaramanli": _yusuf,
    "sweden_pays_tribute": _sweden,
    "the_philadelphia_runs_aground": _philadelphia,
    "storms": _storms,
    "second_storms": _storms,
    "tripoli_acquires_corsairs": _acquires,
    "tripoli_attacks": _tripoli_attacks,
    "troops_to_benghazi": _controlled("benghazi", "benghazi_captured"),
    "troops_to_derne": _controlled("derne", "derne_captured"),
    "troops_to_tripoli": _always,
    "us_supplies_run_low": _supplies,
    "algiers_declares_war": _always,
    "morocco_declares_war": _always,
    "tunis_declares_war": _always,
}


def five_corsair_check(state: GameState) -> Check:
    n = state.pieces["tripoli"][d.CORSAIR]
    return _fact(n >= 5, "corsairs in the harbor of Tripoli", n, "5")


RAID_OR_BUILD_HARBORS = ("tripoli", "tangier", "algiers", "tunis")
"""Raid or Build's harbors in the tie-break order of ruling R01."""


def raid_or_build_margins(state: GameState) -> list[tuple[str, int, int, bool]]:
    """For each Raid or Build harbor: (harbor, corsairs, frigates in its zone, qualifies)."""
    rows = []
    for h in RAID_OR_BUILD_HARBORS:
        c = corsairs_in(state, h)
        f = interceptors_in(state, d.ZONE_OF[h])
        rows.append((h, c, f, c >= 3 and c > f))
    return rows
