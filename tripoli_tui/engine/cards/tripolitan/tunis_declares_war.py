"""Tunis Declares War, the Tripolitan deck's unique card 21: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from ..registry import ALWAYS, UNIQUE
from . import declares_war, define, play_immediately

CARD = define("tunis_declares_war", "Tunis Declares War", UNIQUE,
              "Three allied corsairs to the harbor of Tunis; a battle follows if American frigates "
              "are there.",
              "Algiers/Morocco/Tunis Declare War: Play immediately.",
              condition=play_immediately, effect=declares_war("tunis"), instruction=ALWAYS,
              rulings="S-4, G-1", number=21)
