"""The game's fixed tables: places, pieces and cards, as plain data."""

from __future__ import annotations

from functools import cache
from typing import Final

from .cards.registry import BATTLE as BATTLE
from .cards.registry import CARDS as CARDS
from .cards.registry import COMMON as COMMON
from .cards.registry import CORE as CORE
from .cards.registry import SOLITAIRE as SOLITAIRE
from .cards.registry import TRIPOLITANIA as TRIPOLITANIA
from .cards.registry import UNIQUE as UNIQUE
from .cards.registry import US as US
from .cards.registry import VICTORY as VICTORY
from .cards.registry import Card as Card
from .cards.registry import card_by_name as card_by_name
from .cards.registry import card_name as card_name
from .words import plural

YEARS: Final[tuple[int, ...]] = (1801, 1802, 1803, 1804, 1805, 1806)
SEASONS: Final[tuple[str, ...]] = ("spring", "summer", "fall", "winter")

# --- places -----------------------------------------------------------------

HARBORS: Final = (
    "gibraltar", "tangier", "algiers", "tunis", "malta",
    "tripoli", "benghazi", "derne", "alexandria",
)
"""The nine harbors, west to east as on the board."""

PATROL_ZONES: Final = (
    "gibraltar_patrol_zone", "tangier_patrol_zone", "algiers_patrol_zone",
    "tunis_patrol_zone", "tripoli_patrol_zone",
)
"""The five naval patrol zones, west to east."""

MAP_LOCATIONS: Final[tuple[str, ...]] = HARBORS + PATROL_ZONES
"""The fourteen places a frigate may move to."""

TRACK_YEARS: Final = (1802, 1803, 1804, 1805, 1806)
TRACK: Final = tuple(f"track_{y}" for y in TRACK_YEARS)
"""Spaces of the Year Turn Track (nothing ever waits on 1801)."""

US_SUPPLY: Final = "us_supply"
TRIPOLITAN_SUPPLY: Final = "tripolitan_supply"
SUNK: Final = "sunk_us_frigates"
"""American frigates sunk and held by Tripoli."""

ALL_LOCATIONS: Final = MAP_LOCATIONS + TRACK + (US_SUPPLY, TRIPOLITAN_SUPPLY, SUNK)

FRIENDLY_HARBORS: Final = ("gibraltar", "malta", "alexandria")
ALLY_HARBORS: Final = ("tangier", "algiers", "tunis")
"""Harbors of Tripoli's potential allies, in the T-bot's canonical west-to-east order."""
CITIES: Final = ("tripoli", "benghazi", "derne", "alexandria")
TRIPOLITAN_CITIES: Final = ("tripoli", "benghazi", "derne")

ZONE_OF: Final = {
    "gibraltar": "gibraltar_patrol_zone",
    "tangier": "tangier_patrol_zone",
    "algiers": "algiers_patrol_zone",
    "tunis": "tunis_patrol_zone",
    "tripoli": "tripoli_patrol_zone",
}
"""The patrol zone outside each harbor that has one."""

CANONICAL_HARBORS: Final = ("tripoli", "tangier", "algiers", "tunis", "gibraltar")
"""The T-bot's tie-break order (ruling G-2)."""
CANONICAL_ZONES: Final = tuple(ZONE_OF[h] for h in CANONICAL_HARBORS)

ALLY_NAME: Final = {"tangier": "Morocco", "algiers": "Algiers", "tunis": "Tunis"}

PLACE_NAMES: Final = {
    **{h: h.capitalize() for h in HARBORS},
    **{ZONE_OF[h]: f"{h.capitalize()} patrol zone" for h in ZONE_OF},
    **{f"track_{y}": f"Year Turn Track {y}" for y in TRACK_YEARS},
    US_SUPPLY: "American supply",
    TRIPOLITAN_SUPPLY: "Tripolitan supply",
    SUNK: "sunk (held by Tripoli)",
}


def place_name(location: str) -> str:
    """The printed name of a location, for prompts and the log."""
    return PLACE_NAMES[location]


