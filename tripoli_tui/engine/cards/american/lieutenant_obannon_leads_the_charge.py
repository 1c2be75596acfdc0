"""Lieutenant O'Bannon Leads the Charge, the American deck's battle card 26: its texts, the moment
the rules offer it, its effect and the heuristic player's worth."""

from __future__ import annotations

from ..late_war import kept_for_the_assault
from ..registry import BATTLE, GROUND_COMBAT, BattleUse, Bonus, Worth
from . import define, marines_in

CARD = define("lieutenant_obannon_leads_the_charge", "Lieutenant O'Bannon Leads the Charge", BATTLE,
              "Battle: at the start of a ground combat, one Marine rolls three dice every round.",
              "A ground combat with a Marine in the American force.",
              battle=BattleUse(GROUND_COMBAT, marines_in, Bonus(marine_dice=2)),
              worth=Worth(330, kept_for_the_assault(500)), number=26)
