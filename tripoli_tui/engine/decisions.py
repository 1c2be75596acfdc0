"""Pending decisions and the choices that answer them, with the one registry of choice kinds.

Every choice is a small value with a text form that parses back
(``Choice.text()`` / ``parse_choice``); saves, logs and tests use that form. Choices and decisions
are never changed once made; they are not declared frozen only because the engine makes tens of
them per action and a frozen dataclass is about twice as slow to construct.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Generic, TypedDict, TypeVar

from . import data as d
from .words import plural


class IllegalChoice(ValueError):
    """A choice that is not among the pending decision's legal options."""


@dataclass(slots=True, unsafe_hash=True)
class Choice:
    """Base of every choice kind."""

    verb: ClassVar[str] = ""
    label: ClassVar[str] = ""
    """How the choice reads to a player; fields in braces are filled in by `describe`."""

    def text(self) -> str:
        """The text form: the verb then each field, space separated."""
        names: tuple[str, ...] = self.__match_args__  # the fields in order, cheaper than fields()
        return " ".join([self.verb, *(str(getattr(self, name)) for name in names)])

    def describe(self) -> str:
        """The choice in the game's words, for menus and the log."""
        values: dict[str, str] = {}
        names: tuple[str, ...] = self.__match_args__
        for name in names:
            value = getattr(self, name)
            if name == "card":
                values[name] = d.card_name(value)
            elif name == "location":
                values[name] = d.place_name(value)
            else:
                values[name] = str(value)
        return self.label.format(**values)


@dataclass(slots=True, unsafe_hash=True)
class CardChoice(Choice):
    """A choice about one card: playing, discarding or taking it."""

    card: str
    """The card's id."""


@dataclass(slots=True, unsafe_hash=True)
class PlaceChoice(Choice):
    """A choice of one place on the map: a harbor or a patrol zone."""

    location: str
    """The place's id (data.MAP_LOCATIONS)."""


@dataclass(slots=True, unsafe_hash=True)
class PlayEvent(CardChoice):
    verb: ClassVar[str] = "event"
    label: ClassVar[str] = "Play {card} as an event"


@dataclass(slots=True, unsafe_hash=True)
class DiscardToMove(CardChoice):
    verb: ClassVar[str] = "discard-move"
    label: ClassVar[str] = "Discard {card} to move up to two frigates"


@dataclass(slots=True, unsafe_hash=True)
class DiscardToBuild(CardChoice):
    verb: ClassVar[str] = "discard-build"
    label: ClassVar[str] = "Discard {card} to build a gunboat in Malta"


@dataclass(slots=True, unsafe_hash=True)
class Pass(Choice):
    verb: ClassVar[str] = "pass"
    label: ClassVar[str] = "Pass (no cards in hand)"


@dataclass(slots=True, unsafe_hash=True)
class DiscardCard(CardChoice):
    verb: ClassVar[str] = "discard"
    label: ClassVar[str] = "Discard {card}"


@dataclass(slots=True, unsafe_hash=True)
class MoveFrom(PlaceChoice):
    verb: ClassVar[str] = "from"
    label: ClassVar[str] = "Move a frigate from {location}"


@dataclass(slots=True, unsafe_hash=True)
class MoveTo(PlaceChoice):
    verb: ClassVar[str] = "to"
    label: ClassVar[str] = "To {location}"


@dataclass(slots=True, unsafe_hash=True)
class Done(Choice):
    verb: ClassVar[str] = "done"
    label: ClassVar[str] = "Done"


@dataclass(slots=True, unsafe_hash=True)
class SendGunboat(PlaceChoice):
    verb: ClassVar[str] = "gunboat"
    label: ClassVar[str] = "Send a gunboat from Malta to {location}"


@dataclass(slots=True, unsafe_hash=True)
class ChooseLocation(PlaceChoice):
    verb: ClassVar[str] = "choose"
    label: ClassVar[str] = "{location}"


