"""The T-bot's odds, published (issue 36, point 2): docs/tbot-odds.md from seeded simulations.

    .venv/bin/python benchmarks/tbot_odds.py [--games 100000] [--workers N] > docs/tbot-odds.md
    .venv/bin/python benchmarks/tbot_odds.py --from DIR > docs/tbot-odds.md

Runs `tripoli simulate` for each American player the game ships (random, the heuristic), with
and without the optional hidden discard pile, on the seeds scattered from seed 1, and writes the
American's win rate with its 95% interval (Wilson), each way the games ended by year, and the
American tournament points' distribution. --from reads the four reports from DIR instead
(random.json, heuristic.json, random-hidden.json, heuristic-hidden.json: each the output of
`tripoli simulate --json` with the same options).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripoli_tui.engine.core import WAYS_TO_END  # noqa: E402

CONFIGS = (("random", False), ("heuristic", False), ("random", True), ("heuristic", True))


def run(american: str, hidden: bool, games: int, workers: int) -> dict[str, Any]:
    command = [sys.executable, "-m", "tripoli_tui.cli.main", "simulate", "--games", str(games),
               "--seed", "1", "--american", american, "--workers", str(workers), "--json"]
    if hidden:
        command.append("--hidden-discard")
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return dict(json.loads(out))


def name(american: str, hidden: bool) -> str:
    return f"{american}{'-hidden' if hidden else ''}"


def report(results: dict[tuple[str, bool], dict[str, Any]]) -> str:
    games = {r["games"] for r in results.values()}
    lines = ["# The T-bot's odds", "",
             "How often the United States beats the T-bot, measured: complete solitaire games "
             "played by the program, the T-bot answering for Tripolitania by its printed "
             "flowchart, the American side by each player the game ships — `random` (a legal "
             "choice at random) and `heuristic` (the game's own simple player: "
             "docs/heuristic-player.md) — with and without the rulebook's optional hidden "
             "discard pile. No one had published a solitaire bot's win rates; these are "
             "ours, to measure yourself against (the campaign record shows yours beside them).", "",
             f"Each line: {', '.join(f'{g:,}' for g in sorted(games))} games on the seeds "
             "scattered from seed 1 (`tripoli simulate --seed 1`: game n is played on seed "
             "`game_seed(1, n)`, the same for any number of workers).", "",
             "## The American's win rate", "",
             "| American player | hidden discard pile | games | American wins | win rate "
             "| 95% interval | T-bot wins | draws |", "|---|---|---|---|---|---|---|---|"]
    for (american, hidden), r in results.items():
        rate = r["american_win_rate"]
        lines.append(f"| {american} | {'yes' if hidden else 'no'} | {r['games']:,} | "
                     f"{r['american_wins']:,} | {rate['rate']:.2%} | "
                     f"{rate['low']:.3%} – {rate['high']:.3%} | {r['tripolitan_wins']:,} | "
                     f"{r['draws']:,} |")
    lines += ["", "The interval is Wilson's score interval (95%).", ""]
    for (american, hidden), r in results.items():
        lines += [f"## {american}, {'with' if hidden else 'without'} the hidden discard pile", "",
                  "How the games ended, by year:", "",
                  "| ending | " + " | ".join(str(y) for y in range(1801, 1807)) + " | all |",
                  "|---|" + "---|" * 7]
        for how, label in WAYS_TO_END.items():
            by_year = r["endings_by_year"].get(how, {})
            lines.append(f"| {label} | " + " | ".join(f"{by_year.get(str(y), 0):,}"
                                                      for y in range(1801, 1807))
                         + f" | {r['endings'].get(how, 0):,} |")
        points = r["us_points"]
        lines += ["", "American tournament points at the end (points: games):", "",
                  ", ".join(f"{p}: {n:,}" for p, n in points.items()), ""]
    lines += ["## Reproduce it", "", "```sh",
              *(f"tripoli simulate --games {max(games):,} --seed 1 --american {a} --workers 2"
                .replace(",", "") + (" --hidden-discard" if h else "") + " --json"
                for a, h in CONFIGS),
              "# or all four and this page:",
              f"python benchmarks/tbot_odds.py --games {max(games)} > docs/tbot-odds.md", "```", "",
              "The hidden discard pile changes no move of either side (ruling G-9): neither the "
              "T-bot nor these players read the discard piles, so the two lines of each player "
              "are the same games, as the figures show. It changes what a person at the game may "
              "look at, and what the game works out for them (the T-bot's odds, the advice).", ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--from", dest="folder", type=Path, default=None)
    args = parser.parse_args()
    results = {}
    for american, hidden in CONFIGS:
        if args.folder is not None:
            path = args.folder / f"{name(american, hidden)}.json"
            results[(american, hidden)] = json.loads(path.read_text(encoding="utf-8"))
        else:
            results[(american, hidden)] = run(american, hidden, args.games, args.workers)
    sys.stdout.write(report(results))


if __name__ == "__main__":
    main()
