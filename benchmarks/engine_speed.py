"""Engine speed: complete solitaire games per second and actions per second, on one core.

    .venv/bin/python benchmarks/engine_speed.py [--games 2000] [--runs 5] [--only random|tbot] [--pure]
    .venv/bin/python benchmarks/engine_speed.py --profile random|tbot [--games 1000]
    .venv/bin/python benchmarks/engine_speed.py --web DIR [--games 2000] [--runs 5] [--pure]

Two match-ups, each played through the one game loop (`engine.loop.play`) with players, no
invariant checks:
  random vs random   a random American against a random Tripolitania (target: 4,000 games/s)
  random vs T-bot    a random American against the T-bot, traces and all (target: 2,000 games/s)

Rates are per second of this process's CPU time (`time.process_time()`, one core), so a busy machine
disturbs them less than wall time would; the best and the median of several runs are printed. The
machine is shared: other work on it still slows every run somewhat (caches, turbo), so compare
figures taken together, and read the best run as the engine's speed and the median as a typical one.

The random generator is the compiled one when it was built at install (engine/_splitmix.c), as the
game uses it; --pure measures with the pure-Python generator, the game's speed on a machine that
had no C compiler (the same games either way).

--web DIR: the comparison with the web version, run beside ours in the same minute. DIR holds the
web version's rules module for The Shores of Tripoli (Rally the Troops' `rules.js`, with the
`data.js` it requires beside it, exporting SPACES and PIECES). That repository moved from GitHub
(github.com/rally-the-troops/shores-of-tripoli now only says so) to
https://git.rally-the-troops.com/: find shores-of-tripoli there and clone it (git clone with the
clone address its page shows) outside this repository (its code is theirs and never goes into
ours), then pass its folder:

    .venv/bin/python benchmarks/engine_speed.py --web ~/src/shores-of-tripoli

The figures in issue 35 were taken with rules.js at GitHub commit a844995 (80,330 bytes) and a
minimal data.js of our own listing the 22 space and 67 piece names it looks up.

Our own driver, benchmarks/web_random_games.js, plays complete games of random legal actions
against it under Node (`node` on PATH, or $NODE): each side picks uniformly among the actions the
module's view() lists for it, undo left out. Each run plays ours (random vs random, as above) then
the web version's, alternately, so both see the same load; both rates are per second of their own
process's CPU time (the driver uses process.cpuUsage()). It prints each side's games/s and
actions/game, and the ratio ours/web (best against best, median against median). Without
rules.js in DIR, or without Node, it says so and exits 2.

A game is not the same unit in both. The web version plays the two-player game (Tripolitania a
player with a hand of cards), ours the solitaire game (Tripolitania the T-bot's decks and lines,
here answered at random), and the web version offers its moves in finer steps: about 86 actions a
game to our 47, and its random games last about 13 seasons (into 1804) to our 8.5 (into 1803). So
the comparison also says the seasons each game lasted, and the ratio per action and per season
of war played, beside the ratio per game that issue 35's goal names. Measured 2026-11-29 (this
machine class, load under 1, 5 runs, medians): per game 2.68x, per action 1.47x, per season 1.77x.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import TBot  # noqa: E402
from tripoli_tui.engine import Game, rng  # noqa: E402
from tripoli_tui.engine import data as d  # noqa: E402
from tripoli_tui.engine.loop import play  # noqa: E402
from tripoli_tui.engine.players import Player, RandomPlayer  # noqa: E402
from tripoli_tui.play.simulate import game_seed  # noqa: E402

TARGETS = {"random": 4000.0, "tbot": 2000.0}
TITLES = {"random": "random vs random", "tbot": "random vs T-bot"}


def tripolitan_player(matchup: str, seed: int) -> Player:
    return RandomPlayer(seed + 1_000_003) if matchup == "random" else TBot()


class Played(NamedTuple):
    """What a batch of games came to: the actions submitted, and the seasons the games lasted
    (each game's seasons from Spring 1801, the one it ended in counted)."""

    actions: int
    seasons: int


def play_games(matchup: str, first_seed: int, games: int) -> Played:
    """Play `games` complete games through the game loop: the actions submitted and the seasons
    played.

    The games are played on the seeds `tripoli simulate` would use (scattered from first_seed):
    on consecutive seeds each game's dice are the last one's shifted by a step, and the
    generator's memo served one game's stream to the next (about 7% faster, and not real)."""
    actions = seasons = 0
    for number in range(games):
        seed = game_seed(first_seed, number)
        game = Game.new(seed)
        play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: tripolitan_player(matchup, seed)})
        actions += len(game.history)
        seasons += (game.state.year - d.YEARS[0]) * 4 + game.state.season + 1
    return Played(actions, seasons)


