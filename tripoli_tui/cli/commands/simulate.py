"""`tripoli simulate`: complete games played headless, and their statistics."""

from __future__ import annotations

import argparse
import json

from ..out import say
from . import SubParsers


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    sim = sub.add_parser("simulate", help="play complete games headless and print statistics")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=1,
                     help="the simulation's seed (default 1): each game is played on a seed "
                          "scattered from it")
    sim.add_argument("--tripolitan", choices=("random", "tbot"), default="tbot",
                     help="who answers for Tripolitania (default: the T-bot)")
    sim.add_argument("--american", choices=("random", "heuristic"), default="random",
                     help="who answers for the United States: uniformly random (the default) or "
                          "the heuristic player")
    sim.add_argument("--workers", type=int, default=1,
                     help="worker processes (default 1; the totals are the same for any number)")
    sim.add_argument("--check", action="store_true",
                     help="check the game's invariants after every action (slower)")
    sim.add_argument("--hidden-discard", action="store_true",
                     help="play with the rulebook's optional hidden discard pile")
    sim.add_argument("--json", action="store_true", help="print one JSON object (no charts)")


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        say("tripoli simulate: --games must be at least 1", error=True)
        return 2
    if not 1 <= args.workers <= 64:
        say("tripoli simulate: --workers must be between 1 and 64", error=True)
        return 2
    from ...play.simulate import format_charts, format_summary, simulate

    summary = simulate(args.games, args.seed, args.tripolitan, american=args.american,
                       workers=args.workers, check=args.check, hidden_discard=args.hidden_discard)
    if args.json:
        say(json.dumps(summary))
    else:
        say(format_summary(summary))
        say()
        say(format_charts(summary))
    return 1 if summary["errors"] or summary["invariant_violations"] else 0
