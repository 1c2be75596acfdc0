"""Second Storms, the Tripolitan deck's solitaire-only card 28: its texts, the T-bot's condition
and instruction, effect."""

from __future__ import annotations

from ..registry import QUEUE, SOLITAIRE
from . import define
from .storms import STORMS_CHOICE, STORMS_LINE, storms, storms_condition

CARD = define("second_storms", "Second Storms", SOLITAIRE,
              "As Storms: choose a patrol zone with American frigates; roll a die for each. The first "
              "6 sinks a frigate; each other 6 damages one.",
              STORMS_LINE,
              condition=storms_condition, effect=storms, instruction=QUEUE,
              rulings="TB-13, E-2, TB-2", choice=STORMS_CHOICE, number=28)
