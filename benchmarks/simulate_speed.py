"""Wall time of `tripoli simulate` for 10,000 games (random American against the T-bot, no
invariant checks) with one worker and with two; best of N repeats (wall time, since the point
is the use of several cores; the machine is shared, so run it when it is quiet)."""

from __future__ import annotations

import sys

from tripoli_tui.simulate import simulate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for american in ("random", "heuristic"):
        for workers in (1, 2):
            best = min(simulate(games, 1, american=american, workers=workers,
                                check=False)["seconds"] for _ in range(repeats))
            print(f"simulate {games} games, {american} American, {workers} worker"
                  f"{'s' if workers > 1 else ''}: {best:.2f} s wall ({games / best:.0f} games/s)")


if __name__ == "__main__":
    main()
