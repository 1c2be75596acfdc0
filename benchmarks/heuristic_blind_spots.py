"""The heuristic American's blind spots: where its choice is far below the best option.

Seeded games of the heuristic American against the T-bot are played; a sample of the American's
decisions (those with more than one option) is taken, and at each every option's chance of a win
is worked out with paired playouts (the advisor's: the k-th playout of every option has the same
hidden piles and dice, and the heuristic plays on after the option). Where the best option beats
the heuristic's own choice by more than the noise, the decision is a mistake; the mistakes are
grouped by the kind of decision and what was chosen against what was best, and the table shows
how many points of winning each group costs (the sum of the regrets: the chance of a win lost).

    nice -n 10 .venv/bin/python benchmarks/heuristic_blind_spots.py --games 60 --every 6 --playouts 150

Prints one line for each group, the costliest first (`--json`: the same as data).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from typing import Any

from bot import TBot
from tripoli_tui.engine import data as d
from tripoli_tui.engine.choices import CardChoice, Choice, PlaceChoice
from tripoli_tui.engine.game import Game
from tripoli_tui.play.advisor import Position, paired, play_chunk
from tripoli_tui.play.heuristic import HeuristicPlayer
from tripoli_tui.play.simulate import game_seed

SEASONS = ("Spring", "Summer", "Fall", "Winter")


def label(choice: Choice) -> str:
    """A choice as a short key: its verb and its card or place."""
    if isinstance(choice, CardChoice):
        return f"{choice.verb} {choice.card}"
    if isinstance(choice, PlaceChoice):
        return f"{choice.verb} {choice.location}"
    return choice.text()


def judge(game: Game, seed: int, playouts: int) -> dict[str, Any]:
    """Every option's wins over the same paired playouts; the heuristic's choice against the best."""
    position = Position(game)
    pending = position.pending
    chosen = pending.options.index(HeuristicPlayer().answer(game).choice)
    results = [play_chunk(position, seed, (i, 0, playouts)) for i in range(len(pending.options))]
    wins = [sum(r) / playouts for r in results]
    best = max(range(len(wins)), key=lambda i: (wins[i], i == chosen))
    mean, se = paired(results[best], results[chosen]) if best != chosen else (0.0, 0.0)
    state = game.state
    return {"kind": pending.kind, "year": state.year, "season": SEASONS[state.season],
            "chosen": label(pending.options[chosen]), "best": label(pending.options[best]),
            "chosen_win": wins[chosen], "best_win": wins[best], "regret": mean, "se": se,
            "options": len(pending.options)}


def sample(games: int, every: int, playouts: int, seed: int) -> list[dict[str, Any]]:
    """Judge about one American decision in `every`, in `games` seeded games."""
    picker = random.Random(seed)
    judged: list[dict[str, Any]] = []
    american, tbot = HeuristicPlayer(), TBot()
    for number in range(games):
        game = Game.new(game_seed(seed, number))
        while game.pending is not None:
            pending = game.pending
            if pending.side == d.US and len(pending.options) > 1 and picker.randrange(every) == 0:
                judged.append(judge(game, picker.getrandbits(62), playouts))
            player = american if pending.side == d.US else tbot
            game.submit(*player.answer(game))
    return judged


def table(judged: list[dict[str, Any]], games: int, z: float) -> list[dict[str, Any]]:
    """Mistakes (regret above z standard errors) grouped by kind and chosen -> best, costliest
    first; `cost` is the win chance lost per game, in points, scaled by the sampling rate."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for j in judged:
        if j["regret"] > 0 and j["regret"] > z * j["se"]:
            groups[(j["kind"], j["chosen"], j["best"])].append(j)
    rows = []
    for (kind, chosen, best), items in groups.items():
        rows.append({"kind": kind, "chosen": chosen, "best": best, "count": len(items),
                     "mean_regret": sum(i["regret"] for i in items) / len(items),
                     "regret_sum": sum(i["regret"] for i in items),
                     "when": sorted({f"{i['season']} {i['year']}" for i in items})})
    rows.sort(key=lambda r: -r["regret_sum"])
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--every", type=int, default=6, help="judge one decision in this many")
    parser.add_argument("--playouts", type=int, default=150, help="paired playouts per option")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--z", type=float, default=2.0, help="a mistake: regret above z errors")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    judged = sample(args.games, args.every, args.playouts, args.seed)
    seconds = time.perf_counter() - start
    rows = table(judged, args.games, args.z)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for j in judged:
        by_kind[j["kind"]].append(j["regret"] if j["regret"] > args.z * j["se"] else 0.0)
    if args.json:
        print(json.dumps({"decisions": len(judged), "seconds": round(seconds, 1),
                          "groups": rows, "judged": judged}))
        return 0
    print(f"{len(judged)} decisions judged in {args.games} games ({seconds:.0f} s), "
          f"{args.playouts} paired playouts an option; a mistake: regret > {args.z} s.e.")
    print("\nBy kind: decisions, mistakes, mean regret over all (points)")
    for kind, regrets in sorted(by_kind.items(), key=lambda kv: -sum(kv[1])):
        mistakes = sum(1 for r in regrets if r > 0)
        print(f"  {kind:18} {len(regrets):4} {mistakes:4} {100 * sum(regrets) / len(regrets):6.2f}")
    print("\nMistakes by kind, chosen -> best: count, mean regret (points), when")
    for r in rows:
        when = ", ".join(r["when"][:4]) + (" ..." if len(r["when"]) > 4 else "")
        print(f"  {r['kind']:15} {r['chosen'][:34]:34} -> {r['best'][:34]:34} {r['count']:3} "
              f"{100 * r['mean_regret']:5.1f}  {when}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
