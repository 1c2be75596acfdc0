"""Soak: the heuristic American player over 2,000 seeded games against the T-bot, every invariant
checked after every action; prints the results (the test suite plays a smaller count)."""

from __future__ import annotations

import sys

from tripoli_tui.play.simulate import simulate


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    s = simulate(games, 1, american="heuristic", workers=2, check=True)
    print(f"heuristic soak: {games} games, {s['errors']} errors, {s['invariant_violations']} "
          f"invariant violations, {s['american_wins']} American wins, {s['seconds']} s")
    return 1 if s["errors"] or s["invariant_violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
