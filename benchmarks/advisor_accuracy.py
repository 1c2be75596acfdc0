"""How far the advice can be trusted: the advisor at its default budget on the decisions of
benchmarks/data/advisor_reference.json (made by benchmarks/advisor_reference.py), against their
reference values, and the same for the advisor before issue 22 (the baseline) in the same run.

    python benchmarks/advisor_accuracy.py               # every decision, 3 seeds: about 6 minutes
    python benchmarks/advisor_accuracy.py --decisions 6 --seeds 1  # a quick look, one a year
    python benchmarks/advisor_accuracy.py --json        # one JSON object

Each decision is advised SEEDS times, each time on other luck (another seed): one seed's figures
over 30 decisions move by 3-5 points from one set of seeds to the next (the paired playouts of a
decision share their luck, so its options' intervals miss together), and the figures are over
all the advice given. The figures of each set of seeds are printed too.

Figures, over the decisions (shares, 0-1):
  star_within_2      the starred option's reference value is within 2 points of the best's
  best_in_tied       the reference best (or an option within half a point of it, which 20,000
                     playouts cannot tell apart) is the star or shown tied with it
  interval_coverage  each option's shown interval (win chance ± margin) holds its reference value
  playouts_per_second
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from advisor_baseline import baseline_advice  # this folder is on the path when a benchmark runs
from advisor_reference import load, policy_fingerprint, rebuild

from tripoli_tui.play.advisor import DEFAULT_SECONDS, Advice, Position, Race

WITHIN = 0.02
"""The star is good enough when its reference value is this close to the best's."""
SAME = 0.005
"""Reference values this close are the same option as far as the references can tell."""
ADVICE_SEED = 77
"""The advice's seeds are ADVICE_SEED + the decision's number + 1000 x the set of seeds (never the
references' seed)."""
SEEDS = 3

Advisor = Callable[[Position, int, float], tuple[Advice, int]]


def race_advice(position: Position, seed: int, seconds: float, workers: int | None = None
                ) -> tuple[Advice, int]:
    advice = Race(position, seed, workers=workers).think(seconds=seconds)
    return advice, advice.best


def score(advice: Advice, star: int, reference: list[float]) -> dict[str, Any]:
    """What one piece of advice got right against the decision's references."""
    best = max(reference)
    shown = {star, *(i for i, o in enumerate(advice.options) if o.tied)}
    held = [abs(o.win_chance - ref) <= o.margin
            for o, ref in zip(advice.options, reference, strict=True) if o.playouts]
    return {"star_within_2": reference[star] >= best - WITHIN,
            "best_in_tied": any(reference[i] >= best - SAME for i in shown),
            "held": sum(held), "intervals": len(held), "playouts": advice.playouts,
            "seconds": advice.seconds}


