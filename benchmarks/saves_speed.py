"""Speed of saving and loading a late-game campaign with its full history (median ms of each).

    .venv/bin/python benchmarks/saves_speed.py [--repeat 30]

The campaign is a seeded game (biased random American choices against the T-bot) stopped at its
last American turn.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import BiasedPlayer
from tripoli_tui.engine.saves import game_to_toml, load_game_text
from tripoli_tui.play.simulate import tbot_player

FIRST_SEED = 1
"""Seeds are tried from here until a game lasts into 1806 (a late-war campaign)."""


def play_to_last_american_turn(seed: int) -> Game:
    """Play one game; return it as it stood at its last American turn."""
    game = Game.new(seed)
    last = [game]

    def remember(game: Game) -> None:
        if game.pending is not None and game.pending.kind == "american_play":
            last[0] = Game.replay(game.origin, game.history)

    remember(game)
    play(game, {d.US: BiasedPlayer(seed), d.TRIPOLITANIA: tbot_player()}, after=remember)
    return last[0]


def late_game() -> Game:
    """The first seeded game whose last American turn comes in 1806."""
    for seed in range(FIRST_SEED, FIRST_SEED + 500):
        game = play_to_last_american_turn(seed)
        if game.state.year == 1806:
            return game
    raise SystemExit("no seed in 500 reached 1806")


def median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    game = late_game()
    text = game_to_toml(game)
    assert load_game_text(text).state == game.state
    print(f"campaign: seed {game.state.seed}, {game.state.when}, {len(game.history)} choices, "
          f"{sum(e.trace is not None for e in game.history)} traces, {len(text):,} bytes")
    print(f"save (game_to_toml):    median {median_ms(lambda: game_to_toml(game), args.repeat):.1f} ms")
    print(f"load (load_game_text):  median {median_ms(lambda: load_game_text(text), args.repeat):.1f} ms")


if __name__ == "__main__":
    main()
