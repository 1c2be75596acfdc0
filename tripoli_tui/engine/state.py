"""GameState: the whole position as plain data (ints, strings, lists, dicts)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

from . import data as d

_SEASON_TITLES = tuple(name.capitalize() for name in d.SEASONS)
_WHEN = {year: tuple(f"{title} {year}" for title in _SEASON_TITLES) for year in d.YEARS}
"""'Spring 1801' .. 'Winter 1806', made once (prompts and log headers read them every turn)."""


def when(year: int, season: int) -> str:
    """'Spring 1801'."""
    titles = _WHEN.get(year)
    return f"{_SEASON_TITLES[season]} {year}" if titles is None else titles[season]


def season_title(season: int) -> str:
    """A season's name as a title: 0 is 'Spring' .. 3 'Winter'."""
    return _SEASON_TITLES[season]


class Phase(StrEnum):
    """Where the season stands; the values are the words a save writes."""

    START_OF_YEAR = "start_of_year"
    AMERICAN_PLAY = "american_play"
    TRIPOLITAN_PLAY = "tripolitan_play"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class SeasonRecord:
    """Where the war stood when one season ended: the game-over chart draws these."""

    year: int
    season: int
    """0 Spring .. 3 Winter."""
    gold: int
    """Gold held by Tripoli."""
    frigates_sunk: int
    """American frigates sunk."""


@dataclass(frozen=True, slots=True)
class MidTurn:
    """Where a position stands in the middle of a turn, at a T-bot decision (a hand-written
    position: the game resumes there, engine.turn.midturn)."""

    decision: str
    """'drawn_card', 'battle_card', 'yusuf_raids' or 'allocate_hits'."""
    card: str = ""
    """battle_card: the battle card offered (its id)."""
    raid: str = ""
    """battle_card: the harbor the pirate raid is from."""
    harbors: tuple[str, ...] = ()
    """yusuf_raids: the harbors still to raid (Tripoli, then the active allies)."""
    battle: str = ""
    """allocate_hits: 'harbor' (an American attack on a harbor), 'assault' (the Assault on
    Tripoli) or 'tripoli_attacks' (the Tripoli Attacks battle in the Tripoli patrol zone, in the
    T-bot's turn)."""
    location: str = ""
    """allocate_hits: where the battle is."""
    hits: int = 0
    """allocate_hits: the hits the Tripolitan ships still have to take this round."""
    assault_round: int = 0
    """allocate_hits in the Assault: the round whose hits are being taken (1 = the first)."""
    american_hits: int = 0
    """allocate_hits in Tripoli Attacks: the hits the American frigates take next (Tripoli fired
    first and allocates first)."""


DICE_MODES = ("program", "mine", "all")
"""Who rolls at a table campaign: the program every die; the player the American dice (the program
the T-bot's); the player every die."""
PILE_MODES = ("program", "table")
"""Who draws from a pile at a table campaign: the program (it shuffles and says what was drawn), or
the player, who types the card drawn from the pile on the table."""


@dataclass(frozen=True, slots=True)
class TableModes:
    """Where a table campaign's luck comes from: the board is on the player's table, and each die
    and draw is either the program's (its seeded generator, as in any campaign) or typed in."""

    dice: str = "program"
    """A DICE_MODES value."""
    deck: str = "program"
    """The T-bot's draw pile: a PILE_MODES value."""
    hand: str = "program"
    """The American draws (and the T-bot's pick of a card at random from the American hand): a
    PILE_MODES value."""

    def types_dice_of(self, side: str) -> bool:
        """Whether the player types the dice `side` ('us' or 'tripolitania') rolls."""
        return self.dice == "all" or (self.dice == "mine" and side == d.US)

    def text(self) -> str:
        """'dice=mine,deck=table,hand=program': the form a save and a timeline step keep."""
        return f"dice={self.dice},deck={self.deck},hand={self.hand}"

    def describe(self) -> str:
        """The modes in words, for the screen and the log."""
        dice = {"program": "the program rolls every die",
                "mine": "you roll the American dice, the program the T-bot's",
                "all": "you roll every die"}[self.dice]
        deck = ("the program holds the T-bot's deck" if self.deck == "program"
                else "the T-bot's deck is on the table")
        hand = ("the program deals your cards" if self.hand == "program"
                else "you draw your cards on the table")
        return f"{dice}; {deck}; {hand}"