@dataclass(slots=True, unsafe_hash=True)
class PlayBattleCard(CardChoice):
    verb: ClassVar[str] = "battle-card"
    label: ClassVar[str] = "Play {card}"


@dataclass(slots=True, unsafe_hash=True)
class Decline(Choice):
    verb: ClassVar[str] = "decline"
    label: ClassVar[str] = "Do not play it"


@dataclass(slots=True, unsafe_hash=True)
class AllocateHit(Choice):
    target: str
    """'frigate' (damage an undamaged one), 'damaged_frigate' (sink a damaged one), 'gunboat',
    'corsair', 'marine', 'arab_infantry'."""
    verb: ClassVar[str] = "hit"
    label: ClassVar[str] = "Hit: {target}"

    def describe(self) -> str:
        return HIT_TARGET_NAMES.get(self.target, self.target)


HIT_TARGET_NAMES = {
    "frigate": "Damage an undamaged frigate",
    "damaged_frigate": "Sink a damaged frigate",
    "gunboat": "Sink a gunboat",
    "corsair": "Sink a corsair",
    "marine": "Lose a Marine",
    "arab_infantry": "Lose an Arab infantry",
}


@dataclass(slots=True, unsafe_hash=True)
class TakeCard(CardChoice):
    verb: ClassVar[str] = "take"
    label: ClassVar[str] = "Take {card} into your hand"


@dataclass(slots=True, unsafe_hash=True)
class KeepDie(Choice):
    value: int
    verb: ClassVar[str] = "keep"
    label: ClassVar[str] = "Keep the {value}"


@dataclass(slots=True, unsafe_hash=True)
class PlayLineCard(CardChoice):
    verb: ClassVar[str] = "play-line"
    label: ClassVar[str] = "Play {card} from the event card line"


@dataclass(slots=True, unsafe_hash=True)
class FiveCorsairRaid(Choice):
    verb: ClassVar[str] = "five-corsair-check"
    label: ClassVar[str] = "Five Corsair Check: raid from Tripoli"


@dataclass(slots=True, unsafe_hash=True)
class DrawCard(Choice):
    verb: ClassVar[str] = "draw"
    label: ClassVar[str] = "Draw a card"


@dataclass(slots=True, unsafe_hash=True)
class RaidOrBuild(Choice):
    verb: ClassVar[str] = "raid-or-build"
    label: ClassVar[str] = "Raid or Build without discarding (draw pile empty)"


@dataclass(slots=True, unsafe_hash=True)
class PlayDrawn(Choice):
    verb: ClassVar[str] = "play-drawn"
    label: ClassVar[str] = "Play the drawn card"


@dataclass(slots=True, unsafe_hash=True)
class QueueDrawn(Choice):
    verb: ClassVar[str] = "queue"
    label: ClassVar[str] = "Add it to the end of the event card line and draw again"


@dataclass(slots=True, unsafe_hash=True)
class DiscardForRaidOrBuild(Choice):
    verb: ClassVar[str] = "discard-raid-or-build"
    label: ClassVar[str] = "Discard it to Raid or Build"


@dataclass(slots=True, unsafe_hash=True)
class Raid(PlaceChoice):
    verb: ClassVar[str] = "raid"
    label: ClassVar[str] = "Pirate raid from {location}"


@dataclass(slots=True, unsafe_hash=True)
class BuildCorsair(Choice):
    verb: ClassVar[str] = "build-corsair"
    label: ClassVar[str] = "Build a corsair in Tripoli"


# --- one object per choice value --------------------------------------------------
# Choices never change once made, so the engine offers the same object for the same choice in
# every decision instead of building tens of new ones per action (equality is by value anyway).

K = TypeVar("K")
V = TypeVar("V")


