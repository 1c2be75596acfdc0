"""The card table: the Card type, every card by id and by name, filled by the side modules.

It knows no procedures (so anything may look up a card's name without importing the rules);
`cards.american`, `cards.tripolitan` and `cards.tripolitan_battle` define the cards and register
them; `cards.decks` imports them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

US: Final = "us"
TRIPOLITANIA: Final = "tripolitania"

CORE: Final = "core"
UNIQUE: Final = "unique"
COMMON: Final = "common"
VICTORY: Final = "victory"
BATTLE: Final = "battle"
SOLITAIRE: Final = "solitaire"

PRINTED_ORDER: Final = (
    (US, CORE), (US, VICTORY), (US, COMMON), (US, UNIQUE), (US, BATTLE),
    (TRIPOLITANIA, CORE), (TRIPOLITANIA, COMMON), (TRIPOLITANIA, UNIQUE), (TRIPOLITANIA, BATTLE),
    (TRIPOLITANIA, SOLITAIRE),
)
"""The order of the card lists: deck, then kind (cards of one kind keep their defined order)."""

# The T-bot's instruction for a card it draws (rulebook Solitaire Card Play Requirements).
PLAY: Final = "play"
"""Played from the event card line when its condition holds (the cards the line starts with)."""
QUEUE: Final = "queue"
"""Play if the condition holds, otherwise add to the end of the event card line and draw again."""
RAID_OR_BUILD: Final = "raid_or_build"
"""Play if the condition holds, otherwise discard to perform a Raid or Build action."""
ALWAYS: Final = "always"
"""Play immediately."""
NEVER: Final = "never"
"""Never played as an event: discard to perform a Raid or Build action."""


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card title (copies share a card id)."""

    id: str
    name: str
    deck: str
    kind: str
    copies: int
    text: str
    """The card's effect, in our own words."""
    requirement: str = ""
    """What must hold to play it as an event, in our own words ('' if nothing)."""
    tbot: str = ""
    """The T-bot's printed solitaire line for this card, word for word, or for a battle card its
    printed trigger ('' for American cards); the flowchart and its traces quote it."""


CARDS: Final[dict[str, Card]] = {}
"""Every card title by id, in printed order (complete once `cards.decks` is imported)."""
CARDS_BY_NAME: Final[dict[str, Card]] = {}


def register(*cards: Card) -> None:
    """Add cards to the table, keeping the printed order."""
    table = [*CARDS.values(), *cards]
    table.sort(key=lambda c: PRINTED_ORDER.index((c.deck, c.kind)))
    CARDS.clear()
    CARDS.update((c.id, c) for c in table)
    CARDS_BY_NAME.update((c.name.casefold(), c) for c in cards)


def card_name(card_id: str) -> str:
    """The printed name of a card."""
    return CARDS[card_id].name


def card_by_name(name: str) -> Card:
    """The card with this printed name (case-insensitive); KeyError if none."""
    return CARDS_BY_NAME[name.strip().casefold()]
