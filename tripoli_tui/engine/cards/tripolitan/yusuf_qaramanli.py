"""Yusuf Qaramanli, the Tripolitan deck's core card 1: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...core import Proc, ask
from ...decisions import YUSUF_RAID_ORDER, ChooseLocation, Decision
from ...mechanics.raids import pirate_raid
from ...queries import Check, Fact
from ...state import GameState
from ..registry import CORE, PLAY
from . import TR, Chosen, TbotChoice, TbotStep, define, offered_locations


def _yusuf_condition(s: GameState) -> Check:
    return _yusuf_check(s.year, tuple(s.active_allies()))


@cache
def _yusuf_check(year: int, allies: tuple[str, ...]) -> Check:
    needed = 2 if year <= 1804 else 1
    return Check(len(allies) >= needed, lambda: (
        Fact("year", str(year)),
        Fact("active allies", f"{len(allies)} ({q.ally_names(allies)})",
             f"at least {needed} in {'1801-1804' if needed == 2 else '1805-1806'}"),
    ))


def _yusuf(state: GameState) -> Proc[None]:
    yield from yusuf_raids(state, ["tripoli"] + state.active_allies())


def yusuf_raids(state: GameState, remaining: list[str]) -> Proc[None]:
    """Yusuf Qaramanli's raids from the harbors still to raid, in the order the T-bot chooses."""
    while remaining:
        options = [ChooseLocation(h) for h in remaining]
        choice = yield from ask(TR, YUSUF_RAID_ORDER, "Yusuf Qaramanli: which harbor raids next?",
                                options, auto=True, card="yusuf_qaramanli")
        assert isinstance(choice, ChooseLocation)
        remaining.remove(choice.location)
        yield from pirate_raid(state, choice.location)


YUSUF_ORDER = ("tripoli", "tangier", "algiers", "tunis")
"""The order of Yusuf Qaramanli's raids (TB-23)."""


def _yusuf_next(state: GameState, pending: Decision) -> Chosen:
    """The first harbor still to raid in the order Tripoli, Tangier, Algiers, Tunis."""
    offered = offered_locations(pending)
    harbor = next(h for h in YUSUF_ORDER if h in offered)
    names = ", ".join(d.place_name(h) for h in YUSUF_ORDER if h in offered)
    name = d.place_name(harbor)
    facts = [f"harbors still to raid: {names}"]
    outcome = f"{name} raids next"
    if not q.corsairs_in(state, harbor):  # (only Tripoli: an ally is active with a corsair)
        facts.append(f"corsairs in the harbor of {name}: 0")
        outcome = f"{name} is next: it has no corsair, so it makes no raid"
    return Chosen(ChooseLocation(harbor), tuple(facts), outcome, f"Yusuf Qaramanli: {outcome}.")


CARD = define("yusuf_qaramanli", "Yusuf Qaramanli", CORE,
              "A pirate raid from Tripoli and a separate raid from every active ally's harbor.",
              "In 1801-1804, play if two allies of Algiers, Morocco or Tunis are active (have "
              "corsairs in their harbor). In 1805-1806, play if one ally is active.",
              condition=_yusuf_condition, effect=_yusuf, instruction=PLAY,
              rulings="TB-23, TB-5", line_place=3,
              choice=TbotChoice(TbotStep(
                  "Y-order", "Yusuf Qaramanli: which harbor raids next",
                  "Pirate raid from Tripoli and from the harbor of each active ally.",
                  "Yusuf Qaramanli card; ruling TB-23 (Tripoli, Tangier, Algiers, Tunis)",
                  YUSUF_RAID_ORDER, "the first harbor left in that order", "Yusuf's raids"),
                  _yusuf_next), number=1)
