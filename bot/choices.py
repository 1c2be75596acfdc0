"""Every other choice the T-bot makes: storm zone, supplies, Yusuf, Uncharted."""

from __future__ import annotations

from tripoli_tui.engine import data as d
from tripoli_tui.engine import queries as q
from tripoli_tui.engine.decisions import ChooseLocation, Decision, DieFacts, KeepDie
from tripoli_tui.engine.state import GameState

from . import flowchart as fc
from .reasoning import Reasoning, make_step

YUSUF_ORDER = ("tripoli", "tangier", "algiers", "tunis")
"""The order of Yusuf Qaramanli's raids (TB-23)."""


def _offered_locations(pending: Decision) -> list[str]:
    return [o.location for o in pending.options if isinstance(o, ChooseLocation)]


def answer_choose_location(state: GameState, pending: Decision) -> Reasoning:
    """Z-storms (TB-13) or Z-supplies (TB-14), by the card being resolved."""
    card = pending.info.card
    if card == "us_supplies_run_low":
        return _supplies_zone(state, pending)
    if card in ("storms", "second_storms"):
        return _storm_zone(state, pending, card)
    raise ValueError(f"the T-bot has no rule for choosing a location for {card!r}")


def _storm_zone(state: GameState, pending: Decision, card: str) -> Reasoning:
    offered = _offered_locations(pending)
    counts = [(z, n) for z, n in q.storms_zone_counts(state) if z in offered]
    facts = [f"American frigates in the {d.place_name(z)}: {n}" for z, n in counts]
    zone, most = max(counts, key=lambda zn: zn[1])  # max keeps the first: canonical order wins ties
    facts.append(f"most American frigates: {most} (ties: Tripoli, Tangier, Algiers, Tunis, "
                 "Gibraltar)")
    name = d.place_name(zone)
    step = make_step(fc.Z_STORMS, facts, True, f"the storm strikes the {name}", card)
    return Reasoning((step,), ChooseLocation(zone),
                     f"{d.card_name(card)}: the T-bot chooses the {name}.")


def _supplies_zone(state: GameState, pending: Decision) -> Reasoning:
    zone = "tripoli_patrol_zone"
    n = q.us_frigates_in(state, zone)
    step = make_step(fc.Z_SUPPLIES, [f"American frigates in the Tripoli patrol zone: {n}"], True,
                     "a frigate leaves the Tripoli patrol zone for Malta", "us_supplies_run_low")
    return Reasoning((step,), ChooseLocation(zone),
                     "US Supplies Run Low: a frigate leaves the Tripoli patrol zone for Malta.")


def answer_yusuf_order(state: GameState, pending: Decision) -> Reasoning:
    """Y-order: the first harbor still to raid in the order Tripoli, Tangier, Algiers, Tunis."""
    offered = _offered_locations(pending)
    harbor = next(h for h in YUSUF_ORDER if h in offered)
    names = ", ".join(d.place_name(h) for h in YUSUF_ORDER if h in offered)
    name = d.place_name(harbor)
    facts = [f"harbors still to raid: {names}"]
    outcome = f"{name} raids next"
    if not q.corsairs_in(state, harbor):  # (only Tripoli: an ally is active with a corsair)
        facts.append(f"corsairs in the harbor of {name}: 0")
        outcome = f"{name} is next: it has no corsair, so it makes no raid"
    step = make_step(fc.Y_ORDER, facts, True, outcome, "yusuf_qaramanli")
    return Reasoning((step,), ChooseLocation(harbor), f"Yusuf Qaramanli: {outcome}.")


def answer_keep_die(state: GameState, pending: Decision) -> Reasoning:
    """U-die: keep the higher die (TB-22)."""
    values = [o.value for o in pending.options if isinstance(o, KeepDie)]
    dice = pending.info.dice if isinstance(pending.info, DieFacts) else values
    best = max(values)
    step = make_step(fc.U_DIE, [f"dice rolled: {' and '.join(str(v) for v in dice)}"], True,
                     f"keep the {best}", "uncharted_waters")
    return Reasoning((step,), KeepDie(best), f"Uncharted Waters: the T-bot keeps the {best}.")
