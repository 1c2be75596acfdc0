"""The golden games: thirty recorded games replay exactly, log line by log line.

At each Tripolitan decision the T-bot is asked again and must make the recorded choice by the same
flowchart steps; each American choice is submitted as recorded. The files are written by
`python -m tests.golden.record` (see its docstring for when to regenerate them).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from bot import TBot
from tests.golden.record import log_item, trace_steps
from tripoli_tui.engine import Game, parse_choice
from tripoli_tui.engine.core import WAYS_TO_END

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


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_exactly(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    game = Game.new(record["seed"])
    tbot = TBot()
    where = path.name
    log_seen = 0
    action = 0

    def check_log(item: list[Any], at: str) -> None:
        nonlocal log_seen
        log = game.state.log
        if log_seen >= len(log):
            pytest.fail(f"{where} {at}: the log ends early; expected next {_show(item)}")
        got = log_item(log[log_seen])
        if got != item:
            pytest.fail(f"{where} {at}, log line {log_seen}:" + _versus(item, got))
        log_seen += 1

    def extra_line() -> str:
        return _show(log_item(game.state.log[log_seen]))

    for item in record["play"]:
        at = f"after action {action}"
        if item[0] == "log":
            check_log(item, at)
            continue
        action += 1
        at = f"action {action}"
        if log_seen != len(game.state.log):
            pytest.fail(f"{where} {at}: an extra log line before it: {extra_line()}")
        pending = game.pending
        if pending is None:
            pytest.fail(f"{where} {at}: the game is over, expected {item[0]} to choose {item[1]!r}")
        if pending.side != item[0]:
            pytest.fail(f"{where} {at}: {pending.side} decides ({pending.kind}), expected {item[0]} "
                        f"to choose {item[1]!r}")
        if item[0] == "us":
            game.submit(parse_choice(item[1]))
            continue
        answer = tbot.decide(game.state, pending)
        choice, kind, steps = item[1], item[2], item[3]
        got = (answer.choice.text(), answer.trace.decision.kind)
        if got != (choice, kind):
            pytest.fail(f"{where} {at}: the T-bot's choice (and decision kind) differs:"
                        + _versus([choice, kind], list(got)))
        got_steps = trace_steps(answer.trace)
        if got_steps != steps:
            pytest.fail(f"{where} {at} ({choice!r}): the trace differs at "
                        + _first_step_difference(steps, got_steps))
        game.submit(answer.choice, trace=answer.trace)

    at = f"after action {action} (the last)"
    if log_seen != len(game.state.log):
        pytest.fail(f"{where} {at}: an extra log line: {extra_line()}")
    if game.pending is not None:
        pytest.fail(f"{where} {at}: the game goes on: {game.pending.side} decides {game.pending.kind}")
    result = game.state.result
    assert result is not None and dataclasses.asdict(result) == record["result"], \
        f"{where}: the result differs"
