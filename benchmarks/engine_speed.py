"""Engine speed: complete solitaire games per second and actions per second, on one core.

    .venv/bin/python benchmarks/engine_speed.py [--games 2000] [--runs 5] [--only random|tbot] [--pure]
    .venv/bin/python benchmarks/engine_speed.py --profile random|tbot [--games 1000]

Two match-ups, each played through the one game loop (`engine.loop.play`) with players, no
invariant checks:
  random vs random   a random American against a random Tripolitania (target: 4,000 games/s)
  random vs T-bot    a random American against the T-bot, traces and all (target: 2,000 games/s)

Rates are per second of this process's CPU time (`time.process_time()`, one core), so a busy machine
disturbs them less than wall time would; the best and the median of several runs are printed. The
machine is shared: other work on it still slows every run somewhat (caches, turbo), so compare
figures taken together, and read the best run as the engine's speed and the median as a typical one.

The random generator is the compiled one when it was built at install (engine/_splitmix.c), as the
game uses it; --pure measures with the pure-Python generator, the game's speed on a machine that
had no C compiler (the same games either way).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import TBot  # noqa: E402
from tripoli_tui.engine import Game, rng  # noqa: E402
from tripoli_tui.engine import data as d  # noqa: E402
from tripoli_tui.engine.loop import play  # noqa: E402
from tripoli_tui.engine.players import Player, RandomPlayer  # noqa: E402
from tripoli_tui.play.simulate import game_seed  # noqa: E402

TARGETS = {"random": 4000.0, "tbot": 2000.0}
TITLES = {"random": "random vs random", "tbot": "random vs T-bot"}


def tripolitan_player(matchup: str, seed: int) -> Player:
    return RandomPlayer(seed + 1_000_003) if matchup == "random" else TBot()


def play_games(matchup: str, first_seed: int, games: int) -> int:
    """Play `games` complete games through the game loop; returns the number of actions submitted.

    The games are played on the seeds `tripoli simulate` would use (scattered from first_seed):
    on consecutive seeds each game's dice are the last one's shifted by a step, and the
    generator's memo served one game's stream to the next (about 7% faster, and not real)."""
    actions = 0
    for number in range(games):
        seed = game_seed(first_seed, number)
        game = Game.new(seed)
        play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: tripolitan_player(matchup, seed)})
        actions += len(game.history)
    return actions


def measure(matchup: str, games: int, runs: int, say: Callable[[str], None]) -> None:
    games_rates: list[float] = []
    action_rates: list[float] = []
    play_games(matchup, 10_000_000, max(1, games // 10))  # warm up (imports, caches)
    for run in range(runs):
        start, wall = time.process_time(), time.perf_counter()
        actions = play_games(matchup, 0, games)
        seconds = time.process_time() - start
        wall = time.perf_counter() - wall
        games_rates.append(games / seconds)
        action_rates.append(actions / seconds)
        say(f"  run {run + 1}: {games / seconds:8.1f} games/s  {actions / seconds:10.1f} actions/s"
            f"  ({actions / games:.1f} actions/game; wall clock {games / wall:8.1f} games/s)")
    best, median = max(games_rates), statistics.median(games_rates)
    verdict = "meets" if best >= TARGETS[matchup] else "below"
    say(f"  best:   {best:8.1f} games/s  {max(action_rates):10.1f} actions/s")
    say(f"  median: {median:8.1f} games/s  {statistics.median(action_rates):10.1f} actions/s"
        f"   (target {TARGETS[matchup]:,.0f} games/s: best run {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per run (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per match-up (default 5)")
    parser.add_argument("--only", choices=sorted(TARGETS), help="measure one match-up only")
    parser.add_argument("--pure", action="store_true",
                        help="draw with the pure-Python generator even when the compiled one is built")
    parser.add_argument("--profile", choices=sorted(TARGETS),
                        help="cProfile one run of this match-up instead (sorted by own time)")
    args = parser.parse_args()
    compiled = rng.use_compiled(not args.pure)
    generator = ("compiled (engine/_splitmix.c)" if compiled else
                 "pure Python" + ("" if args.pure else " (the compiled one was not built)"))
    if args.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(play_games, args.profile, 0, args.games)
        pstats.Stats(profile).sort_stats("tottime").print_stats(40)
        return
    print(f"Complete games through the game loop, {args.games} per run, {args.runs} runs; "
          "rates per second of CPU time on one core (time.process_time).")
    print(f"Random generator: {generator}.")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print("The machine may be shared and busy (load average now: "
          f"{load} on {os.cpu_count()} cores): the best run is the engine's speed, the median a "
          "typical one.")
    for matchup in [args.only] if args.only else ["random", "tbot"]:
        print(f"{TITLES[matchup]}:")
        measure(matchup, args.games, args.runs, lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()
