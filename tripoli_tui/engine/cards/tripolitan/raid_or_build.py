"""Raid or Build, the Tripolitan deck's solitaire-only card 30: its texts, the T-bot's condition
and instruction, effect."""

from __future__ import annotations

from ..registry import SOLITAIRE
from . import define

CARD = define("raid_or_build", "Raid or Build", SOLITAIRE,
              "Raid from a harbor (Algiers, Tangier, Tunis, Tripoli) with at least three corsairs and "
              "more corsairs than frigates in its patrol zone; otherwise build a corsair in Tripoli.",
              "Performed when a drawn card says so or the draw pile is empty.", number=30)
