"""American naval movement: moving frigates one at a time, gunboats joining, resolving attacks."""

from __future__ import annotations

from functools import cache

from .. import data as d
from .. import queries as q
from ..core import Proc, ask, decision, log_later, move
from ..decisions import (
    BATTLE_ORDER,
    CHOOSE_PLACE,
    DONE,
    MOVE_DESTINATION,
    MOVE_FRIGATE,
    MOVE_FROM,
    MOVE_TO,
    SEND_GUNBOAT,
    SEND_GUNBOATS,
    Choice,
    ChooseLocation,
    Done,
    MoveFrom,
    MoveTo,
    SendGunboat,
)
from ..state import GameState
from .combat import UsForce, bombard, harbor_battle

US = d.US

DESTINATIONS = {src: tuple(MOVE_TO[loc] for loc in d.MAP_LOCATIONS if loc != src)
                for src in d.MAP_LOCATIONS}
"""Where a frigate may sail from each map location: anywhere else on the map."""


_MAP_LOCATIONS = d.MAP_LOCATIONS


def movable_sources(state: GameState, arrived: dict[str, int], destination: str | None,
                    allow_stay: bool) -> list[str]:
    """Map locations holding a frigate that has not moved yet this action."""
    pieces, frigate = state.pieces, d.US_FRIGATE
    sources = []
    for loc in _MAP_LOCATIONS:  # (a loop: cheaper than a comprehension's own frame)
        if pieces[loc][frigate]:
            sources.append(loc)
    for loc, n in arrived.items():  # (a place or two: cheaper than asking at every place)
        if pieces[loc][frigate] <= n and loc in sources:
            sources.remove(loc)
    if destination in sources and not allow_stay:
        sources.remove(destination)
    return sources


def move_frigates(state: GameState, limit: int, *, destination: str | None = None,
                  exact: bool = False, card: str = "") -> Proc[dict[str, int]]:
    """Move up to `limit` distinct frigates one at a time (A-7).

    Returns how many frigates moved into each place, in the order the places were first entered
    (with `exact`, a frigate already at the destination counts as moved there: A-18).
    """
    arrived: dict[str, int] = {}
    moved = 0
    while moved < limit:
        sources = movable_sources(state, arrived, destination, allow_stay=exact)
        if not sources:
            break
        prompt = _from_where(moved, limit, destination, exact)
        options: list[Choice] = []
        for source in sources:  # (a loop: cheaper than a comprehension's own frame)
            options.append(MOVE_FROM[source])
        if not exact:
            options.append(DONE)
        choice = yield decision(US, MOVE_FRIGATE, prompt, options, moved=moved, limit=limit,
                                destination=destination or "", card=card)
        if isinstance(choice, Done):
            break
        assert isinstance(choice, MoveFrom)
        src = choice.location
        if destination is None:
            to = yield decision(US, MOVE_DESTINATION,
                                _to_where(src),
                                DESTINATIONS[src],
                                source=src, card=card)
            assert isinstance(to, MoveTo)
            dst = to.location
        else:
            dst = destination
        if src != dst:
            move(state, d.US_FRIGATE, src, dst)
            log_later(state, US, _sails, (src, dst))
        arrived[dst] = arrived.get(dst, 0) + 1
        moved += 1
    return arrived


@cache  # (the prompts of frigate movement, made once per value: asked for every frigate)
def _from_where(moved: int, limit: int, destination: str | None, exact: bool) -> str:
    where = f" to {d.place_in_words(destination)}" if destination else ""
    return (f"Move frigate {moved + 1} of {'exactly' if exact else 'up to'} {limit}{where}: "
            "from where?")


@cache
def _to_where(src: str) -> str:
    return f"Move the frigate from {d.place_in_words(src)} to where?"


def _sails(src: str, dst: str) -> str:
    return f"A frigate sails from {d.place_in_words(src)} to {d.place_in_words(dst)}."


def is_attack_target(state: GameState, location: str) -> bool:
    """Moving frigates into here starts a naval battle or a bombardment."""
    if q.has_enemy_ships(state, location):
        return True
    return location in d.TRIPOLITAN_CITIES and state.pieces[location][d.TRIPOLITAN_INFANTRY] > 0


def send_gunboats(state: GameState, targets: list[str]) -> Proc[dict[str, int]]:
    """Gunboats in Malta may join any attack the frigates just made (A-9); returns how many went
    to each target."""
    sent = dict.fromkeys(targets, 0)
    while targets and state.pieces["malta"][d.GUNBOAT]:
        n = state.pieces["malta"][d.GUNBOAT]
        options: list[Choice] = [SEND_GUNBOAT[t] for t in targets] + [DONE]
        choice = yield decision(US, SEND_GUNBOATS,
                                f"Gunboats in Malta: {n}. Send one to join an attack?", options,
                                gunboats=n)
        if isinstance(choice, Done):
            break
        assert isinstance(choice, SendGunboat)
        move(state, d.GUNBOAT, "malta", choice.location)
        sent[choice.location] += 1
        log_later(state, US, _gunboat_sails, (choice.location,))
    return sent


def _gunboat_sails(location: str) -> str:
    return f"A gunboat sails from Malta to {d.place_in_words(location)}."


def resolve_attacks(state: GameState, forces: dict[str, UsForce]) -> Proc[None]:
    """Resolve each battle or bombardment, in the order the player picks (A-10).

    Only the ships that moved in (and the gunboats sent) take part (A-8).
    """
    remaining = list(forces)
    while remaining:
        choice = yield from ask(US, BATTLE_ORDER, "Which attack is resolved next?",
                                [CHOOSE_PLACE[t] for t in remaining], auto=True)
        assert isinstance(choice, ChooseLocation)
        loc = choice.location
        remaining.remove(loc)
        if q.has_enemy_ships(state, loc):
            yield from harbor_battle(state, loc, active=US, force=forces[loc])
        elif loc in d.TRIPOLITAN_CITIES and state.pieces[loc][d.TRIPOLITAN_INFANTRY]:
            yield from bombard(state, loc, forces[loc])


def naval_movement(state: GameState, limit: int, card: str = "") -> Proc[None]:
    """Move up to `limit` frigates anywhere, then gunboats, then battles and bombardments."""
    arrived = yield from move_frigates(state, limit, card=card)
    targets = []
    for loc in arrived:  # (a loop: cheaper than a comprehension's own frame)
        if is_attack_target(state, loc):
            targets.append(loc)
    if targets:  # (no procedures started when nothing is attacked)
        sent = yield from send_gunboats(state, targets)
        yield from resolve_attacks(state, {t: UsForce(arrived[t], sent[t]) for t in targets})
