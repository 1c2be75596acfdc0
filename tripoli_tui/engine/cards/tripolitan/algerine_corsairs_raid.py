"""Algerine Corsairs Raid, the Tripolitan deck's common card 5: its texts, the T-bot's condition
and instruction, effect."""

from __future__ import annotations

from ..registry import COMMON, NEVER
from . import CORSAIRS_RAID_LINE, define

define("algerine_corsairs_raid", "Algerine Corsairs Raid", COMMON,
       "A pirate raid with the corsairs of Algiers.",
       CORSAIRS_RAID_LINE, copies=2,
       instruction=NEVER, rulings="TB-10", number=5)
