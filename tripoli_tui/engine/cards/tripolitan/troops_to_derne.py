"""Troops to Derne, the Tripolitan deck's common card 11: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from ..registry import COMMON, RAID_OR_BUILD
from . import controlled, define, troops_arrive

CARD = define("troops_to_derne", "Troops to Derne", COMMON,
              "Two Tripolitan infantry from the supply to Derne.",
              "If Derne is controlled by Tripoli, play immediately. Otherwise, discard to "
              "perform a Raid or Build action.",
              "Derne not captured by Hamet's Army.",
              condition=controlled("derne", lambda s: s.derne_captured), effect=troops_arrive("derne"),
              instruction=RAID_OR_BUILD,
              rulings="G-5, G-6 (controlled = not captured)", number=11)
