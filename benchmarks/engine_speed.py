"""Engine speed: complete random solitaire games per second and actions per second, one core.

    .venv/bin/python benchmarks/engine_speed.py [--games 2000] [--runs 5] [--profile]

Both sides are random players; no invariant checks; the median of several runs is printed.
Rates are per second of this process's CPU time (one core), so a busy machine disturbs them less;
wall-clock rates are shown beside them.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer


def play_games(first_seed: int, games: int) -> int:
    """Play `games` complete games through the game loop; returns the number of actions submitted."""
    actions = 0
    for seed in range(first_seed, first_seed + games):
        game = Game.new(seed)
        play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1_000_003)})
        actions += len(game.history)
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="cProfile one run instead")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("play_games(0, args.games)", globals(), {"args": args}, "engine.prof")
        pstats.Stats("engine.prof").sort_stats("tottime").print_stats(25)
        return
    games_rates, action_rates = [], []
    for run in range(args.runs):
        start, wall = time.process_time(), time.perf_counter()
        actions = play_games(run * args.games, args.games)
        seconds = time.process_time() - start
        wall = time.perf_counter() - wall
        games_rates.append(args.games / seconds)
        action_rates.append(actions / seconds)
        print(f"run {run + 1}: {args.games / seconds:8.1f} games/s  {actions / seconds:10.1f} "
              f"actions/s  (wall clock: {args.games / wall:8.1f} games/s)")
    print(f"median:  {statistics.median(games_rates):8.1f} games/s  "
          f"{statistics.median(action_rates):10.1f} actions/s")


if __name__ == "__main__":
    main()
