"""The heuristic American player's cards: what a card in hand is worth keeping, and what
playing its event now gains (the seasonal play weighs one against the other). Each value is the
card's own worth (engine/cards, `Worth`); this module reads it and answers what a worth asks of
the position (a Judge)."""

from __future__ import annotations

from ..engine import data as d
from ..engine.state import GameState
from .heuristic_battle import army_strength, assault_ready, ground_win_chance
from .heuristic_board import misplaced, raiding_threat, worth


def keep_value(state: GameState, card: str) -> int:
    """How much a card in hand is worth keeping now (its event may still matter later)."""
    value = worth(card)
    if value.keep_now is not None:
        now = value.keep_now(state)
        if now is not None:
            return now
    return value.keep


def event_value(state: GameState, card: str, spare: int | None = None) -> int | None:
    """What playing a card's event now is worth (None: not worth it now); `spare` is
    misplaced(state) when the caller has it already."""
    event = worth(card).event
    return None if event is None else event(state, _Judge(state, spare))


def late(state: GameState) -> bool:
    """The last year and a half: Fall 1805 on."""
    return (state.year, state.season) >= (1805, 2)


def last_turn(state: GameState) -> bool:
    return state.year == 1806 and state.season == 3


class _Judge:
    """The position as this player reads it, for a card's worth (engine.cards.registry.Judge)."""

    __slots__ = ("state", "spare")

    def __init__(self, state: GameState, spare: int | None) -> None:
        self.state, self.spare = state, spare

    def misplaced(self) -> int:
        if self.spare is None:
            self.spare = misplaced(self.state)
        return self.spare

    def keep_value(self, card: str) -> int:
        return keep_value(self.state, card)

    def ground_win_chance(self, attackers: int, defenders: int) -> float:
        return ground_win_chance(attackers, defenders)

    def army_strength(self, where: str) -> int:
        return army_strength(self.state, where)

    def raiding_threat(self, harbor: str) -> int:
        return raiding_threat(self.state, harbor)

    def assault_ready(self) -> bool:
        return assault_ready(self.state)

    def last_turn(self) -> bool:
        return last_turn(self.state)

    def late(self) -> bool:
        return late(self.state)


MOVE_VALUE = 120
"""What moving one misplaced frigate is worth."""
BUILD_VALUE = 150
"""What a gunboat in Malta is worth (while fewer than three are on the map)."""


def action_values(state: GameState, spare: int) -> tuple[int, int]:
    """What discarding a card to move two frigates, or to build a gunboat, is worth now, with
    `spare` frigates misplaced."""
    move_value = MOVE_VALUE * min(2, spare)
    gunboats = sum(state.pieces[loc][d.GUNBOAT] for loc in d.MAP_LOCATIONS)
    build_value = BUILD_VALUE if gunboats < d.MAX_GUNBOATS else 0
    return move_value, build_value