@cache
def place_in_words(location: str) -> str:
    """A location as a sentence names it: 'Gibraltar', 'the Tripoli patrol zone', 'the 1803 space
    of the Year Turn Track', 'the American supply'."""
    if location in HARBORS or location == SUNK:
        return PLACE_NAMES[location]
    if location.startswith("track_"):
        return f"the {location.removeprefix('track_')} space of the Year Turn Track"
    return f"the {PLACE_NAMES[location]}"


def at_place(location: str) -> str:
    """Where something happens, as a sentence says it: 'at Tripoli', 'in the Tripoli patrol zone'."""
    words = place_in_words(location)
    return f"at {words}" if location in HARBORS else f"in {words}"


def track_space(year: int) -> str:
    """The Year Turn Track space of a year."""
    return _TRACK_SPACE.get(year) or f"track_{year}"


_TRACK_SPACE: Final = dict(zip(TRACK_YEARS, TRACK, strict=True))
"""(The spaces' names made once: the pieces are looked up by them every year.)"""


# --- pieces -----------------------------------------------------------------

US_FRIGATE: Final = "us_frigate"
GUNBOAT: Final = "gunboat"
SWEDISH_FRIGATE: Final = "swedish_frigate"
MARINE: Final = "marine"
ARAB_INFANTRY: Final = "arab_infantry"
TRIPOLITAN_FRIGATE: Final = "tripolitan_frigate"
CORSAIR: Final = "corsair"
"""A Tripolitan (red) corsair."""
ALLIED_CORSAIR: Final = "allied_corsair"
"""An Algerine, Moroccan or Tunisian (orange) corsair; its harbor says whose it is."""
TRIPOLITAN_INFANTRY: Final = "tripolitan_infantry"

PIECE_TOTALS: Final = {
    US_FRIGATE: 8, GUNBOAT: 3, MARINE: 4, ARAB_INFANTRY: 10, SWEDISH_FRIGATE: 2,
    TRIPOLITAN_FRIGATE: 2, CORSAIR: 9, ALLIED_CORSAIR: 9, TRIPOLITAN_INFANTRY: 20,
}
PIECES: Final[tuple[str, ...]] = tuple(PIECE_TOTALS)
US_PIECES: Final = (US_FRIGATE, GUNBOAT, MARINE, ARAB_INFANTRY, SWEDISH_FRIGATE)
SUPPLY_OF: Final = {piece: US_SUPPLY if piece in US_PIECES else TRIPOLITAN_SUPPLY
                    for piece in PIECES}
"""The supply box each piece comes from and returns to (read whenever a piece is placed or
removed)."""
PIECE_NAMES: Final = {
    US_FRIGATE: ("American frigate", "American frigates"),
    GUNBOAT: ("gunboat", "gunboats"),
    SWEDISH_FRIGATE: ("Swedish frigate", "Swedish frigates"),
    MARINE: ("Marine", "Marines"),
    ARAB_INFANTRY: ("Arab infantry", "Arab infantry"),
    TRIPOLITAN_FRIGATE: ("Tripolitan frigate", "Tripolitan frigates"),
    CORSAIR: ("Tripolitan corsair", "Tripolitan corsairs"),
    ALLIED_CORSAIR: ("allied corsair", "allied corsairs"),
    TRIPOLITAN_INFANTRY: ("Tripolitan infantry", "Tripolitan infantry"),
}
GOLD_TOTAL: Final = 12
FRIGATES_SUNK_TO_WIN: Final = 4
HAND_LIMIT: Final = 8
MAX_GUNBOATS: Final = 3


@cache
def pieces_name(piece: str, count: int) -> str:
    """'2 Tripolitan corsairs', '1 gunboat' (cached: a few per action, from a few dozen values)."""
    return plural(count, *PIECE_NAMES[piece])


# --- cards ------------------------------------------------------------------
# Each card is defined once, in its own file under engine/cards/ (the card table above is
# re-exported here for the many places that only need a card's name or kind); the decks and card
# lines at setup are in `cards.decks`, derived from the cards.

