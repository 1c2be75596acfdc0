"""The choices that answer a pending decision, with the one registry of choice kinds.

Every choice is a small value with a text form that parses back
(``Choice.text()`` / ``parse_choice``); saves, logs and tests use that form. Choices are never
changed once made; they are not declared frozen only because the engine makes tens of them per
action and a frozen dataclass is about twice as slow to construct. A kind that adds no field
to its parent (most: `PlayEvent` is a `CardChoice` with its own verb and label) is a plain
subclass with empty slots, not a dataclass again: its parent's generated methods serve it as they
are (equality still asks for the same kind), and making each kind a dataclass anew was a
noticeable part of the game's start. `decisions` (the pending
decisions the choices answer) hands every name on, so `decisions.PASS` and the like keep working.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, TypeVar

from . import data as d
from .words import plural

__all__ = [
    "IllegalChoice", "Choice", "CardChoice", "PlaceChoice", "PlayEvent", "DiscardToMove",
    "DiscardToBuild", "Pass", "DiscardCard", "MoveFrom", "MoveTo", "Done", "SendGunboat",
    "ChooseLocation", "PlayBattleCard", "Decline", "AllocateHit", "HIT_TARGET_NAMES", "TakeCard",
    "KeepDie", "PlayLineCard", "FiveCorsairRaid", "DrawCard", "RaidOrBuild", "PlayDrawn",
    "QueueDrawn", "DiscardForRaidOrBuild", "Raid", "BuildCorsair", "Interned", "PLAY_EVENT",
    "DISCARD_TO_MOVE", "DISCARD_TO_BUILD", "DISCARD_CARD", "MOVE_FROM", "MOVE_TO", "SEND_GUNBOAT",
    "CHOOSE_PLACE", "PLAY_BATTLE_CARD", "ALLOCATE_HIT", "TAKE_CARD", "PLAY_LINE_CARD", "RAID_FROM",
    "PASS", "DONE", "DECLINE", "FIVE_CORSAIR_RAID", "DRAW_CARD", "RAID_OR_BUILD_NO_CARD",
    "PLAY_DRAWN", "QUEUE_DRAWN", "DISCARD_FOR_RAID_OR_BUILD", "BUILD_CORSAIR", "CHOICE_KINDS",
    "RollDice", "DrawnCard", "TableStep", "SwitchModes", "Adjust", "DRAWN_CARD_IS",
    "parse_choice",
]


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


class PlayEvent(CardChoice):
    __slots__ = ()
    verb: ClassVar[str] = "event"
    label: ClassVar[str] = "Play {card} as an event"


class DiscardToMove(CardChoice):
    __slots__ = ()
    verb: ClassVar[str] = "discard-move"
    label: ClassVar[str] = "Discard {card} to move up to two frigates"


class DiscardToBuild(CardChoice):
    __slots__ = ()
    verb: ClassVar[str] = "discard-build"
    label: ClassVar[str] = "Discard {card} to build a gunboat in Malta"


class Pass(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "pass"
    label: ClassVar[str] = "Pass (no cards in hand)"


class DiscardCard(CardChoice):
    __slots__ = ()
    verb: ClassVar[str] = "discard"
    label: ClassVar[str] = "Discard {card}"


class MoveFrom(PlaceChoice):
    __slots__ = ()
    verb: ClassVar[str] = "from"
    label: ClassVar[str] = "Move a frigate from {location}"


class MoveTo(PlaceChoice):
    __slots__ = ()
    verb: ClassVar[str] = "to"
    label: ClassVar[str] = "To {location}"


class Done(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "done"
    label: ClassVar[str] = "Done"


class SendGunboat(PlaceChoice):
    __slots__ = ()
    verb: ClassVar[str] = "gunboat"
    label: ClassVar[str] = "Send a gunboat from Malta to {location}"


class ChooseLocation(PlaceChoice):
    __slots__ = ()
    verb: ClassVar[str] = "choose"
    label: ClassVar[str] = "{location}"


class PlayBattleCard(CardChoice):
    __slots__ = ()
    verb: ClassVar[str] = "battle-card"
    label: ClassVar[str] = "Play {card}"


class Decline(Choice):
    __slots__ = ()
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


class TakeCard(CardChoice):
    __slots__ = ()
    verb: ClassVar[str] = "take"
    label: ClassVar[str] = "Take {card} into your hand"


@dataclass(slots=True, unsafe_hash=True)
class KeepDie(Choice):
    value: int
    verb: ClassVar[str] = "keep"
    label: ClassVar[str] = "Keep the {value}"


class PlayLineCard(CardChoice):
    __slots__ = ()
    verb: ClassVar[str] = "play-line"
    label: ClassVar[str] = "Play {card} from the event card line"


class FiveCorsairRaid(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "five-corsair-check"
    label: ClassVar[str] = "Five Corsair Check: raid from Tripoli"


class DrawCard(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "draw"
    label: ClassVar[str] = "Draw a card"


class RaidOrBuild(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "raid-or-build"
    label: ClassVar[str] = "Raid or Build without discarding (draw pile empty)"


class PlayDrawn(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "play-drawn"
    label: ClassVar[str] = "Play the drawn card"


class QueueDrawn(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "queue"
    label: ClassVar[str] = "Add it to the end of the event card line and draw again"


class DiscardForRaidOrBuild(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "discard-raid-or-build"
    label: ClassVar[str] = "Discard it to Raid or Build"


class Raid(PlaceChoice):
    __slots__ = ()
    verb: ClassVar[str] = "raid"
    label: ClassVar[str] = "Pirate raid from {location}"


class BuildCorsair(Choice):
    __slots__ = ()
    verb: ClassVar[str] = "build-corsair"
    label: ClassVar[str] = "Build a corsair in Tripoli"


# --- at a table campaign: luck typed in, and the steps that are not answers ---------

@dataclass(slots=True, unsafe_hash=True)
class RollDice(Choice):
    """The dice rolled on the table, typed in: 'dice 631' is a 6, a 3 and a 1 (any valid roll is
    taken: the decision offers the all-ones roll as its example)."""

    values: str
    verb: ClassVar[str] = "dice"
    label: ClassVar[str] = "Dice: {values}"

    def describe(self) -> str:
        return " ".join(f"[{v}]" for v in self.values) if self.values else "no dice"


class DrawnCard(CardChoice):
    __slots__ = ()
    verb: ClassVar[str] = "drawn"
    label: ClassVar[str] = "{card}"


class TableStep(Choice):
    """A step of a table campaign that answers no decision: the game takes it at any point
    (Game.submit), and the history keeps it like any choice, so undo and rollback take it back."""

    __slots__ = ()


@dataclass(slots=True, unsafe_hash=True)
class SwitchModes(TableStep):
    """New table modes ('dice=mine,deck=table,hand=program'), from the next die or draw on."""

    modes: str
    verb: ClassVar[str] = "table-modes"
    label: ClassVar[str] = "Table modes: {modes}"


@dataclass(slots=True, unsafe_hash=True)
class Adjust(TableStep):
    """The position brought in line with the table: 'gold=5', 'pieces.tripoli.corsair=3',
    'event_card_line=storms,yusuf_qaramanli' (engine.table reads and applies it)."""

    change: str
    verb: ClassVar[str] = "adjust"
    label: ClassVar[str] = "Adjust: {change}"


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
DRAWN_CARD_IS: Interned[str, DrawnCard] = Interned(DrawnCard)
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
        DiscardForRaidOrBuild, Raid, BuildCorsair, RollDice, DrawnCard, SwitchModes, Adjust,
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