def summary(scores: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(scores)
    return {"decisions": n,
            "star_within_2": round(sum(s["star_within_2"] for s in scores) / n, 3),
            "best_in_tied": round(sum(s["best_in_tied"] for s in scores) / n, 3),
            "interval_coverage": round(sum(s["held"] for s in scores)
                                       / sum(s["intervals"] for s in scores), 3),
            "playouts_per_second": round(sum(s["playouts"] for s in scores)
                                         / sum(s["seconds"] for s in scores))}


def measure(decisions: list[dict[str, Any]], advisors: dict[str, Advisor], seconds: float,
            seeds: int, quiet: bool) -> dict[str, list[list[dict[str, Any]]]]:
    """Each advisor's scores: a list for each set of seeds, a score for each decision."""
    scores: dict[str, list[list[dict[str, Any]]]] = {name: [] for name in advisors}
    for seed_set in range(seeds):
        for found in scores.values():
            found.append([])
        for number, decision in enumerate(decisions):
            position = Position(rebuild(decision))
            reference = decision["reference"]["values"]
            for name, advisor in advisors.items():
                advice, star = advisor(position, ADVICE_SEED + number + 1000 * seed_set, seconds)
                scores[name][-1].append(score(advice, star, reference))
            if not quiet:
                print(f"  {seed_set + 1} {decision['year']} {decision['kind']:<16} "
                      f"{len(reference)} options: " + "; ".join(
                          f"{name} {'*' if s[-1][-1]['star_within_2'] else '-'}"
                          f"{'=' if s[-1][-1]['best_in_tied'] else '-'}"
                          f" {s[-1][-1]['held']}/{s[-1][-1]['intervals']}"
                          for name, s in scores.items()), file=sys.stderr)
    return scores


def stale(decisions: list[dict[str, Any]]) -> list[str]:
    """The parts of the policy changed since any of the references were made (a part the
    reference does not name, as in references made before the fingerprint was of the play,
    counts as changed)."""
    today = policy_fingerprint()
    changed: set[str] = set()
    for decision in decisions:
        made_with = decision["reference"]["policy"]
        changed |= {part for part, digest in today.items() if made_with.get(part) != digest}
    return sorted(changed)


def chosen(decisions: list[dict[str, Any]], count: int | None) -> list[dict[str, Any]]:
    """`count` decisions spread over the list (every year while count allows)."""
    if count is None or count >= len(decisions):
        return decisions
    step = len(decisions) / count
    return [decisions[int(i * step)] for i in range(count)]


def line(name: str, figures: dict[str, Any]) -> str:
    return (f"{name:<10} star within 2 points {100 * figures['star_within_2']:5.1f}%   "
            f"best among the tied {100 * figures['best_in_tied']:5.1f}%   intervals holding "
            f"{100 * figures['interval_coverage']:5.1f}%   {figures['playouts_per_second']:5d} playouts/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--decisions", type=int, default=None, metavar="N",
                        help="only N of the decisions, spread over the years (a quick run)")
    parser.add_argument("--seeds", type=int, default=SEEDS,
                        help="advice for each decision, each on other luck (default %(default)s)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help="each advice's budget (default %(default)s: the default, 2 s wall)")
    args = parser.parse_args()
    data = load()
    ready = [d for d in data.get("decisions", []) if "reference" in d]
    if not ready:
        raise SystemExit("no references yet: nice -n 10 python benchmarks/advisor_reference.py")
    decisions = chosen(ready, args.decisions)
    changed = stale(decisions)
    warning = (f"the references were made with another {', '.join(changed)} than today's: the "
               f"figures may be off; remake them with: {data['command']}") if changed else ""
    if warning:
        print(f"WARNING: {warning}", file=sys.stderr)
    Race(Position(rebuild(decisions[0])), 1).think(playouts=1, seconds=None)  # workers start
    start = time.perf_counter()
    scores = measure(decisions, {"advisor": race_advice, "baseline": baseline_advice},
                     args.seconds, max(1, args.seeds), quiet=args.json)
    found = {name: {**summary([s for one in sets for s in one]), "decisions": len(decisions),
                    "advices": sum(map(len, sets))} for name, sets in scores.items()}
    if args.json:
        print(json.dumps({**found["advisor"], "baseline": found["baseline"],
                          "by_seeds": {name: [summary(one) for one in sets]
                                       for name, sets in scores.items()},
                          "references_made_with_another": changed}))
        return
    print(f"{len(decisions)} decisions of {len(data['decisions'])} ({len(ready)} with references), "
          f"{max(1, args.seeds)} seeds each, {args.seconds} s an advice, "
          f"{time.perf_counter() - start:.0f} s in all")
    for name, sets in scores.items():
        if len(sets) > 1:
            for number, one in enumerate(sets, 1):
                print(line(f"  seeds {number}", summary(one)))
        print(line(name, found[name]))
    advisor, baseline = found["advisor"], found["baseline"]
    print(f"ratio     playouts/s x{advisor['playouts_per_second'] / baseline['playouts_per_second']:.2f}")
    if warning:
        print(f"WARNING: {warning}")


if __name__ == "__main__":
    main()
