"""The one game loop: each side's player answers its decisions until the game ends or `until` holds."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .game import Game
from .players import Move, Player


def submit_move(game: Game, move: Move) -> None:
    """Submit a player's move; the log keeps the trace's data form."""
    game.submit(move.choice, trace=None if move.trace is None else move.trace.to_data())


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
        choice, trace = answer[pending.side](game)  # submit_move, inlined: this loop is hot
        submit(choice, None if trace is None else trace.to_data())
        if after is not None:
            after(game)
        pending = game.pending
