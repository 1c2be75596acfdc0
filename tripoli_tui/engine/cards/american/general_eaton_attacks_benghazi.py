"""General Eaton Attacks Benghazi, the American deck's unique card 21: its texts, requirement as an
event, effect and the heuristic player's worth."""

from __future__ import annotations

from ...state import GameState
from ..late_war import NO_USE, assault_to_come
from ..registry import UNIQUE, Judge, Worth
from . import EATON_RISK, army_in, define, eaton_chance, eaton_marches

BENGHAZI_FROM = (1804, 2)
"""(Heuristic player) General Eaton marches on Benghazi (for the Assault) from this (year,
season)."""


def _benghazi_worth(state: GameState, judge: Judge) -> int | None:
    chance = eaton_chance(state, judge, "derne", "benghazi")
    wanted = assault_to_come(state) and (state.year, state.season) >= BENGHAZI_FROM
    return 7000 if wanted and chance >= EATON_RISK else None


CARD = define("general_eaton_attacks_benghazi", "General Eaton Attacks Benghazi", UNIQUE,
              "Hamet's Army marches from Derne to Benghazi; up to three frigates (and gunboats) may "
              "sail there and bombard; then ground combat until one side is gone.",
              "Hamet's Army in Derne.",
              requires=(army_in("derne"),),
              effect=eaton_marches("derne", "benghazi", "general_eaton_attacks_benghazi"),
              worth=Worth(NO_USE, event=_benghazi_worth, bombards=True), number=21)