def table_modes(text: str) -> TableModes:
    """Read TableModes.text(); ValueError naming what is wrong."""
    values: dict[str, str] = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        key, value = key.strip(), value.strip()
        allowed = {"dice": DICE_MODES, "deck": PILE_MODES, "hand": PILE_MODES}.get(key)
        if allowed is None:
            raise ValueError(f"no table mode is called {key!r} (dice, deck or hand)")
        if value not in allowed:
            raise ValueError(f"the {key} mode is one of {', '.join(allowed)}, not {value!r}")
        if key in values:
            raise ValueError(f"the {key} mode is given twice")
        values[key] = value
    return TableModes(**values)


@dataclass(frozen=True)
class GameResult:
    """How a game ended, fixed the moment it ends (a save writes these fields in this order)."""

    winner: str
    """'us', 'tripolitania' or 'draw'."""
    how: str
    """A key of engine.core.WAYS_TO_END."""
    text: str
    """The ending in a sentence."""
    year: int
    season: int
    us_points: int
    tripolitan_points: int
    """Tournament points."""
    gold_at_end: int
    frigates_sunk_at_end: int


_NO_PIECES = dict.fromkeys(d.PIECES, 0)


def empty_pieces() -> dict[str, dict[str, int]]:
    """Every location with a zero count of every piece."""
    return {loc: _NO_PIECES.copy() for loc in d.ALL_LOCATIONS}


new_tuple = tuple.__new__
"""Makes a named tuple (a log entry, a history entry, a move) without its Python-level __new__:
several are made per action."""


class TraceLike(Protocol):
    """How a player reached its choice (the T-bot's bot.trace.Trace). The history and the log keep
    it as it is; only a save turns it into data, by `to_data` (JSON-like: text, numbers, booleans,
    lists and tables)."""

    def to_data(self) -> object: ...


class SavedTrace:
    """A trace read from a save: the data the save holds, kept as it is (and written back the same)
    until a reader of traces turns it into its own kind, once (bot.trace.trace_of keeps what it
    made of it in `read`). Equal to any trace whose data is the same (and so, like the data it
    stands for, not hashable)."""

    __slots__ = ("data", "read")

    def __init__(self, data: object) -> None:
        self.data = data
        self.read: object = None
        """What a reader made of the data (None until one reads it): a cache, never saved."""

    def to_data(self) -> object:
        return self.data

    def __eq__(self, other: object) -> bool:
        to_data = getattr(other, "to_data", None)
        return callable(to_data) and self.data == to_data()

    def __repr__(self) -> str:
        return f"SavedTrace({self.data!r})"


class LogEntry(NamedTuple):
    """One line of the game log (a named tuple: a game writes about two per action, and never
    changes one once written)."""

    year: int
    season: int
    side: str
    """'us', 'tripolitania' or '' for the game itself."""
    kind: str
    """'text', 'dice', 'header', 'tbot_trace', 'result' ..."""
    text: str
    data: Any = None
    """Extra structured data, JSON-like (dice values, a turn's mark), or for a 'tbot_trace' entry
    the trace as submitted (a TraceLike: bot.trace.trace_of reads it). Never changed once the entry
    is written: the entries every game writes alike (a year's or a turn's header, a raid's mark)
    are one object shared by every game's log."""


class LazyLogEntry(LogEntry):
    """A log entry whose text is put into words when it is read: it keeps the function that
    writes it and that function's arguments (`core.log_later`). A simulated game writes about
    ninety entries and reads none, and writing them at once was several percent of its time.

    It reads exactly as a LogEntry: its `text`, iteration, equality, hash, repr and pickled form
    all give the written text. Only what reads a tuple's items directly sees the unwritten form
    (`entry[4]`, json.dumps(entry)): read `.text`, or `written()`."""

    __slots__ = ()

    @property
    def text(self) -> str:  # (the field, written when read)
        words = tuple.__getitem__(self, 4)
        if isinstance(words, str):  # (unpickled, or made by _replace: already written)
            return words
        write, parts = words
        return str(write(*parts))

    def written(self) -> LogEntry:
        """The same entry as a plain LogEntry, its text written."""
        return LogEntry(self.year, self.season, self.side, self.kind, self.text, self.data)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.written())

    def __eq__(self, other: object) -> bool:
        return self.written() == other

    def __ne__(self, other: object) -> bool:
        return self.written() != other

    def __hash__(self) -> int:
        return hash(self.written())

    def __repr__(self) -> str:
        return repr(self.written())


