"""The decisions the advisor's accuracy is measured on, and their reference values.

    nice -n 10 python benchmarks/advisor_reference.py          # makes (or finishes) the references

Decisions: American decisions from seeded games of the heuristic American against the T-bot,
DECISIONS_PER_YEAR in each year 1801-1806, of several kinds, each with 2 to MAX_OPTIONS options.
A decision is kept as its game's seed and the choices made up to it (the choices' text form), so
it stays the same position when the heuristic that found it changes.

References: each option's win chance over REFERENCE_PLAYOUTS paired playouts (the advisor's own
playout: the heuristic American and the printed T-bot play it out), from REFERENCE_SEED, which no
advice in the benchmark uses. A reference made with fewer is carried on to REFERENCE_PLAYOUTS: the
k-th playout is the same whichever run plays it, so that is the same as one longer run.
They are written to benchmarks/data/advisor_reference.json as each
decision finishes, so a run stopped part way goes on where it stopped. Each reference records the
policy it was made with (a hash of how it plays a few seeded games: the heuristic, the T-bot and
the rules together): when the policy's play has changed since, the benchmark says so, and this
command (with --remake) makes them again for today's policy.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from bot import TBot
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import parse_choice
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import submit_move
from tripoli_tui.play.advisor import Position, Runner
from tripoli_tui.play.heuristic import HeuristicPlayer

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "data" / "advisor_reference.json"
YEARS = tuple(range(1801, 1807))
DECISIONS_PER_YEAR = 5
MAX_OPTIONS = 6
REFERENCE_PLAYOUTS = 20_000
"""Four times what the advice gives an option at most in its 2 s (about 3,600 on a late 2-option
decision), so that a reference is twice as sure as what it judges. At 5,000 a difference of two
options was uncertain by about a point (a second reference of 5,000 from another seed moved gaps
of 2.1-2.7 points to 0.8-1.8), on a line (2 points) that 22 of the 30 decisions have an option
near; and a shown interval of 4,000 playouts was judged against a value as uncertain as itself."""
REFERENCE_SEED = 900_001
CHUNK = 250
"""Playouts of one option handed to a worker at a time."""


FINGERPRINT_GAMES = 12
"""Games played to tell one policy from another (a few tenths of a second)."""


def policy_fingerprint() -> dict[str, str]:
    """A short hash of how the policy that plays the playouts plays: every choice and result of
    FINGERPRINT_GAMES seeded games of the heuristic American against the printed T-bot. It
    changes when the play changes (the heuristic, the T-bot or the rules), and only then: moving
    code about, as a refactoring does, leaves it as it was."""
    from tripoli_tui.engine.loop import play

    digest = hashlib.sha256()
    for seed in range(1, FINGERPRINT_GAMES + 1):
        game = Game.new(seed)
        play(game, {d.US: HeuristicPlayer(seed), d.TRIPOLITANIA: TBot()})
        digest.update(" ".join(move.choice.text() for move in game.history).encode())
        result = game.state.result  # its fields but the sentence: new words are not new play
        assert result is not None
        digest.update(f" = {dataclasses.replace(result, text='')}\n".encode())
    return {"play": digest.hexdigest()[:16]}


def rebuild(decision: dict[str, Any]) -> Game:
    """The game at the decision, from its seed and the choices made up to it."""
    game = Game.new(decision["seed"])
    for text in decision["choices"]:
        game.submit(parse_choice(text))
    return game


def _wanted(seed: int, step: int) -> bool:
    """Takes about one decision in seven, so that the decisions kept fall anywhere in a year."""
    return hashlib.sha256(f"{seed}:{step}".encode()).digest()[0] % 7 == 0


def select_decisions() -> list[dict[str, Any]]:
    """DECISIONS_PER_YEAR decisions in each year, of kinds not yet taken that year while there are
    others, at most one a game and year, from games of seeds 1, 2, ..."""
    taken: dict[int, list[dict[str, Any]]] = {year: [] for year in YEARS}
    seed = 0
    while any(len(found) < DECISIONS_PER_YEAR for found in taken.values()):
        seed += 1
        game = Game.new(seed)
        players = {d.US: HeuristicPlayer(seed), d.TRIPOLITANIA: TBot()}
        years_used: set[int] = set()
        while game.pending is not None:
            pending, year = game.pending, game.state.year
            found = taken.get(year)
            if (pending.side == d.US and found is not None and len(found) < DECISIONS_PER_YEAR
                    and year not in years_used and 2 <= len(pending.options) <= MAX_OPTIONS
                    and _wanted(seed, len(game.history))
                    and (pending.kind not in {f["kind"] for f in found} or seed > 40)):
                found.append({"seed": seed, "year": year, "kind": pending.kind,
                              "prompt": pending.prompt,
                              "choices": [entry.choice.text() for entry in game.history],
                              "options": [o.text() for o in pending.options]})
                years_used.add(year)
            submit_move(game, players[pending.side].answer(game))
    return [decision for year in YEARS for decision in taken[year]]


def load() -> dict[str, Any]:
    if DATA.exists():
        found: dict[str, Any] = json.loads(DATA.read_text())
        return found
    return {}


def save(data: dict[str, Any]) -> None:
    DATA.parent.mkdir(parents=True, exist_ok=True)
    temp = DATA.with_suffix(".tmp")
    temp.write_text(json.dumps(data, indent=1) + "\n")
    temp.replace(DATA)


def reference_wins(decision: dict[str, Any], first: int, last: int, workers: int) -> list[int]:
    """Each option's wins in paired playouts first..last-1 from REFERENCE_SEED (the k-th playout
    is the same whichever run plays it, so a reference can be carried on)."""
    position = Position(rebuild(decision))
    runner = Runner(position, REFERENCE_SEED, workers)
    chunks = [(i, start, min(last, start + CHUNK))
              for i in range(len(position.pending.options)) for start in range(first, last, CHUNK)]
    found = runner.run(chunks, lambda: False)
    assert found is not None
    wins = [0] * len(position.pending.options)
    for (i, _, _), results in found.items():
        wins[i] += sum(results)
    return wins


def in_turn(decisions: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """The decisions (numbered from 1) a year after another: the first of each year, then the
    second of each..., so that a run stopped part way has references in every year."""
    numbered = list(enumerate(decisions, 1))
    by_year = {year: [(n, x) for n, x in numbered if x["year"] == year] for year in YEARS}
    return [found[i] for i in range(max(map(len, by_year.values()))) for found in by_year.values()
            if i < len(found)]


def make(*, playouts: int, workers: int, remake: bool) -> None:
    data = load()
    if "decisions" not in data:
        data = {"command": "nice -n 10 python benchmarks/advisor_reference.py --remake",
                "seed": REFERENCE_SEED, "decisions": select_decisions()}
    data["playouts"] = playouts
    save(data)
    fingerprint = policy_fingerprint()
    for number, decision in in_turn(data["decisions"]):
        done = decision.get("reference")
        if done is not None and done["policy"] != fingerprint:
            if not remake:  # the old policy's: left as it is (the benchmark says so)
                continue
            done = decision["reference"] = None
        have = done["playouts"] if done is not None else 0
        if have >= playouts:
            continue
        start = time.perf_counter()
        more = reference_wins(decision, have, playouts, workers)
        wins = [round(v * have) + w for v, w in zip(done["values"], more, strict=True)] \
            if done is not None else more
        decision["reference"] = {"values": [round(w / playouts, 6) for w in wins],
                                 "playouts": playouts, "policy": fingerprint}
        save(data)
        print(f"{number}/{len(data['decisions'])}: {decision['year']} {decision['kind']}, "
              f"{len(wins)} options, playouts {have}-{playouts}, {time.perf_counter() - start:.0f} s",
              file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=REFERENCE_PLAYOUTS,
                        help="playouts per option (default %(default)s)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--remake", action="store_true",
                        help="make again the references made with another policy than today's")
    args = parser.parse_args()
    make(playouts=args.playouts, workers=args.workers, remake=args.remake)


if __name__ == "__main__":
    main()
