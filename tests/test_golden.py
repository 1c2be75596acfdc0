"""The golden games: thirty recorded games replay exactly, log line by log line.

Played by the one game loop: at each Tripolitan decision the T-bot is asked again and must make
the recorded choice by the same flowchart steps; each American choice is submitted as recorded.
The files are written by `python -m tests.golden.record` (see its docstring for when to
regenerate them).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, NoReturn

import pytest

from bot import TBot
from tests.golden.record import log_item, trace_steps
from tripoli_tui.engine import Game, parse_choice
from tripoli_tui.engine import data as d
from tripoli_tui.engine.core import WAYS_TO_END
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import Move, Player

GOLDEN = sorted((Path(__file__).parent / "golden").glob("game_*.json"))


def test_the_golden_games_reach_every_ending() -> None:
    endings = {json.loads(path.read_text(encoding="utf-8"))["result"]["how"] for path in GOLDEN}
    assert len(GOLDEN) == 30
    assert endings == set(WAYS_TO_END)


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _versus(expected: Any, got: Any) -> str:
    return f"\n  expected {_show(expected)}\n  got      {_show(got)}"


def _first_step_difference(expected: list[Any], got: list[Any]) -> str:
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want != have:
            return f"step {i + 1}:" + _versus(want, have)
    return f"{len(expected)} steps expected, {len(got)} taken:" + _versus(expected, got)


class Replay:
    """The recorded game as its two players: each answer first checks the log lines written since
    the last against the record, then gives the recorded American choice, or asks the T-bot again
    and checks its choice and trace against the record. The game loop (engine/loop.py) plays them
    as it plays any players."""

    def __init__(self, path: Path) -> None:
        record = json.loads(path.read_text(encoding="utf-8"))
        self.seed: int = record["seed"]
        self.result: dict[str, Any] = record["result"]
        self.where = path.name
        self.items = iter(record["play"])
        self.tbot = TBot()
        self.log_seen = 0
        self.action = 0

    def sides(self) -> dict[str, Player]:
        return {d.US: self, d.TRIPOLITANIA: self}

    def fail(self, at: str, why: str) -> NoReturn:
        pytest.fail(f"{self.where} {at}{why}")

    def check_log(self, game: Game, item: list[Any], at: str) -> None:
        log = game.state.log
        if self.log_seen >= len(log):
            self.fail(at, f": the log ends early; expected next {_show(item)}")
        got = log_item(log[self.log_seen])
        if got != item:
            self.fail(at, f", log line {self.log_seen}:" + _versus(item, got))
        self.log_seen += 1

    def extra_line(self, game: Game) -> str:
        return _show(log_item(game.state.log[self.log_seen]))

    def next_action(self, game: Game) -> list[Any] | None:
        """The record's next action, once the log lines before it are checked (None: none left)."""
        item: list[Any]
        for item in self.items:
            if item[0] != "log":
                return item
            self.check_log(game, item, f"after action {self.action}")
        return None

    def answer(self, game: Game) -> Move[Any]:
        pending = game.pending
        assert pending is not None
        item = self.next_action(game)
        self.action += 1
        at = f"action {self.action}"
        if item is None:
            self.fail(at, f": the record ends, yet {pending.side} decides ({pending.kind})")
        if self.log_seen != len(game.state.log):
            self.fail(at, f": an extra log line before it: {self.extra_line(game)}")
        if pending.side != item[0]:
            self.fail(at, f": {pending.side} decides ({pending.kind}), expected {item[0]} to "
                          f"choose {item[1]!r}")
        if item[0] == d.US:
            return Move(parse_choice(item[1]), None)
        answer = self.tbot.answer(game)
        choice, kind, steps = item[1], item[2], item[3]
        got = (answer.choice.text(), answer.trace.decision.kind)
        if got != (choice, kind):
            self.fail(at, ": the T-bot's choice (and decision kind) differs:"
                          + _versus([choice, kind], list(got)))
        got_steps = trace_steps(answer.trace)
        if got_steps != steps:
            self.fail(at, f" ({choice!r}): the trace differs at "
                          + _first_step_difference(steps, got_steps))
        return answer


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_exactly(path: Path) -> None:
    replay = Replay(path)
    game = Game.new(replay.seed)
    play(game, replay.sides())
    item = replay.next_action(game)
    at = f"after action {replay.action} (the last)"
    if item is not None:
        replay.fail(at, f": the game is over, expected {item[0]} to choose {item[1]!r}")
    if replay.log_seen != len(game.state.log):
        replay.fail(at, f": an extra log line: {replay.extra_line(game)}")
    result = game.state.result
    assert result is not None and dataclasses.asdict(result) == replay.result, \
        f"{replay.where}: the result differs"
