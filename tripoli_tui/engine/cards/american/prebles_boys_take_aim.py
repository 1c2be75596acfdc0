"""Preble's Boys Take Aim, the American deck's battle card 23: its texts, the moment the rules
offer it, its effect and the heuristic player's worth."""

from __future__ import annotations

from ...state import GameState
from ..late_war import assault_to_come, kept_for_the_assault
from ..registry import BATTLE, NAVAL_BATTLE, BattleUse, Bonus, Worth
from . import define

PREBLE_SAVED = True
"""(Heuristic player) Preble's Boys Take Aim is kept for the Assault while the Assault may still
come."""


def _prebles_now(state: GameState) -> bool:
    return not (PREBLE_SAVED and assault_to_come(state))


CARD = define("prebles_boys_take_aim", "Preble's Boys Take Aim", BATTLE,
              "Battle: in a naval battle in a harbor, each American frigate rolls three dice "
              "(first round only in the Assault).",
              "A naval battle in a harbor.",
              battle=BattleUse(NAVAL_BATTLE, bonus=Bonus(frigate_dice=1)),
              worth=Worth(300, kept_for_the_assault(450), play_battle=_prebles_now), number=23)
