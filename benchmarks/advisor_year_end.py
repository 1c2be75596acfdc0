"""Issue 22, item 6: a playout cut off at the end of its year and scored by a calibrated estimate
of the American win chance there, against a playout played to the game's end, measured with the
accuracy benchmark's decisions and references.

    nice -n 10 python benchmarks/advisor_year_end.py --fit      # remakes the estimate's data
    nice -n 10 python benchmarks/advisor_year_end.py            # the measurement

The estimate: for each year 1801-1805, a logistic regression of the American win (the game's
end) on the position at the start of the next year (FEATURES), fit on GAMES games of the
heuristic American against the T-bot (the playouts' own policy); its coefficients are kept in
benchmarks/data/advisor_year_end.json with the policy's fingerprint. A cut-off playout plays the
option to the end of its year; a game over by then scores its result, else the estimate p, made a
win when a uniform draw of the playout's own seed is below p (the k-th playout of every option
draws the same number, so the comparisons stay paired and every figure of the advisor holds).

The measurement: both advisors in one process each (the race, at the same budget), so the
comparison is the same time for each.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator
from typing import Any

from advisor_accuracy import ADVICE_SEED, line, measure  # this folder is on the path
from advisor_reference import ROOT, load, policy_fingerprint

from bot import TBot
from tripoli_tui.engine import data as d
from tripoli_tui.engine import rng
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import Player
from tripoli_tui.engine.state import GameState
from tripoli_tui.play import advisor_workers
from tripoli_tui.play.advisor import DEFAULT_SECONDS, Advice, Position, Race, playout_seed
from tripoli_tui.play.advisor_playout import Chunk, hide, players
from tripoli_tui.play.heuristic import HeuristicPlayer

MODEL = ROOT / "benchmarks" / "data" / "advisor_year_end.json"
GAMES = 6000
FIT_SEED = 424_242
FEATURES = ("gold", "frigates_sunk", "derne", "benghazi", "us_frigates", "gunboats", "land_army",
            "swedish", "corsairs", "tripolitan_frigates", "allied_corsairs", "tripolitan_infantry",
            "hand", "draw")


def on_map(state: GameState, piece: str) -> int:
    return sum(state.pieces[place][piece] for place in d.MAP_LOCATIONS)


def features(state: GameState) -> list[float]:
    return [state.gold, state.frigates_sunk, state.derne_captured, state.benghazi_captured,
            on_map(state, d.US_FRIGATE), on_map(state, d.GUNBOAT),
            on_map(state, d.MARINE) + on_map(state, d.ARAB_INFANTRY), on_map(state, d.SWEDISH_FRIGATE),
            on_map(state, d.CORSAIR), on_map(state, d.TRIPOLITAN_FRIGATE),
            on_map(state, d.ALLIED_CORSAIR), on_map(state, d.TRIPOLITAN_INFANTRY),
            len(state.us_hand), len(state.us_draw)]


def year_ends(seed: int) -> Iterator[tuple[int, list[float], bool]]:
    """(year, the position's features at its end, the American won) for each year a game outlives."""
    game = Game.new(seed)
    playing = {d.US: HeuristicPlayer(seed), d.TRIPOLITANIA: TBot()}
    rows = []
    for year in range(1801, 1806):
        play(game, playing, until=lambda g, y=year: g.state.year > y)  # type: ignore[misc]
        if game.pending is None:
            break
        rows.append((year, features(game.state)))
    play(game, playing)
    won = game.state.result is not None and game.state.result.winner == d.US
    for year, found in rows:
        yield year, found, won


def fit_logistic(rows: list[list[float]], wins: list[bool], ridge: float = 1.0) -> dict[str, Any]:
    """Newton's method on standardised features (a small ridge keeps a feature that never
    varies at zero); the coefficients are given back in the features' own units."""
    k = len(rows[0])
    means = [sum(r[j] for r in rows) / len(rows) for j in range(k)]
    scales = [math.sqrt(sum((r[j] - means[j]) ** 2 for r in rows) / len(rows)) or 1.0 for j in range(k)]
    xs = [[1.0, *((r[j] - means[j]) / scales[j] for j in range(k))] for r in rows]
    w = [0.0] * (k + 1)
    for _ in range(25):
        grad = [0.0] * (k + 1)
        hess = [[0.0] * (k + 1) for _ in range(k + 1)]
        for x, y in zip(xs, wins, strict=True):
            p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x, strict=True))))
            for a in range(k + 1):
                grad[a] += (y - p) * x[a]
                for b in range(a, k + 1):
                    hess[a][b] += p * (1 - p) * x[a] * x[b]
        for a in range(1, k + 1):
            grad[a] -= ridge * w[a]
            hess[a][a] += ridge
        for a in range(k + 1):
            for b in range(a):
                hess[a][b] = hess[b][a]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    slopes = [w[j + 1] / scales[j] for j in range(k)]
    return {"intercept": w[0] - sum(s * m for s, m in zip(slopes, means, strict=True)), "slopes": slopes}


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def fit(games: int) -> None:
    by_year: dict[int, tuple[list[list[float]], list[bool]]] = {y: ([], []) for y in range(1801, 1806)}
    for number in range(games):
        for year, found, won in year_ends(rng.nth_seed(FIT_SEED, number)):
            by_year[year][0].append(found)
            by_year[year][1].append(won)
    model: dict[str, Any] = {"command": "nice -n 10 python benchmarks/advisor_year_end.py --fit",
                             "games": games, "features": list(FEATURES), "policy": policy_fingerprint(),
                             "years": {}}
    for year, (rows, wins) in by_year.items():
        coefficients = fit_logistic(rows, wins)
        model["years"][str(year)] = {**coefficients, "games": len(rows),
                                     "brier": round(brier(coefficients, rows, wins), 4),
                                     "base_rate": round(sum(wins) / len(wins), 4)}
        print(f"{year}: {len(rows)} games reach its end, {sum(wins) / len(wins):.3f} won, Brier "
              f"{model['years'][str(year)]['brier']} (a constant: "
              f"{(sum(wins) / len(wins)) * (1 - sum(wins) / len(wins)):.4f})", file=sys.stderr)
    MODEL.write_text(json.dumps(model, indent=1) + "\n")


