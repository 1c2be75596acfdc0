"""The card kit and the card table: the Card type and its parts, and every card by id and by name.

The bottom of the engine with data and state: it imports nothing, so anything may look up a
card's name or a moment's battle cards without importing the rules. Each card is defined in a
module of its own under `cards.american` or `cards.tripolitan`, which exports it as `CARD`;
`cards.decks` finds them, builds the table from them once, in order, and installs it here
(`install`): the table is then complete and never changes. (It is installed rather than imported
because the cards' effects call the mechanics, which offer the battle cards and name the cards
they play: the table sits below both.)
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Final, Protocol

GameState = Any
"""The position a card's hook reads (engine.state.GameState: the table imports no rules, and the
state imports the table through engine.data)."""

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
"""The order of the card lists: deck, then kind (within a kind, `table_place`)."""

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


# The moments the rules offer battle cards at (a battle card names its moment; the procedure that
# reaches it offers every card of that moment, in the cards' printed order).
INTERCEPTION: Final = "interception"
"""An interception roll with an American frigate in the patrol zone (the place: the zone)."""
INTERCEPTED: Final = "intercepted"
"""A pirate raid once an American frigate made its interception roll (the place: the harbor)."""
CAPTURE_ROLL: Final = "capture_roll"
"""A pirate raid's roll for merchant ships, with corsairs left to roll (the place: the harbor)."""
MERCHANT_CAPTURED: Final = "merchant_captured"
"""A pirate raid that captured a merchant ship."""
NAVAL_BATTLE: Final = "naval_battle"
"""A naval battle in a harbor, or the Assault's (the place: the harbor)."""
GROUND_COMBAT: Final = "ground_combat"
"""The start of a ground combat (the place: the city)."""
LANDING: Final = "landing"
"""The Assault on Tripoli's ground combat about to begin."""
RAID_DIE: Final = "raid_die"
"""The die of an American raid into the harbor of Tripoli (an American event card's)."""
RUNS_AGROUND: Final = "runs_aground"
"""The die of an American frigate run aground (a Tripolitan event card's)."""

# The card types (here and in the side packages) are frozen dataclasses made at every start
# (issue 20 item 7). None has slots: they hold a few objects per card, and a class with slots is
# made twice (~0.3 ms each). None has value equality, a field-by-field repr or match arguments
# (eq=False, repr=False, match_args=False): a card and its parts are what they are, nothing
# compares, hashes, prints or matches them, and those methods cost their making (~0.1-0.2 ms a
# class).

BattleEffect = Callable[[GameState, str], Generator[Any, Any, None]]
"""What a battle card does when played, beyond its bonus dice (a procedure; the place given)."""


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
class Bonus:
    """What a played battle card adds to the rolls it is played for."""

    frigate_dice: int = 0
    """Dice each American frigate rolls besides its own (the first round only in the Assault)."""
    american_dice: int = 0
    """Dice the American side rolls besides (keeping the best)."""
    tripoli_dice: int = 0
    """Dice Tripoli rolls besides (the first round only in a naval battle)."""
    marine_dice: int = 0
    """Dice one Marine rolls besides, every round."""
    marine_hit: int = 0
    """The least die a Marine hits on (0: as usual, a 6)."""


NO_BONUS: Final = Bonus()


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
class BattleUse:
    """When the rules offer a battle card, and what it does when played."""

    moment: str
    """The moment it is offered at (INTERCEPTION, NAVAL_BATTLE, ...)."""
    offered_if: Callable[[GameState, str], bool] | None = None
    """Whether the moment offers it, by the position and the place (None: always)."""
    bonus: Bonus = NO_BONUS
    effect: BattleEffect | None = None
    position_problems: Callable[[GameState, str, int], list[tuple[str, str]]] | None = None
    """What a hand-written position standing at its offer in a pirate raid must show, by the
    raiding harbor and its corsairs past the interception roll: (field, problem) for each thing
    wrong (docs/save-format.md, `[position.mid_turn]`)."""


