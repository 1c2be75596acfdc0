"""A whole game runs from setup to a result with every invariant holding."""

from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer


def test_random_games_finish_with_invariants() -> None:
    def invariants_hold(game: Game) -> None:
        assert check_invariants(game.state, hand_limit_pending=game.hand_limit_pending) == []

    for seed in range(20):
        game = Game.new(seed)
        random = RandomPlayer(seed)  # one player, one generator, for both sides
        play(game, {d.US: random, d.TRIPOLITANIA: random}, after=invariants_hold)
        assert game.state.result.winner in ("us", "tripolitania", "draw")
