"""Help opens: `?` on the game screen until the first frame of the help, and each tab's first visit.

    .venv/bin/python benchmarks/help_open.py [--opens 9] [--sizes 80x24,200x60]

Drives the game screen (`tripoli new --seed 3`) headless, presses `?` and times it until the first
frame with the help on top is composed, on the clock and in CPU time (the process's own, which
a busy shared machine does not stretch); then F2, F3 and F4 (the rules, the cards, the rulings,
each built when first shown) until their first frame, and Escape. The first open of a process
also reads the help's files and style sheet: it is reported on its own line; the others give
the median and the best. Also counts the widgets the help holds once open, and the full garbage
collections that fell inside the timed steps (Python's, over the whole app: each costs the same
whatever the help does, and lands on whichever key is pressed when it comes due).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
os.environ.setdefault("TRIPOLI_SAVE_DIR", tempfile.mkdtemp(prefix="tripoli-bench-"))

from tripoli_tui.engine.game import Game  # noqa: E402
from tripoli_tui.tui.app import TripoliApp  # noqa: E402
from tripoli_tui.tui.screens.help import HelpScreen  # noqa: E402
from tripoli_tui.tui.terminal import Frame  # noqa: E402

STEPS = [("open help (?)", "question_mark", "keys"), ("rules tab (F2)", "f2", "rules"),
         ("cards tab (F3)", "f3", "cards"), ("rulings tab (F4)", "f4", "rulings")]
"""What is timed in each round, in order; Escape closes the help after them."""


class Frames:
    """The clock and CPU time of the first frame composed, after `start`, with the tab awaited on
    show (a frame of the screen beneath, or of the tab before, does not count)."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0
        self.tab = ""

    def seen(self, app: TripoliApp, _frame: Frame) -> None:
        """(A frame watcher of the app.)"""
        if not self.wall and self.showing(app):
            self.wall, self.cpu = time.perf_counter(), time.process_time()

    def showing(self, app: TripoliApp) -> bool:
        help_screen = app.screen
        return isinstance(help_screen, HelpScreen) and help_screen.is_mounted and \
            help_screen.tab == self.tab and self.tab in help_screen.built

    def start(self, tab: str) -> tuple[float, float]:
        self.wall = self.cpu = 0.0
        self.tab = tab
        return time.perf_counter(), time.process_time()


class FullCollections:
    """When Python's full (oldest-generation) garbage collections started, and how long each took."""

    def __init__(self) -> None:
        self.seen: list[tuple[float, float]] = []
        self._start = 0.0
        gc.callbacks.append(self._seen)

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        elif self._start:
            self.seen.append((self._start, time.perf_counter() - self._start))
            self._start = 0.0

    def between(self, start: float, end: float) -> list[float]:
        """How long each full collection that started between `start` and `end` took."""
        return [took for when, took in self.seen if start <= when <= end]

    def close(self) -> None:
        gc.callbacks.remove(self._seen)


class Timing(NamedTuple):
    wall: float
    cpu: float


async def rounds(opens: int, size: tuple[int, int], frames: Frames,
                 collected: list[float]) -> tuple[list[list[Timing]], int]:
    """For each round, the timing of each step; and the widgets the help held, open on a tab.
    Adds to `collected` how long each full garbage collection inside a timed step took."""
    collections = FullCollections()
    out: list[list[Timing]] = []
    widgets = 0
    app = TripoliApp(Game.new(3))
    app.frame_watchers.append(frames.seen)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(opens):
            timings = []
            for _name, key, tab in STEPS:
                wall, cpu = frames.start(tab)
                await pilot.press(key)
                deadline = time.perf_counter() + 10
                while not frames.wall:  # until the first frame after the key
                    if time.perf_counter() > deadline:
                        raise SystemExit(f"no frame within 10 s of {key!r}")
                    await asyncio.sleep(0.0005)
                timings.append(Timing(frames.wall - wall, frames.cpu - cpu))
                collected += collections.between(wall, frames.wall)
                if key == "question_mark":
                    widgets = len(list(app.screen.walk_children(with_self=False)))
                await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            out.append(timings)
    collections.close()
    return out, widgets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=9)
    parser.add_argument("--sizes", default="80x24,200x60")
    args = parser.parse_args()
    frames = Frames()
    for size in args.sizes.split(","):
        width, height = (int(n) for n in size.split("x"))
        took: list[float] = []
        results, widgets = asyncio.run(rounds(args.opens, (width, height), frames, took))
        print(f"{size}: key to the first frame, headless, {args.opens} rounds "
              f"(the help held {widgets} widgets when it opened)")
        for i, (name, _, _) in enumerate(STEPS):
            first = results[0][i]
            later = [r[i] for r in results[1:]] or [first]
            wall = [t.wall * 1000 for t in later]
            cpu = [t.cpu * 1000 for t in later]
            print(f"  {name:<18} median {statistics.median(wall):6.1f} ms (best {min(wall):6.1f}),"
                  f" CPU median {statistics.median(cpu):6.1f} ms (best {min(cpu):6.1f});"
                  f" first in the process {first.wall * 1000:6.1f} ms, CPU {first.cpu * 1000:6.1f}")
        print(f"  full garbage collections inside the {len(STEPS) * len(results)} timed steps: "
              f"{len(took)}" + (f", median {statistics.median(took) * 1000:.0f} ms each"
                                if took else ""))


if __name__ == "__main__":
    main()