class Judge(Protocol):
    """How the heuristic American player (play/heuristic_cards.py) reads the position it values a card
    in: what a card's worth may ask besides the board."""

    def misplaced(self) -> int:
        """American frigates away from where the player wants them."""
        ...

    def keep_value(self, card: str) -> int:
        """What a card in hand is worth keeping now."""
        ...

    def ground_win_chance(self, attackers: int, defenders: int) -> float:
        """The chance that a ground combat of these forces is won by the attackers."""
        ...

    def army_strength(self, where: str) -> int:
        """Hamet's Army's strength in a city (Marines counting more with their battle cards)."""
        ...

    def raiding_threat(self, harbor: str) -> int:
        """Corsairs that could raid out of a harbor."""
        ...

    def assault_ready(self) -> bool:
        """The fleet and the ground force look strong enough to take Tripoli."""
        ...

    def last_turn(self) -> bool:
        """The last season of the game."""
        ...

    def late(self) -> bool:
        """The last year and a half (Fall 1805 on)."""
        ...


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
class Worth:
    """What the heuristic American player (play/heuristic.py) makes of a card."""

    keep: int = 50
    """What it is worth keeping in hand (the card discarded first is the one worth least)."""
    keep_now: Callable[[GameState], int | None] | None = None
    """What it is worth keeping in this position instead (None: `keep`)."""
    event: Callable[[GameState, Judge], int | None] | None = None
    """What playing its event now gains (None: not worth playing now; no function: never)."""
    play_battle: Callable[[GameState], bool] | None = None
    """A battle card: whether to play it when offered (no function: always)."""
    guard: Callable[[GameState], str] | None = None
    """A Tripolitan card: where a frigate guards against it while it is in the event card line
    (a place, '' for none now); only when the player guards at all (heuristic.GUARD_GIBRALTAR)."""
    bombards: bool = False
    """Its frigates bombard for Hamet's Army: every frigate offered goes."""
    assault_enemy: int = 0
    """A Tripolitan battle card: dice it adds to Tripoli's fleet against the Assault."""
    assault_marines: int = 0
    """An American battle card: Marines it lands for the Assault's ground combat."""


NEVER_PLAYED: Final = Worth()


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
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
    battle: BattleUse | None = None
    """A battle card's moment and effect (None for an event card)."""
    worth: Worth = NEVER_PLAYED
    """What the heuristic American player makes of it."""
    frigates_first: bool = False
    """While it is the American active event card, the T-bot's ships take hits on their
    frigates first (ruling TB-15)."""
    number: int = 0
    """Its printed number in its deck: the card's picture (us_card_N, tr_card_N), the first
    copy's for a card printed several times."""
    line_place: int = 0
    """Its place in the T-bot's line at setup, counted from 1: the event card line, or the
    battle card line for a battle card (0: in no line)."""


CARDS: Final[dict[str, Card]] = {}
"""Every card title by id, in printed order (installed once, by `cards.decks`)."""
CARDS_BY_NAME: Final[dict[str, Card]] = {}
_AT: Final[dict[str, tuple[Card, ...]]] = {}
"""The battle cards by moment, in printed order."""


def table_place(card: Card) -> tuple[int, int]:
    """Where a card stands in the table: its deck and kind, then its printed number; the T-bot's
    battle cards by their place in its battle card line (the rulebook's recommended order, which
    the table has always kept: their printed numbers would put them in another)."""
    within = card.line_place if card.kind == BATTLE and card.deck == TRIPOLITANIA else card.number
    return PRINTED_ORDER.index((card.deck, card.kind)), within


def install(table: dict[str, Card]) -> None:
    """Install the card table, built once by `cards.decks` (in order); a second one is refused."""
    if CARDS:
        raise RuntimeError("the card table is installed once")
    CARDS.update(table)
    CARDS_BY_NAME.update((c.name.casefold(), c) for c in table.values())
    for card in table.values():
        if card.battle is not None:
            _AT[card.battle.moment] = (*_AT.get(card.battle.moment, ()), card)


def battle_cards_at(moment: str) -> tuple[Card, ...]:
    """The battle cards offered at a moment, in printed order (American before Tripolitan)."""
    return _AT.get(moment, ())


def card_name(card_id: str) -> str:
    """The printed name of a card."""
    return CARDS[card_id].name


def card_by_name(name: str) -> Card:
    """The card with this printed name (case-insensitive); KeyError if none."""
    return CARDS_BY_NAME[name.strip().casefold()]
