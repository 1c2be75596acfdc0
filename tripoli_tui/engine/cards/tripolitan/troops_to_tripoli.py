"""Troops to Tripoli, the Tripolitan deck's common card 13: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from ..registry import ALWAYS, COMMON
from . import define, play_immediately, troops_arrive

CARD = define("troops_to_tripoli", "Troops to Tripoli", COMMON,
              "Two Tripolitan infantry from the supply to Tripoli.",
              "Troops to Tripoli: Play immediately.",
              condition=play_immediately, effect=troops_arrive("tripoli"), instruction=ALWAYS,
              rulings="G-1", number=13)
