"""Wall time of `tripoli simulate` for 10,000 games against the T-bot (a random American, then the
heuristic one; no invariant checks) with one worker and with two; best of N repeats (wall time,
since the point is the use of several cores; the machine is shared, so run it when it is quiet).

    .venv/bin/python benchmarks/simulate_speed.py [GAMES] [REPEATS] [--pure]
"""

from __future__ import annotations

import argparse

from tripoli_tui.engine import rng
from tripoli_tui.play.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=10_000, help="games (default 10,000)")
    parser.add_argument("repeats", type=int, nargs="?", default=1, help="repeats (default 1)")
    parser.add_argument("--pure", action="store_true",
                        help="draw with the pure-Python generator even when the compiled one is built")
    args = parser.parse_args()
    compiled = rng.use_compiled(not args.pure)  # (the workers are forked: they draw with it too)
    print(f"Random generator: {'compiled' if compiled else 'pure Python'}.")
    games = args.games
    for american in ("random", "heuristic"):
        for workers in (1, 2):
            best = min(simulate(games, 1, american=american, workers=workers,
                                check=False)["seconds"] for _ in range(args.repeats))
            print(f"simulate {games} games, {american} American, {workers} worker"
                  f"{'s' if workers > 1 else ''}: {best:.2f} s wall ({games / best:.0f} games/s)")


if __name__ == "__main__":
    main()
