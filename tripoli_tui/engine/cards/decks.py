"""The decks, put together once every card is defined (importing this completes the card table).

The cards are found, not listed: every module of the `american` and `tripolitan` packages is a
card, imported here (a list of them would name every card outside its file). The order they are
found in decides nothing: the table is then put in the order of the cards' printed numbers and
line places (`registry.table_place`), and the decks and lines are read from it.
"""

from __future__ import annotations

from importlib import import_module
from pkgutil import iter_modules
from types import ModuleType
from typing import Final, TypeVar

from . import american, tripolitan
from .american import AMERICAN
from .registry import BATTLE, COMMON, CORE, SOLITAIRE, TRIPOLITANIA, UNIQUE, US, put_in_order
from .registry import CARDS as CARDS
from .tripolitan import TRIPOLITAN

C = TypeVar("C")


def _import_cards(side: ModuleType) -> None:
    """Import every card module of a side package (each module in its folder), in the order of
    their names."""
    for found in iter_modules(side.__path__):  # (in the order of their file names)
        import_module(f"{side.__name__}.{found.name}")


def _in_table_order(side: dict[str, C]) -> None:
    """Put a side's cards in the table's order."""
    place = {card: i for i, card in enumerate(CARDS)}
    cards = sorted(side.items(), key=lambda item: place[item[0]])
    side.clear()
    side.update(cards)


_import_cards(american)
_import_cards(tripolitan)
put_in_order()
_in_table_order(AMERICAN)
_in_table_order(TRIPOLITAN)

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
