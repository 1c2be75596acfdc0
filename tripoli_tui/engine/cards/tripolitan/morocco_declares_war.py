"""Morocco Declares War, the Tripolitan deck's unique card 20: its texts, the T-bot's condition and
instruction, effect."""

from __future__ import annotations

from ..registry import ALWAYS, UNIQUE
from . import declares_war, define, play_immediately

CARD = define("morocco_declares_war", "Morocco Declares War", UNIQUE,
              "Three allied corsairs to the harbor of Tangier; a battle follows if American frigates "
              "are there.",
              "Algiers/Morocco/Tunis Declare War: Play immediately.",
              condition=play_immediately, effect=declares_war("tangier"), instruction=ALWAYS,
              rulings="S-4, G-1", number=20)
