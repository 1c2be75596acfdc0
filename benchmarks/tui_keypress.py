"""Key press to updated screen, and the time spent in game logic per key press.

    .venv/bin/python benchmarks/tui_keypress.py [--presses 200] [--sizes 80x24,200x60]

Drives the game screen headless with the keys of a real turn (discard to move, choose, walk
through the T-bot), timing each press until the screen has settled, and separately timing the
game logic (Game.submit and the T-bot's answer) those presses caused; once at 80x24 (the compact
map) and once at 200x60 (the drawn map).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
os.environ.setdefault("TRIPOLI_SAVE_DIR", tempfile.mkdtemp(prefix="tripoli-bench-"))

from textual.screen import Screen  # noqa: E402

from bot import TBot  # noqa: E402
from tripoli_tui.app import TripoliApp  # noqa: E402
from tripoli_tui.engine.game import Game  # noqa: E402

CYCLE = ["down", "up", "m", "g", "t", "0", "space", "space", "space", "f", "enter", "escape",
         "b", "space", "f", "l", "up", "h"]
"""A mix of the keys of a season: plays, dialog answers, walkthrough steps, finishing."""


class LogicClock:
    """Adds up the time spent in Game.submit, Game.undo and the T-bot."""

    def __init__(self) -> None:
        self.total = 0.0

    def wrap(self, owner: object, name: str) -> None:
        inner = getattr(owner, name)

        def timed(*args: object, **kwargs: object) -> object:
            start = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                self.total += time.perf_counter() - start
        setattr(owner, name, timed)


class PaintClock:
    """Remembers when the screen first finished painting after a key was sent."""

    def __init__(self) -> None:
        self.first = 0.0
        inner = Screen._compositor_refresh

        def timed(screen: Screen, *args: object, **kwargs: object) -> object:
            result = inner(screen, *args, **kwargs)
            if not self.first:
                self.first = time.perf_counter()
            return result
        Screen._compositor_refresh = timed  # type: ignore[method-assign]


async def run(presses: int, size: tuple[int, int], paint: PaintClock,
              clock: LogicClock) -> tuple[list[float], list[float], list[float]]:
    frame, settled, logic = [], [], []
    app = TripoliApp(Game.new(3))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i in range(presses):
            if app.game is None or app.game.is_over:
                app.open_game(Game.new(i))  # this cycle of keys loses to gold: play another
                await pilot.pause()
            key = CYCLE[i % len(CYCLE)]
            before = clock.total
            start = time.perf_counter()
            paint.first = 0.0
            await pilot.press(key)
            await pilot.pause()
            settled.append(time.perf_counter() - start)
            if paint.first:
                frame.append(paint.first - start)
            logic.append(clock.total - before)
    return frame, settled, logic


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--sizes", default="80x24,200x60")
    args = parser.parse_args()
    paint = PaintClock()
    clock = LogicClock()
    clock.wrap(Game, "submit")
    clock.wrap(Game, "undo")
    clock.wrap(TBot, "answer")
    for size in args.sizes.split(","):
        width, height = (int(n) for n in size.split("x"))
        report(size, *asyncio.run(run(args.presses, (width, height), paint, clock)))


def report(size: str, frame: list[float], settled: list[float], logic: list[float]) -> None:
    ms = [f * 1000 for f in frame]
    st = [f * 1000 for f in settled]
    lg = [g * 1000 for g in logic]
    print(f"key presses: {len(st)} at {size} (headless)")
    print(f"key press -> next frame painted: median {statistics.median(ms):.1f} ms, "
          f"p90 {statistics.quantiles(ms, n=10)[-1]:.1f} ms, max {max(ms):.1f} ms")
    print(f"key press -> pilot idle (includes the test pilot's own waits): "
          f"median {statistics.median(st):.1f} ms")
    print(f"game logic per key press: median {statistics.median(lg):.3f} ms, "
          f"mean {statistics.mean(lg):.3f} ms, max {max(lg):.1f} ms")
    busy = [g for g in lg if g > 0]
    if busy:
        print(f"  of which the {len(busy)} presses that ran game logic: median "
              f"{statistics.median(busy):.2f} ms, p90 {statistics.quantiles(busy, n=10)[-1]:.2f} ms")


if __name__ == "__main__":
    main()
