"""The engine compiled with mypyc, measured against pure Python (issue 35): a build in a temp dir.

    .venv/bin/python benchmarks/engine_mypyc.py [--games 1000] [--runs 5] [--keep DIR] [--check]

Copies the repository's tracked files into a temporary folder, compiles the engine's modules there
with mypyc (`pip install "mypy[mypyc]"`; mypy already is a test dependency, and a C compiler and
Python's headers are needed), then plays random against random (as `engine_speed.py --only random`)
alternately with the pure-Python engine of this checkout and with the compiled copy, run after run,
so both see the same load: games per second of each process's CPU time, best and median, and the
ratio. It also plays the same seeds in both and compares every game's moves (same seed, same game).
--check also runs the golden games and the determinism tests against the compiled copy.
Nothing here changes the checkout or the install: the compiled modules live only in the temp dir.

Measured 2026-11-28 (mypy 2.4.1's mypyc, 85 of the engine's 88 modules compiled, build 111 s; load
average 6.5 on 2 shared cores; "pure" with the compiled _splitmix generator, as installed): pure
best 3,428 / median 3,308 games/s, mypyc best 3,556 / median 3,392: 1.03-1.04x, within the runs'
spread (one run 0.93x). Same games (200 seeds, every move), golden games and determinism pass.
Not worth an optional build at install: the turn runs as generators driven by send(), the moves
are dataclasses of the modules left pure, and the time is spread over many small calls (see
`engine_speed.py --profile random`), none of which mypyc makes much cheaper.

Measured again 2026-11-29 by hand, to see whether a native GameState is what was missing: state.py
compiled too (its LogEntry and LazyLogEntry moved to a module of their own, left pure) with the 14
hot modules (core, game, loop, players, queries, rng, turn/*, mechanics/*; build 26 s): 3,525 /
3,636 / 3,509 games/s against pure 3,402 / 3,398 / 3,419 in turn, 1.04-1.07x, the same games.
The state's attribute reads are not where the time goes.

Left pure (mypyc cannot compile them as they stand):
  engine/state.py      LazyLogEntry subclasses a NamedTuple ("inheriting from most builtin types
                       is unimplemented"; mypy_extensions.mypyc_attr(native_class=False) would make
                       mypy_extensions a runtime dependency)
  engine/decisions.py  `from .choices import *`: the compiled module looks for a top-level
                       'choices' (ModuleNotFoundError at import)
  engine/choices.py    the Choice dataclasses' ClassVar defaults (verb, label): compiled, the
                       dataclass machinery takes them for fields ("non-default argument 'card'
                       follows default argument", TypeError at import)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEFT_PURE = {"tripoli_tui/engine/state.py", "tripoli_tui/engine/decisions.py",
             "tripoli_tui/engine/choices.py"}

MEASURE = """
import hashlib, json, sys, time
from bot import TBot  # noqa: F401  (the same imports as engine_speed)
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.play.simulate import game_seed
import tripoli_tui.engine.game as g
games, first, digest = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
def one(seed):
    game = Game.new(seed)
    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1_000_003)})
    return game
if digest:
    h = hashlib.sha256()
    for n in range(games):
        game = one(game_seed(first, n))
        h.update(repr([str(move.choice) for move in game.history]).encode())
    print(json.dumps({"digest": h.hexdigest(), "compiled": g.__file__.endswith(".so")}))
else:
    for n in range(max(1, games // 10)):
        one(game_seed(10_000_000, n))
    start = time.process_time()
    actions = sum(len(one(game_seed(first, n)).history) for n in range(games))
    seconds = time.process_time() - start
    print(json.dumps({"games_per_second": games / seconds, "actions_per_game": actions / games,
                      "compiled": g.__file__.endswith(".so")}))
"""


def stop(message: str) -> None:
    print(message, file=sys.stderr)
    sys.exit(2)


def copy_checkout(target: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    for built in (ROOT / "tripoli_tui" / "engine").glob("_splitmix*.so"):
        shutil.copy2(built, target / "tripoli_tui" / "engine" / built.name)


def build(target: Path) -> float:
    modules = sorted(path.relative_to(target).as_posix()
                     for path in (target / "tripoli_tui" / "engine").rglob("*.py"))
    modules = [name for name in modules if name not in LEFT_PURE]
    print(f"Compiling {len(modules)} engine modules with mypyc in {target} "
          f"(left pure: {', '.join(sorted(LEFT_PURE))}) ...", flush=True)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=target,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        errors = [line for line in done.stdout.splitlines() if "error" in line][:10]
        stop("mypyc failed (is mypy[mypyc] installed, with a C compiler?):\n  "
             + "\n  ".join(errors or done.stderr.strip().splitlines()[-5:]))
    return time.perf_counter() - start


def run(where: Path, games: int, first: int, digest: bool = False) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(where)}
    done = subprocess.run([sys.executable, "-c", MEASURE, str(games), str(first),
                           "1" if digest else "0"], cwd=where, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        stop(f"the games failed in {where}:\n{done.stderr.strip()[-2000:]}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--keep", metavar="DIR", help="build in DIR and keep it (default: a temp dir)")
    parser.add_argument("--check", action="store_true",
                        help="also run the golden games and determinism tests on the compiled copy")
    args = parser.parse_args()
    if shutil.which("git") is None:
        stop("git is needed to list the checkout's files")
    with tempfile.TemporaryDirectory(prefix="tripoli-mypyc-") as temp:
        target = Path(args.keep).resolve() if args.keep else Path(temp)
        target.mkdir(parents=True, exist_ok=True)
        copy_checkout(target)
        seconds = build(target)
        print(f"Built in {seconds:.0f} s.")
        pure_digest, compiled_digest = run(ROOT, 200, 0, True), run(target, 200, 0, True)
        if not compiled_digest["compiled"]:
            stop("the compiled copy did not import its compiled modules")
        same = pure_digest["digest"] == compiled_digest["digest"]
        print(f"Same games pure and compiled (200 seeds, every move): {'yes' if same else 'NO'}")
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"random vs random, {args.games} games per run, pure and compiled in turn "
              f"(load average {load} on {os.cpu_count()} cores; rates per CPU second):")
        pure: list[float] = []
        compiled: list[float] = []
        for number in range(args.runs):
            pure.append(run(ROOT, args.games, number * args.games)["games_per_second"])
            compiled.append(run(target, args.games, number * args.games)["games_per_second"])
            print(f"  run {number + 1}: pure {pure[-1]:8.1f} games/s   mypyc {compiled[-1]:8.1f}"
                  f" games/s   ratio {compiled[-1] / pure[-1]:5.2f}x", flush=True)
        print(f"  best:   pure {max(pure):8.1f}   mypyc {max(compiled):8.1f}"
              f"   ratio {max(compiled) / max(pure):5.2f}x")
        print(f"  median: pure {statistics.median(pure):8.1f}   mypyc {statistics.median(compiled):8.1f}"
              f"   ratio {statistics.median(compiled) / statistics.median(pure):5.2f}x")
        if args.check:
            tests = ["tests/test_golden.py", "tests/engine/test_determinism.py"]
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                                   *tests], cwd=target, env={**os.environ, "PYTHONPATH": str(target)},
                                  check=False)
            print(f"Golden games and determinism on the compiled copy: "
                  f"{'passed' if done.returncode == 0 else 'FAILED'}")
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
