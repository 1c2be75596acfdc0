"""Moroccan Corsairs Raid, the Tripolitan deck's common card 7: its texts, the T-bot's condition
and instruction, effect."""

from __future__ import annotations

from ..registry import COMMON, NEVER
from . import define

CARD = define("moroccan_corsairs_raid", "Moroccan Corsairs Raid", COMMON,
              "A pirate raid with the corsairs of Tangier.",
              "Algerine/Moroccan/Tunisian Corsairs Raid: Discard to perform a Raid or Build action.",
              copies=2,
              instruction=NEVER, rulings="TB-10", number=7)
