"""Uncharted Waters, the Tripolitan deck's battle card 23: its texts, the moment the rules offer
it, the T-bot's trigger, its effect."""

from __future__ import annotations

from ...decisions import KEEP_DIE, Decision, DieFacts, KeepDie
from ...queries import Check, Fact
from ...state import GameState
from ..registry import (
    BATTLE,
    RUNS_AGROUND,
    BattleUse,
    Bonus,
)
from . import Chosen, TbotChoice, TbotStep, active_card_name, define


def _keep_die(state: GameState, pending: Decision) -> Chosen:
    """Ruling TB-22: keep the higher die."""
    values = [o.value for o in pending.options if isinstance(o, KeepDie)]
    dice = pending.info.dice if isinstance(pending.info, DieFacts) else values
    best = max(values)
    return Chosen(KeepDie(best), (f"dice rolled: {' and '.join(str(v) for v in dice)}",),
                  f"keep the {best}", f"Uncharted Waters: the T-bot keeps the {best}.")


UNCHARTED_DIE = TbotChoice(TbotStep(
    "U-die", "Uncharted Waters: which die", "Roll two dice and choose the preferred result.",
    "Uncharted Waters card; ruling TB-22 (the higher die)", KEEP_DIE, "keep the higher die",
    "which die"), _keep_die)


def _uncharted_waters(state: GameState) -> Check:
    event = state.tbot_active_event
    return Check(event == "the_philadelphia_runs_aground", (
        Fact("the T-bot's active event card", active_card_name(event), "The Philadelphia Runs Aground"),))


CARD = define("uncharted_waters", "Uncharted Waters", BATTLE,
              "Battle: for The Philadelphia Runs Aground, roll two dice and keep the better.",
              "Play if The Philadelphia Runs Aground is the T-bot's active event card.",
              rulings="TB-16, TB-22", trigger=_uncharted_waters, choice=UNCHARTED_DIE,
              when_played="play it (roll two dice, keep the higher)",
              battle=BattleUse(RUNS_AGROUND, bonus=Bonus(tripoli_dice=1)), number=23, line_place=3)
