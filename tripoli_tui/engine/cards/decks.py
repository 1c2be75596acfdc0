"""The card table, built once from the cards' modules, and the decks and lines read from it.

The cards are found, not listed: every module of the `american` and `tripolitan` packages is a
card, which exports it as `CARD` (a list of them would name every card outside its file). The
order they are found in decides nothing: the table is put in the order of the cards' printed
numbers and line places (`registry.table_place`), then installed below the mechanics
(`registry.install`), and the decks and lines are read from it. Everything here is made once and
never changes.
"""

from __future__ import annotations

from importlib import import_module
from pkgutil import iter_modules
from types import ModuleType
from typing import Final

from . import american, tripolitan
from .american import AmericanCard
from .registry import (
    BATTLE,
    COMMON,
    CORE,
    SOLITAIRE,
    TRIPOLITANIA,
    UNIQUE,
    US,
    Card,
    install,
    table_place,
)
from .registry import CARDS as CARDS
from .tripolitan import TripolitanCard


def _cards_of(side: ModuleType) -> list[Card]:
    """The card every module of a side package exports (each module in its folder)."""
    return [import_module(f"{side.__name__}.{found.name}").CARD
            for found in iter_modules(side.__path__)]


install({c.id: c for c in sorted(_cards_of(american) + _cards_of(tripolitan), key=table_place)})

AMERICAN: Final = {c.id: c for c in CARDS.values() if isinstance(c, AmericanCard)}
"""Every American card by id, with its rules, in printed order."""
TRIPOLITAN: Final = {c.id: c for c in CARDS.values() if isinstance(c, TripolitanCard)}
"""Every Tripolitan card by id, with the T-bot's rules, in printed order."""

US_CORE_CARDS: Final = tuple(c.id for c in CARDS.values() if c.deck == US and c.kind == CORE)
"""The American core cards, in hand at setup."""
TBOT_EVENT_LINE_START: Final = tuple(c.id for c in sorted(
    (c for c in TRIPOLITAN.values() if c.line_place and c.kind != BATTLE),
    key=lambda c: c.line_place))
"""The T-bot's event card line at setup, in order."""
TBOT_BATTLE_LINE_START: Final = tuple(c.id for c in sorted(
    (c for c in TRIPOLITAN.values() if c.kind == BATTLE), key=lambda c: c.line_place))
"""The T-bot's battle card line at setup, in order (the rulebook's recommended order)."""
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
