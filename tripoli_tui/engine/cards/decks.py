"""The decks, put together once every card is defined (importing this completes the card table)."""

from __future__ import annotations

from typing import Final

from .. import data as d
from . import american_unique, battle, tripolitan_unique  # noqa: F401 (they define cards)
from .registry import CARDS as CARDS
from .registry import COMMON, CORE, SOLITAIRE, TRIPOLITANIA, UNIQUE, US

US_DECK: Final = tuple(
    c.id for c in CARDS.values() for _ in range(c.copies) if c.deck == US and c.kind != CORE
)
"""The 24 cards of the American draw pile at setup, in printed order (shuffled at setup)."""

TBOT_DECK: Final = tuple(
    c.id for c in CARDS.values() for _ in range(c.copies)
    if c.deck == TRIPOLITANIA and c.kind in (COMMON, UNIQUE, SOLITAIRE)
    and c.id not in d.TBOT_EVENT_LINE_START and c.id not in ("five_corsair_check", "raid_or_build")
)
"""The 18 cards of the T-bot's draw pile at setup (shuffled at setup)."""
