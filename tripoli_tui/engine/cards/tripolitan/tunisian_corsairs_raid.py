"""Tunisian Corsairs Raid, the Tripolitan deck's common card 9: its texts, the T-bot's condition
and instruction, effect."""

from __future__ import annotations

from ..registry import COMMON, NEVER
from . import define

CARD = define("tunisian_corsairs_raid", "Tunisian Corsairs Raid", COMMON,
              "A pirate raid with the corsairs of Tunis.",
              "Algerine/Moroccan/Tunisian Corsairs Raid: Discard to perform a Raid or Build action.",
              copies=2,
              instruction=NEVER, rulings="TB-10", number=9)
