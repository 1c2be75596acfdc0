"""The advisor on a mid-game decision with ten options: playouts per second and the time an
answer takes. CPU time (time.process_time) and the best of three repeats, since the machine is
shared; the default budget is wall time, so its playout count is printed too, with one worker
and with two (the same advice for the same playouts: the workers only share the work)."""

from __future__ import annotations

import time

from bot import TBot
from tripoli_tui.engine import data as d
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import play
from tripoli_tui.play.advisor import DEFAULT_SECONDS, advise
from tripoli_tui.play.heuristic import HeuristicPlayer

OPTIONS = 10
PLAYOUTS = 30


def mid_game_decision() -> Game:
    """The first game (by seed) reaching an American play in 1803 with ten options."""
    for seed in range(1, 500):
        game = Game.new(seed)
        play(game, {d.US: HeuristicPlayer(seed), d.TRIPOLITANIA: TBot()},
             until=lambda g: g.state.year >= 1803 and g.pending is not None
             and g.pending.kind == "american_play")
        if game.pending is not None and len(game.pending.options) == OPTIONS:
            return game
    raise SystemExit("no such position found")


def main() -> None:
    game = mid_game_decision()
    print(f"position: seed {game.state.seed}, {game.state.when}, "
          f"{len(game.pending.options) if game.pending else 0} options")
    best = min(_timed(game) for _ in range(3))
    n = PLAYOUTS * OPTIONS
    print(f"fixed budget: {n} playouts in {best:.2f} s CPU: {n / best:.0f} playouts/s")
    advise(game, seed=1, playouts=1, seconds=None, workers=2)  # the worker processes start
    for workers in (1, 2):
        wall = time.perf_counter()
        advice = advise(game, seed=1, workers=workers)
        wall = time.perf_counter() - wall
        shown = [advice.options[i] for i in advice.ranked()]
        dropped = sum(o.dropped for o in shown)
        worst = max(o.versus_margin for o in shown if not o.dropped and o is not shown[0]) \
            if len(shown) > 1 else 0.0
        print(f"default budget ({DEFAULT_SECONDS} s), {workers} worker(s): answered in {wall:.2f} s "
              f"wall with {advice.playouts} playouts ({advice.playouts / wall:.0f}/s; "
              f"{advice.per_option} an option in the race, {dropped} dropped, "
              f"{len(advice.tied_with_best())} tied with the best; margins up to "
              f"±{100 * max(o.margin for o in shown):.0f} points, paired against the best up to "
              f"±{100 * worst:.0f})")


def _timed(game: Game) -> float:
    start = time.process_time()
    advise(game, seed=1, playouts=PLAYOUTS, seconds=None, workers=1)
    return time.process_time() - start


if __name__ == "__main__":
    main()
