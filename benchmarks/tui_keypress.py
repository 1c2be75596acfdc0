"""Key press to updated screen, and the time spent in game logic per key press.

    .venv/bin/python benchmarks/tui_keypress.py [--presses 200] [--sizes 80x24,200x60]

Drives the game screen headless with the keys of a real turn (discard to move, choose, walk
through the T-bot), timing each press until the screen has settled, and separately timing the
game logic (Game.submit and the T-bot's answer) those presses caused; once at 80x24 (the compact
map) and once at 200x60 (the drawn map). `h` opens the advisor: its first frame counts like any
key's, its "settled" is the advice finished; the run then waits for it and closes it, so no later
key is measured with the advisor still thinking behind it (it shares the process: earlier runs
counted its progress frames against the keys that followed, `t` above all, which in this cycle
is the Tripoli zone's key, not the flowchart).

Then the moves a player makes to learn the T-bot, each on a fresh game after a T-bot turn, timed
the same way (--opens of each): `t` opens the flowchart of that turn; Enter plays the first
card of the hand as the seasonal play (the game's answer drawn, the T-bot's turn begun); and on
a fresh start at the title, `l` opens the list of saves (the games above saved into a folder of
the run's own).
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
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
os.environ.setdefault("TRIPOLI_SAVE_DIR", tempfile.mkdtemp(prefix="tripoli-bench-"))

from textual.pilot import Pilot  # noqa: E402
from textual.screen import Screen  # noqa: E402

from bot import TBot  # noqa: E402
from tripoli_tui.engine.game import Game  # noqa: E402
from tripoli_tui.tui.app import TripoliApp  # noqa: E402
from tripoli_tui.tui.screens.advice import AdviceScreen  # noqa: E402
from tripoli_tui.tui.screens.flowchart import FlowchartScreen  # noqa: E402
from tripoli_tui.tui.screens.game import GameScreen  # noqa: E402
from tripoli_tui.tui.screens.load import LoadScreen  # noqa: E402
from tripoli_tui.tui.terminal import Frame, TerminalCells  # noqa: E402

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
    """Remembers when frames were painted after a key was sent, and what they would send.

    Headless, Textual composes each frame but writes nothing; here each frame is also turned
    into the bytes a real terminal would be sent (only the cells that changed, as the game's
    driver sends them), so the time includes that work too."""

    def __init__(self) -> None:
        self.first = self.last = 0.0
        self.frames = self.bytes = 0
        self.cells = TerminalCells()

    def seen(self, app: TripoliApp, frame: Frame) -> None:
        """(A frame watcher of the app.)"""
        self.bytes += len(self.cells.sequence(frame, app.console, app.size.width,
                                              app.size.height).encode())
        now = time.perf_counter()
        self.first = self.first or now
        self.last = now
        self.frames += 1

    def start(self) -> None:
        self.first = self.last = 0.0
        self.frames = self.bytes = 0


class Press(NamedTuple):
    """One key press: when its first and its last frame were done, and what they sent."""

    key: str
    first: float
    last: float
    settled: float
    logic: float
    frames: int
    sent: int


async def run(presses: int, size: tuple[int, int], paint: PaintClock,
              clock: LogicClock) -> list[Press]:
    out = []
    app = TripoliApp(Game.new(3))
    app.frame_watchers.append(paint.seen)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i in range(presses):
            if app.game is None or app.game.is_over:
                app.open_game(Game.new(i))  # this cycle of keys loses to gold: play another
                await pilot.pause()
            key = CYCLE[i % len(CYCLE)]
            before = clock.total
            start = time.perf_counter()
            paint.start()
            await pilot.press(key)
            await pilot.pause()
            if isinstance(app.screen, AdviceScreen):  # the advice's end is this key's settling
                await advice_finished(app.screen, pilot)
            settled = time.perf_counter() - start
            if paint.frames:
                out.append(Press(key, paint.first - start, paint.last - start, settled,
                                 clock.total - before, paint.frames, paint.bytes))
            if isinstance(app.screen, AdviceScreen):
                await pilot.press("escape")
                await pilot.pause()
    return out


async def advice_finished(screen: AdviceScreen, pilot: Pilot[None]) -> None:
    while screen.is_attached and (screen.thinking or screen.advice is None):
        await pilot.pause(0.01)
    await pilot.pause()


async def opened(app: TripoliApp, pilot: Pilot[None], paint: PaintClock, key: str,
                 screen: type[Screen[Any]]) -> Press:
    """Press `key` and wait until `screen` is on show (or still is) and settled: the press's
    frames."""
    start = time.perf_counter()
    paint.start()
    await pilot.press(key)
    while not isinstance(app.screen, screen):
        await pilot.pause()
    await pilot.pause()
    settled = time.perf_counter() - start
    return Press(key, paint.first - start, paint.last - start, settled, 0.0, paint.frames,
                 paint.bytes)


async def run_opens(opens: int, size: tuple[int, int], paint: PaintClock) -> dict[str, list[Press]]:
    """The flowchart after a T-bot turn, and Enter on a card, each on its own fresh game; the
    list of saves opened from the title."""
    out: dict[str, list[Press]] = {"flowchart (t)": [], "Enter on a card": [],
                                   "the saves' list (l on the title)": []}
    for n in range(opens):
        app = TripoliApp(Game.new(3 + n))
        app.frame_watchers.append(paint.seen)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for key in ("b", "f"):  # a discard to build, then the T-bot's turn played through
                await pilot.press(key)
                await pilot.pause()
            out["flowchart (t)"].append(await opened(app, pilot, paint, "t", FlowchartScreen))
            await pilot.press("escape")
            while not isinstance(app.screen, GameScreen):
                await pilot.pause()
            await pilot.pause()
            out["Enter on a card"].append(  # the highlighted option: the hand's first card's play
                await opened(app, pilot, paint, "enter", GameScreen))
        app = TripoliApp()
        app.frame_watchers.append(paint.seen)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            out["the saves' list (l on the title)"].append(
                await opened(app, pilot, paint, "l", LoadScreen))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--sizes", default="80x24,200x60")
    parser.add_argument("--opens", type=int, default=10)
    args = parser.parse_args()
    paint = PaintClock()
    clock = LogicClock()
    clock.wrap(Game, "submit")
    clock.wrap(Game, "undo")
    clock.wrap(TBot, "answer")
    for size in args.sizes.split(","):
        width, height = (int(n) for n in size.split("x"))
        report(size, asyncio.run(run(args.presses, (width, height), paint, clock)))
        for what, presses in asyncio.run(run_opens(args.opens, (width, height), paint)).items():
            first = [p.first * 1000 for p in presses]
            last = [p.last * 1000 for p in presses]
            print(f"  {what} at {size}, {len(presses)} times: first frame median "
                  f"{statistics.median(first):.0f} ms (max {max(first):.0f}), settled median "
                  f"{statistics.median(last):.0f} ms (max {max(last):.0f}), "
                  f"{statistics.median(p.frames for p in presses):.0f} frames")


def report(size: str, presses: list[Press]) -> None:
    first = [p.first * 1000 for p in presses]
    last = [p.last * 1000 for p in presses]
    lg = [p.logic * 1000 for p in presses]
    print(f"key presses that painted: {len(presses)} at {size} (headless, wall clock)")
    print(f"key press -> first frame: median {statistics.median(first):.1f} ms, "
          f"p90 {statistics.quantiles(first, n=10)[-1]:.1f} ms, max {max(first):.1f} ms")
    print(f"key press -> last frame (the screen settled): median {statistics.median(last):.1f} ms,"
          f" p90 {statistics.quantiles(last, n=10)[-1]:.1f} ms, max {max(last):.1f} ms")
    print(f"frames per press: median {statistics.median(p.frames for p in presses):.0f}; "
          f"bytes per press: median {statistics.median(p.sent for p in presses) / 1024:.1f} KB")
    print(f"game logic per key press: median {statistics.median(lg):.3f} ms, "
          f"mean {statistics.mean(lg):.3f} ms, max {max(lg):.1f} ms")
    for label, which in (("first", 1), ("last", 2)):
        by_key: dict[str, list[float]] = {}
        for p in presses:
            by_key.setdefault(p.key, []).append(p[which] * 1000)
        print(f"  {label} frame by key (median ms): " + ", ".join(
            f"{k} {statistics.median(v):.0f}" for k, v in sorted(by_key.items())))


if __name__ == "__main__":
    main()
