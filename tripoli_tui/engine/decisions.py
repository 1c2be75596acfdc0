"""Pending decisions: their kinds, the facts each kind carries, and the Decision itself.

The choices that answer them live in `choices` (their classes, one object per value, the registry
and the text form); every name of it is handed on from here, so callers keep one import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from .choices import *  # noqa: F403  (the choices' names, handed on: decisions.PASS and the like)
from .choices import Choice

# --- decision kinds ---------------------------------------------------------

AMERICAN_PLAY = "american_play"
HAND_LIMIT = "hand_limit"
MOVE_FRIGATE = "move_frigate"
MOVE_DESTINATION = "move_destination"
SEND_GUNBOATS = "send_gunboats"
BATTLE_ORDER = "battle_order"
BATTLE_CARD = "battle_card"
ALLOCATE_HITS = "allocate_hits"
CHOOSE_LOCATION = "choose_location"
BAINBRIDGE = "bainbridge"
KEEP_DIE = "keep_die"
TRIPOLITAN_TURN = "tripolitan_turn"
DRAWN_CARD = "drawn_card"
RAID_OR_BUILD = "raid_or_build"
YUSUF_RAID_ORDER = "yusuf_raid_order"
TABLE_DICE = "table_dice"
"""At a table campaign: the dice of a roll, typed in (any valid roll; the options hold one)."""
TABLE_DRAW = "table_draw"
"""At a table campaign: which card was drawn from a pile on the table (each card it can hold)."""
TABLE_PICK = "table_pick"
"""At a table campaign: which card of the American hand the T-bot took at random."""
TABLE_KINDS = (TABLE_DICE, TABLE_DRAW, TABLE_PICK)

TABLE = "table"
"""The side that answers a table decision: the player, for the table (neither army's choice)."""


# --- what a decision is about, beyond its options: one record per kind ----------------------
# (Never changed once made, and hashed by value as choices are; not frozen, as choices are not: one
# is made per decision.)

@dataclass(slots=True, unsafe_hash=True)
class Facts:
    """What a pending decision is about, for players and the screen: the card it is for, and for
    some kinds more (a subclass per kind, FACTS). A kind not in FACTS has these alone."""

    card: str = ""
    """The card the decision is about (its id; '' for none)."""

    def places(self) -> tuple[str, ...]:
        """The places on the map the decision is about (ids; none here)."""
        return ()


@dataclass(slots=True, unsafe_hash=True)
class HandLimitFacts(Facts):
    excess: int = 0
    """How many cards are still over the hand limit."""


@dataclass(slots=True, unsafe_hash=True)
class MoveFrigateFacts(Facts):
    moved: int = 0
    """How many frigates have moved so far."""
    limit: int = 0
    """How many may move (or must, when `destination` is set and there is no Done)."""
    destination: str = ""
    """Where every frigate goes, when the card says ('' when each chooses its own)."""

    def places(self) -> tuple[str, ...]:
        return (self.destination,) if self.destination else ()


@dataclass(slots=True, unsafe_hash=True)
class DestinationFacts(Facts):
    source: str = ""
    """Where the frigate being moved comes from."""

    def places(self) -> tuple[str, ...]:
        return (self.source,) if self.source else ()


@dataclass(slots=True, unsafe_hash=True)
class GunboatFacts(Facts):
    gunboats: int = 0
    """The gunboats in Malta still to send."""


@dataclass(slots=True, unsafe_hash=True)
class HitFacts(Facts):
    hits_left: int = 0
    """The hits still to allocate, this one included."""
    location: str = ""
    """Where the battle is."""
    assault: bool = False
    """Whether the battle is the Assault on Tripoli."""

    def places(self) -> tuple[str, ...]:
        return (self.location,) if self.location else ()


@dataclass(slots=True, unsafe_hash=True)
class DieFacts(Facts):
    dice: Sequence[int] = ()
    """The dice rolled, one of which is kept."""


@dataclass(slots=True, unsafe_hash=True)
class TableDiceFacts(Facts):
    count: int = 0
    """How many dice the roll takes."""
    roller: str = ""
    """The side whose dice they are ('us' or 'tripolitania')."""
    what: str = ""
    """The roll in words ('Bombardment of Tripoli')."""


@dataclass(slots=True, unsafe_hash=True)
class TableDrawFacts(Facts):
    pile: str = ""
    """The pile drawn from: 'tbot_draw' or 'us_draw'; for a pick, 'us_hand'."""


class GivenFacts(TypedDict, total=False):
    """The facts a procedure gives when it asks (`core.ask(..., card=...)`): every field of every
    Facts kind, by name (tests/engine/test_decision_facts.py holds the two the same)."""

    card: str
    excess: int
    moved: int
    limit: int
    destination: str
    source: str
    gunboats: int
    hits_left: int
    location: str
    assault: bool
    dice: Sequence[int]
    count: int
    roller: str
    what: str
    pile: str


NO_FACTS = Facts()
"""The facts of a decision about nothing in particular (shared: never changed)."""


@dataclass(slots=True, unsafe_hash=True)
class Decision:
    """What the engine waits for: who decides, what, in the game's words, and every legal option."""

    side: str
    """'us' or 'tripolitania'."""
    kind: str
    prompt: str
    options: tuple[Choice, ...]
    given: GivenFacts = field(default_factory=GivenFacts, compare=False)
    """The facts its procedure gave (`core.ask(..., card=...)`), as given: read them as `info`."""

    @property
    def info(self) -> Facts:
        """What the decision is about, for players and the screen: its kind's Facts (FACTS), made
        when read (a simulated game reads few of them)."""
        return facts(self.kind, self.given)


FACTS: dict[str, type[Facts]] = {
    HAND_LIMIT: HandLimitFacts,
    MOVE_FRIGATE: MoveFrigateFacts,
    MOVE_DESTINATION: DestinationFacts,
    SEND_GUNBOATS: GunboatFacts,
    ALLOCATE_HITS: HitFacts,
    KEEP_DIE: DieFacts,
    TABLE_DICE: TableDiceFacts,
    TABLE_DRAW: TableDrawFacts,
    TABLE_PICK: TableDrawFacts,
}
"""Each kind of decision with facts of its own beyond the card, and their record."""


def facts(kind: str, given: GivenFacts) -> Facts:
    """The facts of a decision of `kind`, from what its procedure gave (TypeError for a fact its
    kind does not have)."""
    if not given and kind not in FACTS:
        return NO_FACTS
    made: Callable[..., Facts] = FACTS.get(kind, Facts)  # (each kind's own fields, by name)
    return made(**given)
