"""Marine Sharpshooters, the American deck's battle card 27: its texts, the moment the rules offer
it, its effect and the heuristic player's worth."""

from __future__ import annotations

from ..late_war import kept_for_the_assault
from ..registry import BATTLE, GROUND_COMBAT, BattleUse, Bonus, Worth
from . import define, marines_in

CARD = define("marine_sharpshooters", "Marine Sharpshooters", BATTLE,
              "Battle: for this ground combat, Marines hit on a 5 or 6.",
              "A ground combat with a Marine in the American force.",
              battle=BattleUse(GROUND_COMBAT, marines_in, Bonus(marine_hit=5)),
              worth=Worth(330, kept_for_the_assault(500)), number=27)
