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
Each kind starts in a save folder of its own, kept from run to run as a player's is: the warming
start leaves there the styles its first screen parsed (tui/parsed_styles.py), and the runs that
count read them back. --cold starts each run in a new, empty folder (every style parsed, as on the
very first start).

Then where the game screen's start goes (the median of its runs, ms from the process start): Textual's
screen module imported (the bare app's start pays the same), the app's own module, the engine, the
game screen's module, the game screen mounted (the app started, its styles read, the screen
composed), and its first paint.
"""

from __future__ import annotations

import argparse
import json
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
import asyncio, gc, json, os, sys
if {which!r} != "bare":
    gc.disable()  # as `tripoli` does before it loads the game (cli/main.py); the app turns it on
sys.path.insert(0, {root!r})
from textual.screen import Screen
phases = [("Textual's screen module imported", time.perf_counter() - start)]
if {which!r} != "bare":
    from tripoli_tui.tui.app import TripoliApp
    phases.append(("the app's module imported", time.perf_counter() - start))

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
        phases.append(("the engine imported", time.perf_counter() - start))
        app = TripoliApp(Game.new(3), collector_held=True)
        from tripoli_tui.tui.screens import game as game_screen
        phases.append(("the game and the app made, the game screen's module imported",
                       time.perf_counter() - start))
        mounted = game_screen.GameScreen.on_mount
        def on_mount(screen):
            phases.append(("the game screen mounted", time.perf_counter() - start))
            mounted(screen)
        game_screen.GameScreen.on_mount = on_mount
    else:
        app = TripoliApp(None, collector_held=True)
    async with app.run_test(size=(80, 24)) as pilot:
        while not painted:
            await pilot.pause()
        for _ in range(3):  # what a start does after its first frame (keeping the styles) is done
            await pilot.pause()
asyncio.run(main())
phases.append(("first paint", painted[0][0]))
print(json.dumps(phases))
print(*painted[0])
"""


PHASES: list[list[tuple[str, float]]] = []
"""Each game-screen run's phases (name, seconds from the process start)."""


FOLDERS: dict[str, str] = {}
"""Each kind's save folder, kept from run to run (unless --cold)."""


def one_run(which: str, cold: bool = False) -> tuple[float, float]:
    """Seconds from the start to the first paint: on the clock, and of CPU time (the process's
    whole, the interpreter's own start included; a busy shared machine stretches the first)."""
    if cold or which not in FOLDERS:
        FOLDERS[which] = tempfile.mkdtemp(prefix="tripoli-bench-")
    env = dict(os.environ, TEXTUAL_ANIMATIONS="none", TRIPOLI_SAVE_DIR=FOLDERS[which])
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    code = CHILD.format(root=str(ROOT), which=which)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True, timeout=60)
    *_, phases, figures = out.stdout.strip().splitlines()
    if which == "game":
        PHASES.append([(name, seconds) for name, seconds in json.loads(phases)])
    wall, cpu = figures.split()
    return float(wall), float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cold", action="store_true",
                        help="each run in a new save folder: no styles kept from an earlier start")
    args = parser.parse_args()
    labels = {"bare": "a bare Textual app (Header, Static, Footer)",
              "title": "the title screen (tripoli)", "game": "the game screen (tripoli new)"}
    runs: dict[str, list[tuple[float, float]]] = {which: [] for which in labels}
    for which in labels:  # warm the bytecode caches
        one_run(which)
    for _ in range(args.runs):  # interleaved, so a burst of load falls on all three alike
        for which in labels:
            runs[which].append(one_run(which, args.cold))
    bare = statistics.median(wall for wall, _ in runs["bare"])
    for which, label in labels.items():
        times = [wall * 1000 for wall, _ in runs[which]]
        cpu = [c * 1000 for _, c in runs[which]]
        ratio = "" if which == "bare" else f"; {statistics.median(times) / bare / 1000:.2f}x the bare app"
        print(f"start -> first paint of {label}: median {statistics.median(times):.0f} ms "
              f"(min {min(times):.0f}, max {max(times):.0f}, {args.runs} runs, headless 80x24); "
              f"CPU time median {statistics.median(cpu):.0f} ms (min {min(cpu):.0f}){ratio}")
    runs_counted = PHASES[-args.runs:]  # (not the warming run)
    print("save folders:", "new for each run (--cold)" if args.cold else
          "one for each kind, kept from run to run (styles kept by the warming start)")
    print("where the game screen's start goes (median ms from the process start; + since the last):")
    before = 0.0
    for n, (name, _) in enumerate(runs_counted[0]):
        at = statistics.median(run[n][1] for run in runs_counted) * 1000
        print(f"  {at:6.0f}  (+{at - before:4.0f})  {name}")
        before = at

if __name__ == "__main__":
    main()
