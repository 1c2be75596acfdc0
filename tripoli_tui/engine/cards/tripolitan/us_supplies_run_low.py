"""US Supplies Run Low, the Tripolitan deck's common card 4: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import (
    Proc,
    ask,
    log,
    move,
)
from ...decisions import CHOOSE_LOCATION, ChooseLocation, Decision
from ...state import GameState
from ..registry import COMMON, RAID_OR_BUILD, US
from . import TR, Chosen, TbotChoice, TbotStep, define, us_frigates_in_tripoli_zone


def _supplies_run_low(state: GameState) -> Proc[None]:
    zones = [z for z in d.PATROL_ZONES if state.pieces[z][d.US_FRIGATE]]
    if not zones:
        log(state, TR, "No American frigate is in a patrol zone: nothing happens.")
        return
    choice = yield from ask(TR, CHOOSE_LOCATION, "US Supplies Run Low: from which patrol zone?",
                            [ChooseLocation(z) for z in zones], auto=True,
                            card="us_supplies_run_low")
    assert isinstance(choice, ChooseLocation)
    move(state, d.US_FRIGATE, choice.location, "malta")
    log(state, US, f"An American frigate leaves {d.place_in_words(choice.location)} for Malta.")


def _supplies_zone(state: GameState, pending: Decision) -> Chosen:
    """Ruling TB-14: the frigate leaves the Tripoli patrol zone (two are there: the card's
    condition)."""
    zone = "tripoli_patrol_zone"
    n = q.us_frigates_in(state, zone)
    return Chosen(ChooseLocation(zone), (f"American frigates in the Tripoli patrol zone: {n}",),
                  "a frigate leaves the Tripoli patrol zone for Malta",
                  "US Supplies Run Low: a frigate leaves the Tripoli patrol zone for Malta.")


_SUPPLIES_LINE = ("If there are exactly two American frigates in the naval patrol zone of "
                  "Tripoli, play immediately.")


CARD = define("us_supplies_run_low", "US Supplies Run Low", COMMON,
              "One American frigate in a naval patrol zone returns to Malta.",
              f"{_SUPPLIES_LINE} Otherwise, discard to perform a Raid or Build action.",
              condition=lambda s: us_frigates_in_tripoli_zone(s, 2), effect=_supplies_run_low,
              instruction=RAID_OR_BUILD,
              rulings="TB-14, G-4",
              choice=TbotChoice(TbotStep(
                  "Z-supplies", "US Supplies Run Low: which patrol zone", _SUPPLIES_LINE,
                  "US Supplies Run Low card; ruling TB-14 (the frigate leaves the Tripoli patrol zone)",
                  CHOOSE_LOCATION, "the Tripoli patrol zone", "supplies zone"),
                  _supplies_zone, lambda where: f"a frigate leaves the {where} for Malta, the only choice"),
              number=4)
