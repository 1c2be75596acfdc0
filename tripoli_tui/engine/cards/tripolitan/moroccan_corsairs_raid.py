"""Moroccan Corsairs Raid, the Tripolitan deck's common card 7: its texts, the T-bot's condition
and instruction, effect."""

from __future__ import annotations

from ..registry import COMMON, NEVER
from . import CORSAIRS_RAID_LINE, define

define("moroccan_corsairs_raid", "Moroccan Corsairs Raid", COMMON,
       "A pirate raid with the corsairs of Tangier.",
       CORSAIRS_RAID_LINE, copies=2,
       instruction=NEVER, rulings="TB-10", number=7)
