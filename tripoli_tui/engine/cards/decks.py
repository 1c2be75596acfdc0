"""The decks, put together once every card is defined (importing this completes the card table)."""

from __future__ import annotations

from typing import Final

from . import (  # noqa: F401 (they define cards)
    american_common,
    american_unique,
    battle,
    tripolitan_common,
    tripolitan_unique,
)
from .registry import BATTLE, COMMON, CORE, SOLITAIRE, TRIPOLITANIA, UNIQUE, US
from .registry import CARDS as CARDS
from .tripolitan import TRIPOLITAN

US_CORE_CARDS: Final = tuple(c.id for c in CARDS.values() if c.deck == US and c.kind == CORE)
"""The American core cards, in hand at setup."""
TBOT_EVENT_LINE_START: Final = tuple(
    c.id for c in sorted((c for c in TRIPOLITAN.values() if c.line_place), key=lambda c: c.line_place))
"""The T-bot's event card line at setup, in order."""
TBOT_BATTLE_LINE_START: Final = tuple(c.id for c in TRIPOLITAN.values() if c.kind == BATTLE)
"""The T-bot's battle card line at setup: its battle cards, in the order they are defined."""
REFERENCE_CARDS: Final = tuple(
    c.id for c in TRIPOLITAN.values() if c.kind == SOLITAIRE and not c.instruction)
"""The solitaire cards that sit beside the T-bot's piles, never in them: they tell what the
T-bot does when no card of its event card line can be played."""

US_DECK: Final = tuple(
    c.id for c in CARDS.values() for _ in range(c.copies) if c.deck == US and c.kind != CORE
)
"""The 24 cards of the American draw pile at setup, in printed order (shuffled at setup)."""

TBOT_DECK: Final = tuple(
    c.id for c in CARDS.values() for _ in range(c.copies)
    if c.deck == TRIPOLITANIA and c.kind in (COMMON, UNIQUE, SOLITAIRE)
    and c.id not in TBOT_EVENT_LINE_START and c.id not in REFERENCE_CARDS
)
"""The 18 cards of the T-bot's draw pile at setup (shuffled at setup)."""

FRIGATES_FIRST_AGAINST: Final = tuple(c.id for c in CARDS.values() if c.frigates_first)
"""The American active event cards against which the T-bot's ships take hits frigates first
(TB-15: the Assault on Tripoli)."""

TBOT_CHOICES: Final = {c.id: c.choice for c in TRIPOLITAN.values() if c.choice is not None}
"""The T-bot's cards that make a choice as they resolve, with that choice's rule and box."""
