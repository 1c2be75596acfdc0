"""How far the advice can be trusted: the advisor at its default budget on the decisions of
benchmarks/data/advisor_reference.json (made by benchmarks/advisor_reference.py), against their
reference values, and the same for the advisor before issue 22 (the baseline) in the same run.

    python benchmarks/advisor_accuracy.py               # every decision, about 4 s each
    python benchmarks/advisor_accuracy.py --decisions 6 # a quick look: 6 decisions, one a year
    python benchmarks/advisor_accuracy.py --json        # one JSON object

Figures, over the decisions (shares, 0-1):
  star_within_2      the starred option's reference value is within 2 points of the best's
  best_in_tied       the reference best (or an option within half a point of it, which 5,000
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
"""The advice's seeds are ADVICE_SEED + the decision's number (never the references' seed)."""

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
            quiet: bool) -> dict[str, dict[str, Any]]:
    scores: dict[str, list[dict[str, Any]]] = {name: [] for name in advisors}
    for number, decision in enumerate(decisions):
        position = Position(rebuild(decision))
        reference = decision["reference"]["values"]
        for name, advisor in advisors.items():
            advice, star = advisor(position, ADVICE_SEED + number, seconds)
            scores[name].append(score(advice, star, reference))
        if not quiet:
            print(f"  {decision['year']} {decision['kind']:<16} {len(reference)} options: " + "; ".join(
                f"{name} {'*' if s[-1]['star_within_2'] else '-'}{'=' if s[-1]['best_in_tied'] else '-'}"
                f" {s[-1]['held']}/{s[-1]['intervals']}" for name, s in scores.items()), file=sys.stderr)
    return {name: summary(found) for name, found in scores.items()}


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
    found = measure(decisions, {"advisor": race_advice, "baseline": baseline_advice}, args.seconds,
                    quiet=args.json)
    if args.json:
        print(json.dumps({**found["advisor"], "baseline": found["baseline"],
                          "references_made_with_another": changed}))
        return
    print(f"{len(decisions)} decisions of {len(data['decisions'])} ({len(ready)} with references), "
          f"{args.seconds} s each, {time.perf_counter() - start:.0f} s in all")
    for name, figures in found.items():
        print(line(name, figures))
    advisor, baseline = found["advisor"], found["baseline"]
    print(f"ratio     playouts/s x{advisor['playouts_per_second'] / baseline['playouts_per_second']:.2f}")
    if warning:
        print(f"WARNING: {warning}")


if __name__ == "__main__":
    main()
