"""A whole game runs from setup to a result with every invariant holding."""

from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine.players import RandomPlayer


def test_random_games_finish_with_invariants() -> None:
    for seed in range(20):
        game = Game.new(seed)
        us = RandomPlayer(seed)
        while game.pending is not None:
            choice, _ = us.answer(game)
            game.submit(choice)
            assert check_invariants(game.state, hand_limit_pending=game.hand_limit_pending) == []
        assert game.state.result.winner in ("us", "tripolitania", "draw")
