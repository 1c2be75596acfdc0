"""Seeded games for save tests: random choices for both sides, a small trace on T-bot answers."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tripoli_tui.engine import Game, SavedTrace
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play, submit_move
from tripoli_tui.engine.players import Move, Player, RandomPlayer


def fake_trace(game: Game, choice_text: str) -> dict[str, Any]:
    """A JSON-like trace of the shape the T-bot gives (lists, text, booleans, numbers)."""
    assert game.pending is not None
    return {"decision": game.pending.kind, "choice": choice_text,
            "steps": [{"id": "T1", "checked": "event card line", "facts": ["corsairs: 4"],
                       "holds": False, "dice": [1, 6]},
                      {"id": "T3", "checked": "draw pile", "facts": [], "holds": True}]}


@dataclass
class FakeTraced:
    """A random Tripolitan player whose moves carry a fake T-bot trace."""

    player: RandomPlayer

    def answer(self, game: Game) -> Move:
        choice = self.player.answer(game).choice
        return Move(choice, SavedTrace(fake_trace(game, choice.text())))


@dataclass
class Players:
    """Both controllers of a game; copied to continue a loaded game exactly as the original."""

    us: RandomPlayer
    tripolitania: RandomPlayer

    def sides(self) -> dict[str, Player]:
        """The players for the game loop (engine/loop.py)."""
        return {d.US: self.us, d.TRIPOLITANIA: FakeTraced(self.tripolitania)}

    def step(self, game: Game) -> None:
        """One action, by the side whose decision is pending."""
        assert game.pending is not None
        submit_move(game, self.sides()[game.pending.side].answer(game))


def players(seed: int) -> Players:
    return Players(RandomPlayer(seed), RandomPlayer(seed + 7919))


def play_to_end(game: Game, who: Players) -> Game:
    play(game, who.sides())
    return game


def checkpoints(seed: int, every: int) -> Iterator[tuple[Game, Players]]:
    """Play a seeded game to its end, yielding the game and its players every `every` choices."""
    game = Game.new(seed)
    who = players(seed)
    while game.pending is not None:
        yield game, copy.deepcopy(who)
        due = len(game.history) + every
        play(game, who.sides(), until=lambda game, due=due: len(game.history) == due)
    yield game, copy.deepcopy(who)


def late_game(seed: int = 3, year: int = 1806) -> Game:
    """A seeded game played (with traces) until `year` begins or it ends."""
    game = Game.new(seed)
    play(game, players(seed).sides(), until=lambda game: game.state.year >= year)
    return game
