"""The one game loop: each side's player answers its decisions until the game ends or `until` holds."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .game import Game
from .players import Player, Submitted


def submit_move(game: Game, move: Submitted) -> None:
    """Submit a player's move, its trace kept as it is (only a save turns it into data)."""
    game.submit(move.choice, move.trace)


def play(game: Game, players: Mapping[str, Player], until: Callable[[Game], bool] | None = None,
         after: Callable[[Game], None] | None = None) -> None:
    """Play on: the pending decision's side answers, until the game is over or `until(game)` holds.

    `players` maps a side (data.US, data.TRIPOLITANIA) to its player; `after(game)` runs after
    every action (invariant checks, counts). A player's or the engine's error propagates.
    """
    answer = {side: player.answer for side, player in players.items()}
    submit = game.submit
    pending = game.pending
    while pending is not None and (until is None or not until(game)):
        submit(*answer[pending.side](game))  # submit_move, inlined: this loop is hot
        if after is not None:
            after(game)
        pending = game.pending
