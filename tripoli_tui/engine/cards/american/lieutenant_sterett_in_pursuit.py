"""Lieutenant Sterett in Pursuit, the American deck's battle card 22: its texts, the moment the
rules offer it, its effect and the heuristic player's worth."""

from __future__ import annotations

from ..late_war import spent_in_1806
from ..registry import BATTLE, INTERCEPTION, BattleUse, Bonus, Worth
from . import define

CARD = define("lieutenant_sterett_in_pursuit", "Lieutenant Sterett in Pursuit", BATTLE,
              "Battle: when you make an interception roll, each American frigate rolls three dice.",
              "An interception roll with an American frigate in the patrol zone.",
              battle=BattleUse(INTERCEPTION, bonus=Bonus(frigate_dice=1)),
              worth=Worth(130, spent_in_1806), number=22)  # played at the first interception: more
# corsairs sunk in 1801, when most of Tripoli's gold is taken
