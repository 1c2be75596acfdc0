"""Property tests: thousands of seeded complete games, every position checked after every action.

Two American players play against a random Tripolitania: the uniform RandomPlayer (whose
games nearly all end early in twelve gold) and the BiasedPlayer (still random, but purposeful
enough that games reach 1805-1806, the Assault, the Treaty and General Eaton). Seeds are fixed, so
each run plays the same games.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.core import WAYS_TO_END
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import BiasedPlayer, Move, Player, RandomPlayer
from tripoli_tui.engine.state import Phase, SeasonRecord

WINNER_OF = {
    "treaty": d.US, "tripoli_captured": d.US,
    "gold": d.TRIPOLITANIA, "frigates_sunk": d.TRIPOLITANIA,
    "hamets_army_eliminated": d.TRIPOLITANIA, "assault_failed": d.TRIPOLITANIA,
    "draw": "draw",
}
CHUNKS = 10
RANDOM_GAMES = 1000
BIASED_GAMES = 1500


def players(seed: int, biased: bool) -> dict[str, Player]:
    us: Player = BiasedPlayer(seed) if biased else RandomPlayer(seed)
    return {d.US: us, d.TRIPOLITANIA: RandomPlayer(seed + 1_000_003)}


def play_checked(seed: int, biased: bool) -> Game:
    """One complete game with check_invariants after every action."""
    game = Game.new(seed)
    assert check_invariants(game.state) == []
    actions = 0

    def check(game: Game) -> None:
        nonlocal actions
        actions += 1
        problems = check_invariants(game.state, hand_limit_pending=game.hand_limit_pending)
        assert problems == [], f"seed {seed} action {actions}: {problems}"
        assert actions < 5000, f"seed {seed}: the game does not end"

    play(game, players(seed, biased), after=check)
    assert_legal_result(game, seed)
    return game


def assert_legal_result(game: Game, seed: int) -> None:
    s = game.state
    r = s.result
    assert s.phase == Phase.GAME_OVER and game.pending is None, seed
    assert r.how in WAYS_TO_END and r.winner == WINNER_OF[r.how], (seed, r)
    assert (r.year, r.season) == (s.year, s.season), seed
    assert r.gold_at_end == s.gold and r.frigates_sunk_at_end == s.frigates_sunk, seed
    assert (r.us_points, r.tripolitan_points) == (
        30 - 3 * s.frigates_sunk - s.gold, 3 * s.frigates_sunk + s.gold), seed
    assert (s.gold == 12) == (r.how == "gold"), (seed, r)
    assert (s.frigates_sunk == 4) == (r.how == "frigates_sunk"), (seed, r)
    if r.how == "draw":
        assert (s.year, s.season) == (1806, 3), seed
    if r.how == "treaty":
        assert s.derne_captured and not s.active_allies(), seed
        assert s.pieces["tripoli"][d.TRIPOLITAN_FRIGATE] == 0, seed
        assert (s.year, s.season) >= (1805, 2), seed
    if r.how in ("tripoli_captured", "assault_failed"):
        assert (s.year, s.season) >= (1805, 2), seed
    if r.how == "tripoli_captured":
        assert s.pieces["tripoli"][d.TRIPOLITAN_INFANTRY] == 0, seed
    assert s.history_season[-1] == SeasonRecord(s.year, s.season, s.gold, s.frigates_sunk), seed


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_american_games_keep_every_invariant(chunk: int) -> None:
    per = RANDOM_GAMES // CHUNKS
    endings = Counter(play_checked(seed, biased=False).state.result.how
                      for seed in range(chunk * per, (chunk + 1) * per))
    assert sum(endings.values()) == per


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_biased_american_games_keep_every_invariant(chunk: int) -> None:
    per = BIASED_GAMES // CHUNKS
    years = Counter(play_checked(seed, biased=True).state.year
                    for seed in range(chunk * per, (chunk + 1) * per))
    assert sum(years.values()) == per
    assert years[1805] + years[1806] >= per // 8, f"too few late games: {years}"


def test_biased_controller_reaches_every_ending() -> None:
    """The late game is exercised: every way a game can end occurs (seeds fixed)."""
    endings: Counter[str] = Counter()
    for seed in range(BIASED_GAMES):
        game = Game.new(seed)
        play(game, players(seed, biased=True))
        endings[game.state.result.how] += 1
    assert set(endings) == set(WAYS_TO_END), endings
    assert endings["gold"] < BIASED_GAMES * 0.9, endings


class Remembering:
    """A player that keeps in `memory` the game as it stood when it answered (its state, its
    pending decision and its history), to compare with after an undo."""

    def __init__(self, player: Player, memory: list[Any]) -> None:
        self.player = player
        self.memory = memory

    def answer(self, game: Game) -> Move:
        self.memory[:] = [game.state.clone(), game.pending, list(game.history)]
        return self.player.answer(game)


@pytest.mark.parametrize("seed", [3, 17, 101, 444, 1201, 1337])
def test_undo_restores_the_previous_state_exactly(seed: int) -> None:
    before: list[Any] = []
    sides = {side: Remembering(player, before) for side, player in players(seed, biased=True).items()}
    undone = 0

    def undo_and_again(game: Game) -> None:
        """After each choice: undo it (when it can be), check all is as before, choose it again."""
        nonlocal undone
        choice = game.history[-1].choice
        if game.can_undo:
            state, pending, history = before
            game.undo()
            undone += 1
            assert game.state == state, f"seed {seed}: undo after {choice.text()}"
            assert game.pending == pending and game.history == history
            game.submit(choice)

    game = Game.new(seed)
    play(game, sides, after=undo_and_again)
    assert undone > 0
    assert_legal_result(game, seed)


def test_clone_copies_every_field_independently() -> None:
    game = Game.new(5)
    play(game, players(5, biased=True), until=lambda game: len(game.history) == 40)
    assert len(game.history) == 40
    copy = game.state.clone()
    assert copy == game.state
    for name, value in vars(copy).items() if hasattr(copy, "__dict__") else ():
        if isinstance(value, (list, dict)):
            assert value is not getattr(game.state, name), name
    copy.pieces["tripoli"]["corsair"] += 1
    copy.us_hand.append("x")
    copy.log.append(copy.log[0])
    assert copy != game.state
    assert game.state.pieces["tripoli"]["corsair"] == copy.pieces["tripoli"]["corsair"] - 1
