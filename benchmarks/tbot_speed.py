"""Median time of one T-bot turn answer, trace included (target: well under 1 ms).

    .venv/bin/python benchmarks/tbot_speed.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import TBot  # noqa: E402
from tripoli_tui.engine import Game, GameState  # noqa: E402
from tripoli_tui.engine.decisions import TRIPOLITAN_TURN, Decision  # noqa: E402
from tripoli_tui.engine.players import RandomPlayer  # noqa: E402

POSITIONS = 200
REPEATS = 25


def turn_positions(count: int) -> list[tuple[GameState, Decision]]:
    """T-bot turn decisions from seeded games (the random player for the United States)."""
    tbot = TBot()
    found: list[tuple[GameState, Decision]] = []
    seed = 0
    while len(found) < count:
        game, us = Game.new(seed), RandomPlayer(seed)
        while game.pending is not None and len(found) < count:
            pending = game.pending
            if pending.side == "us":
                game.submit(us.answer(game).choice)
                continue
            if pending.kind == TRIPOLITAN_TURN:
                found.append((game.state.clone(), pending))
            game.submit(tbot.decide(game.state, pending).choice)
        seed += 1
    return found


def main() -> None:
    tbot = TBot()
    positions = turn_positions(POSITIONS)
    times: list[float] = []
    for state, pending in positions:
        for _ in range(REPEATS):
            start = time.perf_counter()
            tbot.decide(state, pending).trace.to_data()
            times.append(time.perf_counter() - start)
    median = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[-1]
    print(f"T-bot turn answer, trace included: median {median * 1e6:.1f} µs, "
          f"95th percentile {p95 * 1e6:.1f} µs over {len(times)} answers "
          f"({len(positions)} positions)")


if __name__ == "__main__":
    main()