def measure(matchup: str, games: int, runs: int, say: Callable[[str], None]) -> None:
    games_rates: list[float] = []
    action_rates: list[float] = []
    play_games(matchup, 10_000_000, max(1, games // 10))  # warm up (imports, caches)
    for run in range(runs):
        start, wall = time.process_time(), time.perf_counter()
        actions = play_games(matchup, 0, games).actions
        seconds = time.process_time() - start
        wall = time.perf_counter() - wall
        games_rates.append(games / seconds)
        action_rates.append(actions / seconds)
        say(f"  run {run + 1}: {games / seconds:8.1f} games/s  {actions / seconds:10.1f} actions/s"
            f"  ({actions / games:.1f} actions/game; wall clock {games / wall:8.1f} games/s)")
    best, median = max(games_rates), statistics.median(games_rates)
    verdict = "meets" if best >= TARGETS[matchup] else "below"
    say(f"  best:   {best:8.1f} games/s  {max(action_rates):10.1f} actions/s")
    say(f"  median: {median:8.1f} games/s  {statistics.median(action_rates):10.1f} actions/s"
        f"   (target {TARGETS[matchup]:,.0f} games/s: best run {verdict})")


WEB_DRIVER = Path(__file__).resolve().parent / "web_random_games.js"


def web_setup(folder: str) -> tuple[str, Path]:
    """The Node program and the rules module's folder, or a clear sentence and exit 2."""
    directory = Path(folder).expanduser().resolve()
    if not (directory / "rules.js").is_file():
        sys.exit(_stop(f"--web: no rules.js in {directory}: pass the folder of the web version's "
                       "Shores of Tripoli module (see this benchmark's --help for where to get it)"))
    node = os.environ.get("NODE") or shutil.which("node")
    if not node:
        sys.exit(_stop("--web: Node is not on PATH (or set $NODE): it runs the web version"))
    return node, directory


def _stop(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


def web_run(node: str, directory: Path, games: int, first_seed: int) -> dict[str, float]:
    """One run of the web version's random games in a Node process; its figures as JSON."""
    done = subprocess.run([node, str(WEB_DRIVER), str(directory), "--games", str(games),
                           "--first-seed", str(first_seed), "--json"],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        sys.exit(_stop(f"--web: the web version's games failed under {node}: {last}"))
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def compare_web(folder: str, games: int, runs: int, say: Callable[[str], None]) -> None:
    """Ours and the web version's random games, run after run in turn, and the ratios: per game
    (the goal's), per action and per season of war played (see the module's last paragraph)."""
    node, directory = web_setup(folder)
    web_games = max(1, games // 2)  # the web version is slower: keep its runs about as long
    web_run(node, directory, max(1, web_games // 10), 10_000_000)  # warm up the disk cache
    play_games("random", 10_000_000, max(1, games // 10))  # warm up (imports, caches)
    ours: dict[str, list[float]] = {"game": [], "action": [], "season": []}
    web: dict[str, list[float]] = {"game": [], "action": [], "season": []}
    for run in range(runs):
        start = time.process_time()
        played = play_games("random", run * games, games)
        seconds = time.process_time() - start
        ours["game"].append(games / seconds)
        ours["action"].append(played.actions / seconds)
        ours["season"].append(played.seasons / seconds)
        figures = web_run(node, directory, web_games, 1 + run * web_games)
        rate = figures["games_per_second"]
        web["game"].append(rate)
        web["action"].append(rate * figures["actions_per_game"])
        web["season"].append(rate * figures["seasons_per_game"])
        say(f"  run {run + 1}: ours {ours['game'][-1]:8.1f} games/s ({played.actions / games:.1f} "
            f"actions, {played.seasons / games:.2f} seasons a game)   web {rate:8.1f} games/s "
            f"({figures['actions_per_game']:.1f} actions, {figures['seasons_per_game']:.2f} "
            f"seasons a game)   ratio {ours['game'][-1] / rate:5.2f}x")
    say(f"  best:   ours {max(ours['game']):8.1f}   web {max(web['game']):8.1f}   ratio "
        f"{max(ours['game']) / max(web['game']):5.2f}x")
    say(f"  median: ours {statistics.median(ours['game']):8.1f}   web "
        f"{statistics.median(web['game']):8.1f}   ratio "
        f"{statistics.median(ours['game']) / statistics.median(web['game']):5.2f}x   (goal >= 5x)")
    for unit in ("action", "season"):
        say(f"  per {unit} (median): ours {statistics.median(ours[unit]):9.1f}/s   web "
            f"{statistics.median(web[unit]):9.1f}/s   ratio "
            f"{statistics.median(ours[unit]) / statistics.median(web[unit]):5.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per run (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per match-up (default 5)")
    parser.add_argument("--only", choices=sorted(TARGETS), help="measure one match-up only")
    parser.add_argument("--pure", action="store_true",
                        help="draw with the pure-Python generator even when the compiled one is built")
    parser.add_argument("--profile", choices=sorted(TARGETS),
                        help="cProfile one run of this match-up instead (sorted by own time)")
    parser.add_argument("--web", metavar="DIR",
                        help="compare random games with the web version's rules.js in DIR, "
                             "run beside ours (see above for where to get it)")
    args = parser.parse_args()
    if args.web:
        web_setup(args.web)
    compiled = rng.use_compiled(not args.pure)
    generator = ("compiled (engine/_splitmix.c)" if compiled else
                 "pure Python" + ("" if args.pure else " (the compiled one was not built)"))
    if args.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(play_games, args.profile, 0, args.games)
        pstats.Stats(profile).sort_stats("tottime").print_stats(40)
        return
    print(f"Complete games through the game loop, {args.games} per run, {args.runs} runs; "
          "rates per second of CPU time on one core (time.process_time).")
    print(f"Random generator: {generator}.")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print("The machine may be shared and busy (load average now: "
          f"{load} on {os.cpu_count()} cores): the best run is the engine's speed, the median a "
          "typical one.")
    if args.web:
        print(f"random vs random, ours and the web version's rules.js under Node, run in turn "
              f"({args.games} games of ours, {max(1, args.games // 2)} of the web's per run):")
        compare_web(args.web, args.games, args.runs, lambda line: print(line, flush=True))
        return
    for matchup in [args.only] if args.only else ["random", "tbot"]:
        print(f"{TITLES[matchup]}:")
        measure(matchup, args.games, args.runs, lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()