@dataclass
class GameState:
    """Everything about a game in progress; `==` compares whole positions."""

    seed: int = 0
    rng: int = 0
    """The generator's whole state (engine.rng)."""
    year: int = 1801
    season: int = 0
    """0 spring, 1 summer, 2 fall, 3 winter."""
    phase: Phase = Phase.START_OF_YEAR
    pieces: dict[str, dict[str, int]] = field(default_factory=empty_pieces)
    gold: int = 0
    """Gold held by Tripoli (the bank holds the rest of the 12)."""
    us_draw: list[str] = field(default_factory=list)
    """The American draw pile, top card first."""
    us_hand: list[str] = field(default_factory=list)
    us_core: list[str] = field(default_factory=list)
    """American core cards still face up in front of the player."""
    us_discard: list[str] = field(default_factory=list)
    """The American discard pile, oldest first."""
    us_removed: list[str] = field(default_factory=list)
    """American cards out of the game, in the order they left."""
    tbot_draw: list[str] = field(default_factory=list)
    """The T-bot's draw pile, top card first."""
    tbot_drawn: str = ""
    """The card the T-bot has just drawn and is consulting ('' for none)."""
    event_card_line: list[str] = field(default_factory=list)
    battle_card_line: list[str] = field(default_factory=list)
    tbot_discard: list[str] = field(default_factory=list)
    tbot_removed: list[str] = field(default_factory=list)
    us_active_event: str = ""
    """The American active event card this turn ('' for none)."""
    tbot_active_event: str = ""
    derne_captured: bool = False
    benghazi_captured: bool = False
    assault_damaged: dict[str, int] = field(default_factory=dict)
    """Damaged frigates still fighting in the Assault on Tripoli, by piece kind."""
    result: GameResult | None = None
    """Set when the game ends."""
    history_season: list[SeasonRecord] = field(default_factory=list)
    """Gold and frigates sunk at the end of each season, for the game-over chart."""
    mid_turn: MidTurn | None = None
    """A hand-written position in the middle of a turn: the T-bot decision it stands at. The game
    resumes there and clears it (None once play goes on, and for every position the game writes
    itself)."""
    table: TableModes | None = None
    """A table campaign's modes (its board on the player's table: dice and draws may be typed in);
    None for a campaign played on the screen alone."""
    hidden_discard: bool = False
    """The rulebook's optional hidden discard pile: no one may look through either discard pile
    (but for Bainbridge Supplies Intel): what may be seen of one is queries.seen_discard's."""
    forced_dice: list[int] = field(default_factory=list)
    """Test seam: dice used before the generator (first die first)."""
    log: list[LogEntry] = field(default_factory=list)

    def clone(self) -> GameState:
        """An independent copy, much cheaper than copy.deepcopy: every list and dict is copied
        (the pieces two levels deep); everything else is immutable and shared, log entries
        included (never changed once written)."""
        values = {name: getattr(self, name) for name in _FIELDS}
        for name in _LIST_AND_DICT_FIELDS:
            values[name] = values[name].copy()
        values["pieces"] = {loc: counts.copy() for loc, counts in self.pieces.items()}
        # (made by __init__ and never reading self.__dict__: a state whose __dict__ was read
        # or assigned reads its attributes much slower, and a game reads them all the time)
        return GameState(**values)

    # --- small derived facts ---

    def count(self, location: str, piece: str) -> int:
        """How many of a piece are at a location."""
        return self.pieces[location][piece]

    @property
    def season_name(self) -> str:
        return d.SEASONS[self.season]

    @property
    def when(self) -> str:
        """'Spring 1801'."""
        return when(self.year, self.season)

    @property
    def frigates_sunk(self) -> int:
        return self.pieces[d.SUNK][d.US_FRIGATE]

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def hamet_army_location(self) -> str:
        """The city holding Hamet's Army ('' when it is not on the map)."""
        pieces = self.pieces
        for city in d.CITIES:
            here = pieces[city]
            if here[d.ARAB_INFANTRY] or here[d.MARINE]:
                return city
        return ""

    def us_frigates_on_map(self) -> int:
        return sum(map(_US_FRIGATES, _ON_THE_MAP(self.pieces)))

    def active_allies(self) -> list[str]:
        """Ally harbors with corsairs, west to east."""
        pieces = self.pieces
        allies = []
        for harbor in d.ALLY_HARBORS:  # (a loop: cheaper than a comprehension's own frame)
            if pieces[harbor][d.ALLIED_CORSAIR]:
                allies.append(harbor)
        return allies


_ON_THE_MAP = itemgetter(*d.MAP_LOCATIONS)
"""pieces -> the counts of each map location, in order (summed without a Python loop)."""
_US_FRIGATES = itemgetter(d.US_FRIGATE)

_FIELDS = tuple(f.name for f in fields(GameState))
_LIST_AND_DICT_FIELDS = tuple(f.name for f in fields(GameState) if f.default_factory in (list, dict))
"""The fields clone() copies (pieces, a dict of dicts, is copied two levels deep)."""
