"""Seeded games for save tests: random choices for both sides, a small trace on T-bot answers."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tripoli_tui.engine import Game, SavedTrace
from tripoli_tui.engine import data as d
from tripoli_tui.engine.players import RandomPlayer


def fake_trace(game: Game, choice_text: str) -> dict[str, Any]:
    """A JSON-like trace of the shape the T-bot gives (lists, text, booleans, numbers)."""
    assert game.pending is not None
    return {"decision": game.pending.kind, "choice": choice_text,
            "steps": [{"id": "T1", "checked": "event card line", "facts": ["corsairs: 4"],
                       "holds": False, "dice": [1, 6]},
                      {"id": "T3", "checked": "draw pile", "facts": [], "holds": True}]}


@dataclass
class Players:
    """Both controllers of a game; copied to continue a loaded game exactly as the original."""

    us: RandomPlayer
    tripolitania: RandomPlayer

    def step(self, game: Game) -> None:
        assert game.pending is not None
        if game.pending.side == d.US:
            choice, _ = self.us.answer(game)
            game.submit(choice)
        else:
            choice, _ = self.tripolitania.answer(game)
            game.submit(choice, trace=SavedTrace(fake_trace(game, choice.text())))


def players(seed: int) -> Players:
    return Players(RandomPlayer(seed), RandomPlayer(seed + 7919))


def play_to_end(game: Game, who: Players) -> Game:
    while game.pending is not None:
        who.step(game)
    return game


def checkpoints(seed: int, every: int) -> Iterator[tuple[Game, Players]]:
    """Play a seeded game to its end, yielding the game and its players every `every` choices."""
    game = Game.new(seed)
    who = players(seed)
    n = 0
    while game.pending is not None:
        if n % every == 0:
            yield game, copy.deepcopy(who)
        who.step(game)
        n += 1
    yield game, copy.deepcopy(who)


def late_game(seed: int = 3, year: int = 1806) -> Game:
    """A seeded game played (with traces) until `year` begins or it ends."""
    game = Game.new(seed)
    who = players(seed)
    while game.pending is not None and game.state.year < year:
        who.step(game)
    return game
