"""Speed of saving and loading a late-game campaign with its full history (median ms of each).

    .venv/bin/python benchmarks/saves_speed.py [--repeat 30]

The campaign is a seeded game (random American choices; the T-bot when `bot` is importable, else
random Tripolitan choices with a trace of the T-bot's size) stopped at its last American turn.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from tripoli_tui.engine import Choice, Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.saves import game_to_toml, load_game_text
from tripoli_tui.simulate import BiasedController, RandomController

FIRST_SEED = 1
"""Seeds are tried from here until a game lasts into 1806 (a late-war campaign)."""


def tripolitan_player(seed: int) -> Callable[[Game], tuple[Choice, Any]]:
    try:
        from tripoli_tui.simulate import tbot_controller
        return tbot_controller()
    except ImportError:
        random = RandomController(seed + 7919)

        def answer(game: Game) -> tuple[Choice, Any]:
            choice, _ = random(game)
            steps = [{"id": f"T{i}", "rule": "event card line scan, left to right",
                      "facts": ["corsairs in the harbor of Tripoli: 4, needed 5"], "holds": i == 3}
                     for i in range(1, 6)]
            return choice, {"choice": choice.text(), "steps": steps}
        return answer


def play_to_last_american_turn(seed: int) -> Game:
    """Play one game; return it as it stood at its last American turn."""
    game = Game.new(seed)
    us, tr = BiasedController(seed), tripolitan_player(seed)
    last = game
    while game.pending is not None:
        if game.pending.side == d.US and game.pending.kind == "american_play":
            last = Game.replay(game.origin, game.history)
        choice, trace = (us if game.pending.side == d.US else tr)(game)
        game.submit(choice, trace=trace)
    return last


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