class Interned(dict[K, V], Generic[K, V]):
    """`table[value]`: the one choice object for a value, made the first time it is asked for."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        made = self[key] = self.make(key)
        return made


PLAY_EVENT: Interned[str, PlayEvent] = Interned(PlayEvent)
DISCARD_TO_MOVE: Interned[str, DiscardToMove] = Interned(DiscardToMove)
DISCARD_TO_BUILD: Interned[str, DiscardToBuild] = Interned(DiscardToBuild)
DISCARD_CARD: Interned[str, DiscardCard] = Interned(DiscardCard)
MOVE_FROM: Interned[str, MoveFrom] = Interned(MoveFrom)
MOVE_TO: Interned[str, MoveTo] = Interned(MoveTo)
SEND_GUNBOAT: Interned[str, SendGunboat] = Interned(SendGunboat)
CHOOSE_PLACE: Interned[str, ChooseLocation] = Interned(ChooseLocation)
PLAY_BATTLE_CARD: Interned[str, PlayBattleCard] = Interned(PlayBattleCard)
ALLOCATE_HIT: Interned[str, AllocateHit] = Interned(AllocateHit)
TAKE_CARD: Interned[str, TakeCard] = Interned(TakeCard)
PLAY_LINE_CARD: Interned[str, PlayLineCard] = Interned(PlayLineCard)
RAID_FROM: Interned[str, Raid] = Interned(Raid)
PASS = Pass()
DONE = Done()
DECLINE = Decline()
FIVE_CORSAIR_RAID = FiveCorsairRaid()
DRAW_CARD = DrawCard()
RAID_OR_BUILD_NO_CARD = RaidOrBuild()
PLAY_DRAWN = PlayDrawn()
QUEUE_DRAWN = QueueDrawn()
DISCARD_FOR_RAID_OR_BUILD = DiscardForRaidOrBuild()
BUILD_CORSAIR = BuildCorsair()


CHOICE_KINDS: dict[str, type[Choice]] = {
    cls.verb: cls
    for cls in (
        PlayEvent, DiscardToMove, DiscardToBuild, Pass, DiscardCard, MoveFrom, MoveTo, Done,
        SendGunboat, ChooseLocation, PlayBattleCard, Decline, AllocateHit, TakeCard, KeepDie,
        PlayLineCard, FiveCorsairRaid, DrawCard, RaidOrBuild, PlayDrawn, QueueDrawn,
        DiscardForRaidOrBuild, Raid, BuildCorsair,
    )
}
"""The one registry: every choice kind by its verb."""


def parse_choice(text: str) -> Choice:
    """Parse a choice's text form; ValueError with a clear message if it is not one."""
    parts = text.split()
    if not parts:
        raise ValueError("an empty choice")
    cls = CHOICE_KINDS.get(parts[0])
    if cls is None:
        raise ValueError(f"unknown choice {parts[0]!r}")
    names = [f for f in fields(cls)]
    if len(parts) - 1 != len(names):
        raise ValueError(f"choice {parts[0]!r} takes {plural(len(names), 'value')}: {text!r}")
    values: list[Any] = []
    for f, raw in zip(names, parts[1:], strict=True):
        if f.name == "value":
            if not raw.isdigit():
                raise ValueError(f"choice {text!r}: {raw!r} is not a number")
            values.append(int(raw))
        elif f.name == "card":
            if raw not in d.CARDS:
                raise ValueError(f"choice {text!r}: unknown card {raw!r}")
            values.append(raw)
        elif f.name == "location":
            if raw not in d.ALL_LOCATIONS:
                raise ValueError(f"choice {text!r}: unknown location {raw!r}")
            values.append(raw)
        else:
            values.append(raw)
    return cls(*values)


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
}
"""Each kind of decision with facts of its own beyond the card, and their record."""


def facts(kind: str, given: GivenFacts) -> Facts:
    """The facts of a decision of `kind`, from what its procedure gave (TypeError for a fact its
    kind does not have)."""
    if not given and kind not in FACTS:
        return NO_FACTS
    made: Callable[..., Facts] = FACTS.get(kind, Facts)  # (each kind's own fields, by name)
    return made(**given)
