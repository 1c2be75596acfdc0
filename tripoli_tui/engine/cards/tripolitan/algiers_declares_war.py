"""Algiers Declares War, the Tripolitan deck's unique card 19: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from ..registry import ALWAYS, UNIQUE
from . import declares_war, define, play_immediately

CARD = define("algiers_declares_war", "Algiers Declares War", UNIQUE,
              "Three allied corsairs to the harbor of Algiers; a battle follows if American frigates "
              "are there.",
              "Algiers/Morocco/Tunis Declare War: Play immediately.",
              condition=play_immediately, effect=declares_war("algiers"), instruction=ALWAYS,
              rulings="S-4, G-1", number=19)