def estimate(coefficients: dict[str, Any], found: list[float]) -> float:
    z = coefficients["intercept"] + sum(a * b for a, b in zip(coefficients["slopes"], found, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def brier(coefficients: dict[str, Any], rows: list[list[float]], wins: list[bool]) -> float:
    return sum((estimate(coefficients, r) - y) ** 2 for r, y in zip(rows, wins, strict=True)) / len(rows)


def uniform(seed: int) -> float:
    """The playout's own uniform draw in [0, 1), apart from its dice."""
    return (rng.seed_state(seed ^ 0x5DEECE66D) >> 11) / float(1 << 53)


def cut_off_playout(position: Position, option: int, seed: int, playing: dict[str, Player],
                    model: dict[str, Any]) -> bool:
    game = position.copy()
    hide(game.state, seed)
    game.submit(position.pending.options[option])
    year = game.state.year
    play(game, playing, until=lambda g: g.state.year > year)
    result = game.state.result
    if result is not None:
        return result.winner == d.US
    coefficients = model["years"].get(str(year))
    if coefficients is None:  # 1806: the year's end is the game's
        play(game, playing)
        result = game.state.result
        return result is not None and result.winner == d.US
    return uniform(seed) < estimate(coefficients, features(game.state))


def cut_off_advice(model: dict[str, Any]):  # type: ignore[no-untyped-def]
    def play_chunk(position: Position, seed: int, chunk: Chunk) -> bytes:
        option, first, last = chunk
        playing = players()
        return bytes(cut_off_playout(position, option, playout_seed(seed, k), playing, model)
                     for k in range(first, last))

    def advise(position: Position, seed: int, seconds: float) -> tuple[Advice, int]:
        real = advisor_workers.play_chunk
        advisor_workers.play_chunk = play_chunk
        try:
            advice = Race(position, seed, workers=1).think(seconds=seconds)
        finally:
            advisor_workers.play_chunk = real
        return advice, advice.best
    return advise


def to_the_end(position: Position, seed: int, seconds: float) -> tuple[Advice, int]:
    advice = Race(position, seed, workers=1).think(seconds=seconds)
    return advice, advice.best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", action="store_true", help="fit the estimate again")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--decisions", type=int, default=None, metavar="N")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    args = parser.parse_args()
    if args.fit:
        fit(args.games)
        return
    model = json.loads(MODEL.read_text())
    if model["policy"] != policy_fingerprint():
        print("WARNING: the estimate was fit with another policy than today's: "
              f"{model['command']}", file=sys.stderr)
    from advisor_accuracy import chosen

    decisions = chosen([x for x in load()["decisions"] if "reference" in x], args.decisions)
    found = measure(decisions, {"to the end": to_the_end, "year end": cut_off_advice(model)},
                    args.seconds, quiet=False)
    print(f"{len(decisions)} decisions, {args.seconds} s each, one process each (seeds from {ADVICE_SEED})")
    for name, figures in found.items():
        print(line(name, figures))


if __name__ == "__main__":
    main()
