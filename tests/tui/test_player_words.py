"""No internal id or engine word in any text a player reads from the T-bot's flowchart and traces.

Every step of bot/flowchart.py (its title, wording, where it leads, its short name), every arrow,
note and legend the flowchart screen draws, and every rendering of the traces of many seeded games
(the walkthrough's steps, folded and unfolded, its pinned line, the turn in brief, the log's trace
dialog, the flowchart's box detail) is scanned for step ids ('T5.1', 'H-MODE', 'Z-storms'), card and
place ids ('happy_hunting'), Python words ('None', 'True') and engine words ('engine', 'trigger')."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from rich.text import Text

from bot import TBot, flowchart
from bot.turn_trace import turn_traces
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.tui.screens import flowchart as screen
from tripoli_tui.tui.screens import flowchart_chart as chart
from tripoli_tui.tui.screens.choice_trace import trace_text
from tripoli_tui.tui.widgets import reasoning

FORBIDDEN = {
    "a step id like H-MODE or Z-storms": re.compile(r"\b[A-Z]-(?![Bb]ot\b)[A-Za-z]+"),
    "a step id like T5.1 or B6": re.compile(r"\b(?:T[1-9](?:\.\d)?|B[1-9])\b"),
    "an id with underscores": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "an engine word": re.compile(r"\b(?:engine|trigger\w*)\b", re.IGNORECASE),
    "a Python word": re.compile(r"\b(?:None|True|False)\b"),
    "an instruction in capitals": re.compile(r"\b(?:QUEUE|PLAY|RAID/BUILD)\b"),
}


def problems(text: str | Text) -> list[str]:
    plain = text.plain if isinstance(text, Text) else text
    return [f"{what}: {m.group(0)!r} in {plain!r}" for what, pattern in FORBIDDEN.items()
            for m in pattern.finditer(plain)]


def chart_texts() -> Iterator[str | Text]:
    for step in flowchart.FLOWCHART:
        yield from (step.title, step.wording, step.rule, step.on_yes, step.on_no,
                    flowchart.short_name(step.id))
        edge = flowchart.arrows(step)
        yield from (edge.yes, edge.down, edge.loop, edge.yes_label, edge.down_label)
    for name, _, note in chart.SECTIONS:
        yield name
        yield note
    yield chart.mark_text([(1, False), (3, True), (4, None)])




def trace_renderings() -> Iterator[str | Text]:
    seen = set()
    for seed in range(24):
        game = Game.new(seed)
        play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: TBot()})
        for turn in turn_traces(game.state.log):
            yield trace_text(turn, rules=True)
            yield reasoning.turn_so_far_text(turn)
            for trace in turn.traces:
                yield reasoning.decision_text(trace.decision)
                for n, step in enumerate(trace.steps, 1):
                    key = (step.step, step.card_id, step.facts, step.outcome)
                    if key in seen:
                        continue
                    seen.add(key)
                    yield reasoning.step_text(step, True, rule_open=False)
                    yield reasoning.step_text(step, False)
                    yield reasoning.pinned_step(step)
                    yield screen.visit_text(n, step)
    assert len(seen) > 100  # many different steps were read


def test_the_flowchart_speaks_the_games_words() -> None:
    found = [p for text in chart_texts() for p in problems(text)]
    assert not found, "\n".join(found)


def test_every_trace_of_many_games_speaks_the_games_words() -> None:
    found = sorted({p for text in trace_renderings() for p in problems(text)})
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("planted", ["frigates first (H-F)", "then T3", "the engine offers it",
                                     "passed: True", "card happy_hunting"])
def test_the_scan_finds_each_kind_of_slip(planted: str) -> None:
    assert problems(f"a fact: {planted}")
