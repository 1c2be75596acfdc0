"""Start to first screen: a fresh Python process until the title (or game) screen is drawn.

    .venv/bin/python benchmarks/tui_startup.py [--runs 7]

Each run is a new interpreter (imports included, as a player pays them), driving the app headless
at 80x24 and reporting the time from process start to the first screen's first paint. A bare
Textual app (a Header, a Static and a Footer) is measured in the same run, interleaved with ours,
and each of our figures is given as a ratio to it: the machine's load moves both alike.
Python writes and reads its bytecode caches here whatever PYTHONDONTWRITEBYTECODE says (a player's
second start finds them, as Textual's installed modules always do), and one start of each kind
warms them before the runs that count. Our app starts as `tripoli` starts it: with the garbage
collector held off until its first screen is drawn (cli/main.py); the bare app as Textual starts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import time
start = time.perf_counter()
import asyncio, gc, os, sys
if {which!r} != "bare":
    gc.disable()  # as `tripoli` does before it loads the game (cli/main.py); the app turns it on
sys.path.insert(0, {root!r})
from textual.screen import Screen
if {which!r} != "bare":
    from tripoli_tui.tui.app import TripoliApp

painted = []
inner = Screen._compositor_refresh
def timed(screen, *args, **kwargs):
    result = inner(screen, *args, **kwargs)
    if not painted and type(screen).__name__ in ("TitleScreen", "GameScreen", "BareScreen"):
        painted.append((time.perf_counter() - start, time.process_time()))
    return result
Screen._compositor_refresh = timed

async def main():
    if {which!r} == "bare":
        from textual.app import App
        from textual.widgets import Footer, Header, Static

        class BareScreen(Screen):
            BINDINGS = [("q", "app.quit", "Quit")]
            def compose(self):
                yield Header()
                yield Static("The Shores of Tripoli")
                yield Footer()

        class Bare(App):
            def on_mount(self):
                self.push_screen(BareScreen())
        app = Bare()
    elif {which!r} == "game":  # as `tripoli new` does; the title screen needs no engine
        from tripoli_tui.engine.game import Game
        app = TripoliApp(Game.new(3), collector_held=True)
    else:
        app = TripoliApp(None, collector_held=True)
    async with app.run_test(size=(80, 24)) as pilot:
        while not painted:
            await pilot.pause()
asyncio.run(main())
print(*painted[0])
"""


def one_run(which: str) -> tuple[float, float]:
    """Seconds from the start to the first paint: on the clock, and of CPU time (the process's
    whole, the interpreter's own start included; a busy shared machine stretches the first)."""
    env = dict(os.environ, TEXTUAL_ANIMATIONS="none",
               TRIPOLI_SAVE_DIR=tempfile.mkdtemp(prefix="tripoli-bench-"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    code = CHILD.format(root=str(ROOT), which=which)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True, timeout=60)
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    labels = {"bare": "a bare Textual app (Header, Static, Footer)",
              "title": "the title screen (tripoli)", "game": "the game screen (tripoli new)"}
    runs: dict[str, list[tuple[float, float]]] = {which: [] for which in labels}
    for which in labels:  # warm the bytecode caches
        one_run(which)
    for _ in range(args.runs):  # interleaved, so a burst of load falls on all three alike
        for which in labels:
            runs[which].append(one_run(which))
    bare = statistics.median(wall for wall, _ in runs["bare"])
    for which, label in labels.items():
        times = [wall * 1000 for wall, _ in runs[which]]
        cpu = [c * 1000 for _, c in runs[which]]
        ratio = "" if which == "bare" else f"; {statistics.median(times) / bare / 1000:.2f}x the bare app"
        print(f"start -> first paint of {label}: median {statistics.median(times):.0f} ms "
              f"(min {min(times):.0f}, max {max(times):.0f}, {args.runs} runs, headless 80x24); "
              f"CPU time median {statistics.median(cpu):.0f} ms (min {min(cpu):.0f}){ratio}")

if __name__ == "__main__":
    main()
