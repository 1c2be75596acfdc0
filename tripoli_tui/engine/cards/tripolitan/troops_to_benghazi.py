"""Troops to Benghazi, the Tripolitan deck's common card 12: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from ..registry import COMMON, RAID_OR_BUILD
from . import controlled, define, troops_arrive

CARD = define("troops_to_benghazi", "Troops to Benghazi", COMMON,
              "Two Tripolitan infantry from the supply to Benghazi.",
              "If Benghazi is controlled by Tripoli, play immediately. Otherwise, discard to "
              "perform a Raid or Build action.",
              "Benghazi not captured by Hamet's Army.",
              condition=controlled("benghazi", lambda s: s.benghazi_captured),
              effect=troops_arrive("benghazi"),
              instruction=RAID_OR_BUILD,
              rulings="G-5, G-6 (controlled = not captured)", number=12)
