"""The heuristic American player's fleet: where its frigates should stand, and the moves that
take them there (a frigate goes from where it is least needed to where one is most missing)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import data as d
from ..engine.cards.registry import Worth
from ..engine.decisions import (
    Choice,
    ChooseLocation,
    Decision,
    Done,
    MoveFrigateFacts,
    MoveFrom,
    MoveTo,
)
from ..engine.state import GameState

TRIPOLI_ZONE = "tripoli_patrol_zone"

TRIPOLI_MIN, TRIPOLI_CAP = 3, 4
"""The Tripoli patrol zone is given as many frigates as Tripoli has corsairs, within these
(tuned by simulation: a cap of 5 or 9, or at least 4, made no difference)."""
GUARD_GIBRALTAR = False
"""Keep a frigate where a card of the T-bot's event card line asks for a guard (its worth's
guard: the Gibraltar patrol zone in 1801 while Murad Reis may break out)."""


def _count(state: GameState, location: str, piece: str = d.US_FRIGATE) -> int:
    return state.pieces[location][piece]


def worth(card: str) -> Worth:
    """What this player makes of a card: the card's own worth (engine/cards)."""
    return d.CARDS[card].worth


def guards(state: GameState) -> list[str]:
    """Where a frigate guards against a card of the T-bot's event card line (its worth's
    guard)."""
    return _places(state, [worth(card).guard for card in state.event_card_line])


def _places(state: GameState, hooks: list[Callable[[GameState], str] | None]) -> list[str]:
    """The places the cards' hooks name now ('' or no hook: none)."""
    return [where for hook in hooks if hook is not None and (where := hook(state))]


def raiding_threat(state: GameState, harbor: str) -> int:
    """Corsairs that could raid out of a harbor."""
    piece = d.ALLIED_CORSAIR if harbor in d.ALLY_HARBORS else d.CORSAIR
    return state.pieces[harbor][piece]


def deployment(state: GameState) -> dict[str, int]:
    """Where the frigates on the map should be, by location (locations not named: none)."""
    available = state.us_frigates_on_map()
    want: dict[str, int] = {}

    def give(location: str, n: int) -> None:
        nonlocal available
        n = min(n, available)
        if n > 0:
            want[location] = want.get(location, 0) + n
            available -= n

    if GUARD_GIBRALTAR:
        for where in guards(state):
            give(where, 1)
    corsairs = raiding_threat(state, "tripoli")
    give(TRIPOLI_ZONE, max(TRIPOLI_MIN, min(corsairs, TRIPOLI_CAP)))
    for harbor in sorted(d.ALLY_HARBORS, key=lambda h: -raiding_threat(state, h)):
        threat = raiding_threat(state, harbor)
        if threat >= 3:
            give(d.ZONE_OF[harbor], threat)
    give(TRIPOLI_ZONE, available)
    return want


def surplus(state: GameState, want: dict[str, int], location: str) -> int:
    return _count(state, location) - want.get(location, 0)


def misplaced(state: GameState) -> int:
    """How many frigates stand where the deployment does not want them."""
    want = deployment(state)
    return sum(max(0, surplus(state, want, loc)) for loc in d.MAP_LOCATIONS)


SOURCE_ORDER = ("malta", "gibraltar") + d.HARBORS + d.PATROL_ZONES
"""Ties between equally spare frigates are broken harbors first (they guard nothing)."""


def choose_source(state: GameState, pending: Decision) -> Choice:
    want = deployment(state)
    sources = [o for o in pending.options if isinstance(o, MoveFrom)]
    info = pending.info
    destination = info.destination if isinstance(info, MoveFrigateFacts) else ""
    ranked = sorted(sources, key=lambda o: (-surplus(state, want, o.location),
                                            SOURCE_ORDER.index(o.location)))
    done = [o for o in pending.options if isinstance(o, Done)]
    if destination:
        card = info.card
        if not done or (card in d.CARDS and worth(card).bombards):
            return ranked[0]  # exactly so many must go, or the army needs the bombardment
        spare = [o for o in ranked if surplus(state, want, o.location) > 0]
        return spare[0] if spare else done[0]
    deficits = [loc for loc in d.MAP_LOCATIONS if surplus(state, want, loc) < 0]
    spare = [o for o in ranked if surplus(state, want, o.location) > 0]
    if spare and deficits:
        return spare[0]
    return done[0] if done else ranked[0]


def choose_destination(state: GameState, pending: Decision) -> Choice:
    want = deployment(state)
    options = [o for o in pending.options if isinstance(o, MoveTo)]
    return max(options, key=lambda o: (-surplus(state, want, o.location),
                                       o.location == TRIPOLI_ZONE))


def choose_location(state: GameState, pending: Decision) -> Choice:
    places = [o for o in pending.options if isinstance(o, ChooseLocation)]
    want = deployment(state)
    if all(p.location in d.PATROL_ZONES for p in places):
        return max(places, key=lambda o: (-surplus(state, want, o.location),
                                          o.location == TRIPOLI_ZONE))
    return max(places, key=lambda o: raiding_threat(state, o.location))
