"""General Eaton Attacks Derne, the American deck's unique card 20: its texts, requirement as an
event, effect and the heuristic player's worth."""

from __future__ import annotations

from ...state import GameState
from ..late_war import NO_USE
from ..registry import UNIQUE, Judge, Worth
from . import EATON_RISK, army_in, define, eaton_chance, eaton_marches


def _derne_worth(state: GameState, judge: Judge) -> int | None:
    chance = eaton_chance(state, judge, "alexandria", "derne")
    return 7500 if chance >= EATON_RISK or judge.late() else None


CARD = define("general_eaton_attacks_derne", "General Eaton Attacks Derne", UNIQUE,
              "Hamet's Army marches from Alexandria to Derne; up to three frigates (and gunboats) may "
              "sail there and bombard; then ground combat until one side is gone.",
              "Hamet's Army in Alexandria.",
              requires=(army_in("alexandria"),),
              effect=eaton_marches("alexandria", "derne", "general_eaton_attacks_derne"),
              worth=Worth(NO_USE, event=_derne_worth, bombards=True), number=20)
