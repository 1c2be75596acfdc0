"""Record the golden games: the T-bot against a biased random American, one file per seed.

    python -m tests.golden.record             # rewrite every tests/golden/game_*.json
    python -m tests.golden.record --search N  # scan seeds 1..N, print a spread covering every ending

Regenerate only when a change to the game is meant to change play (a rule fix): the golden files
pin the engine and the T-bot exactly, so a restructuring must leave them untouched.

Each file reads top to bottom as the game went: log lines and choices in the order they happened.
A play item is one of
    ["log", year, season, side, kind, text]         a line of the game log
    ["us", choice]                                   the American's choice (its text form)
    ["tripolitania", choice, kind, steps]            the T-bot's choice and its structural trace:
        steps = [[step id, passed, card id, facts, outcome], ...]
The rule wording and titles of the trace are left out: they may be reworded without changing play.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections import Counter
from pathlib import Path
from typing import Any

from bot import TBot
from bot.trace import Trace, trace_of
from tripoli_tui.engine import Game, LogEntry
from tripoli_tui.engine import data as d
from tripoli_tui.engine.core import WAYS_TO_END
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import BiasedPlayer

HERE = Path(__file__).resolve().parent

SEEDS = (16, 50, 52, 69, 133, 142, 183, 203, 268, 351, 393, 426, 504, 951, 1147, 1215, 1250, 1505,
         1753, 2309, 2541, 2670, 2705, 2929, 3021, 3035, 3069, 3072, 3683, 3935)
"""Chosen by --search 4000: every ending at least four times, then the most T-bot steps not yet seen."""


def trace_steps(trace: Trace) -> list[list[Any]]:
    """The structural part of a T-bot trace: no rule wording, no titles."""
    return [[s.step, s.passed, s.card_id, list(s.facts), s.outcome] for s in trace.steps]


def log_item(entry: LogEntry) -> list[Any]:
    return ["log", entry.year, entry.season, entry.side, entry.kind, entry.text]


def play_game(seed: int) -> dict[str, Any]:
    """Play one game and return its golden record."""
    game = Game.new(seed)
    items: list[list[Any]] = [log_item(e) for e in game.state.log]
    seen = len(game.state.log)

    def record(game: Game) -> None:
        nonlocal seen
        last = game.history[-1]
        if last.trace is None:  # the American (the biased player gives no trace)
            items.append([d.US, last.choice.text()])
        else:
            trace = trace_of(last.trace)
            assert trace is not None
            items.append([d.TRIPOLITANIA, last.choice.text(), trace.decision.kind,
                          trace_steps(trace)])
        items.extend(log_item(e) for e in game.state.log[seen:])
        seen = len(game.state.log)

    play(game, {d.US: BiasedPlayer(seed), d.TRIPOLITANIA: TBot()}, after=record)
    assert game.state.result is not None
    return {"seed": seed, "result": dataclasses.asdict(game.state.result), "play": items}


def dumps(record: dict[str, Any]) -> str:
    """JSON with one play item a line, so that a diff shows the line of play that changed."""
    lines = ["{", f' "seed": {record["seed"]},', f' "result": {json.dumps(record["result"])},',
             ' "play": [']
    items = [json.dumps(item, ensure_ascii=False) for item in record["play"]]
    lines += [f"  {item}," for item in items[:-1]] + [f"  {items[-1]}", " ]", "}", ""]
    return "\n".join(lines)


def path_for(seed: int) -> Path:
    return HERE / f"game_{seed:05d}.json"


def record_all() -> None:
    for old in HERE.glob("game_*.json"):
        old.unlink()
    for seed in SEEDS:
        record = play_game(seed)
        path_for(seed).write_text(dumps(record), encoding="utf-8")
        print(f"{path_for(seed).name}: {record['result']['how']} {record['result']['year']}")


def search(last_seed: int, per_ending: int = 4) -> None:
    """Pick seeds greedily: every ending, then the most T-bot steps and choice kinds not yet seen."""
    games: dict[int, tuple[str, set[str]]] = {}
    for seed in range(1, last_seed + 1):
        record = play_game(seed)
        how = record["result"]["how"]
        features = {f"end:{how}", f"year:{record['result']['year']}:{how}"}
        for item in record["play"]:
            if item[0] == d.TRIPOLITANIA:
                features.add(f"kind:{item[2]}:{item[1].split()[0]}")
                features.update(f"step:{s[0]}:{s[1]}:{s[2]}" for s in item[3])
            elif item[0] == d.US:
                features.add(f"us:{item[1]}")
        games[seed] = (how, features)
    chosen: list[int] = []
    seen: set[str] = set()
    for how in WAYS_TO_END:
        for _ in range(per_ending):
            candidates = [s for s, (h, _f) in games.items() if h == how and s not in chosen]
            if not candidates:
                break
            best = max(candidates, key=lambda s: (len(games[s][1] - seen), -s))
            chosen.append(best)
            seen |= games[best][1]
    while len(chosen) < 30:
        best = max((s for s in games if s not in chosen), key=lambda s: (len(games[s][1] - seen), -s))
        chosen.append(best)
        seen |= games[best][1]
    endings = Counter(games[s][0] for s in chosen)
    print("SEEDS =", tuple(sorted(chosen)))
    print(dict(endings), f"{len(seen)} features")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", type=int, metavar="N", help="scan seeds 1..N for a spread")
    args = parser.parse_args()
    if args.search:
        search(args.search)
    else:
        record_all()


if __name__ == "__main__":
    main()
