"""The trace's data shape (JSON- and TOML-safe), its round trip, its text, and the flowchart data."""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

import pytest
import tomli_w

from bot import FLOWCHART, STEPS, TBot, TBotError, Trace
from tests.bot.helpers import ask_tbot
from tests.engine.positions import bare_state, place
from tripoli_tui.engine.turn.tripolitan import tripolitan_play


def _scan_answer() -> Trace:
    s = bare_state(1805, "spring")
    place(s, "tunis", "allied_corsair", 1)
    _, answer = ask_tbot(s, tripolitan_play(s))
    return answer.trace


def _no_none(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _no_none(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_no_none(v) for v in value)
    return isinstance(value, str | bool | int)


def test_data_shape() -> None:
    data = _scan_answer().to_data()
    assert set(data) == {"steps", "decision"}
    first = data["steps"][0]
    assert first == {
        "step": "T1", "title": "Event card line scan", "card": "Murad Reis Breaks Out",
        "card_id": "murad_reis_breaks_out",
        "rule": first["rule"],
        "facts": ["place in the event card line: 1 of 4",
                  "frigates in the Gibraltar patrol zone: 0, needed 0 (or Winter 1801)",
                  "Winter 1801: no",
                  "Tripolitan corsairs in Gibraltar: 0, needed at least 1 (ruling TB-3)"],
        "outcome": "requirement not met: next card", "passed": False,
        "met": ["", "yes", "", "no"],
    }
    assert first["rule"].startswith("Play if there are no frigates in the naval patrol zone")
    assert data["decision"] == {
        "kind": "tripolitan_turn", "choice": "play-line yusuf_qaramanli",
        "summary": "The T-bot plays Yusuf Qaramanli from its event card line.",
        "card": "Yusuf Qaramanli",
    }
    assert _no_none(data)
    assert json.loads(json.dumps(data)) == data
    assert tomllib.loads(tomli_w.dumps({"trace": data}))["trace"] == data


def test_keys_without_a_card_are_omitted() -> None:
    s = bare_state(1802, "spring")
    s.event_card_line = []
    place(s, "tripoli", "corsair", 5)
    _, answer = ask_tbot(s, tripolitan_play(s))
    data = answer.trace.to_data()
    assert [st["step"] for st in data["steps"]] == ["T1", "T2"]
    assert all("card" not in st and "card_id" not in st for st in data["steps"])
    assert "card" not in data["decision"]
    assert _no_none(data)


def test_round_trip_and_render() -> None:
    trace = _scan_answer()
    assert Trace.from_data(trace.to_data()) == trace
    text = trace.render()
    lines = text.splitlines()
    played = lines.index("Event card line scan — Yusuf Qaramanli: yes")
    block = lines[played + 1:]
    block = block[:next(i for i, line in enumerate(block) if not line.startswith("    "))]
    # the facts first, the deciding one marked, then what came of it, then the rule
    assert "    ✔ active allies: 1 (Tunis), needed at least 1 in 1805-1806  ◀ decided it" in block
    assert block[-2].startswith("    → ") and block[-1].startswith("    The rule: ")
    assert lines[-1] == ("Decision (Yusuf Qaramanli): The T-bot plays Yusuf Qaramanli from its "
                         "event card line.")


def test_the_plain_text_trace_names_no_box_and_no_choice_id() -> None:
    """`tripoli explain` prints this text: box ids ([T1], [H-F]) and choice ids ([hit frigate],
    [play-line yusuf_qaramanli]) are the engine's, not the player's."""
    text = _scan_answer().render()
    assert not re.search(r"\[[A-Z][\w.-]*\]|\[[a-z-]+ [a-z_ ]+\]|_", text), text


def test_every_trace_step_id_is_in_the_flowchart() -> None:
    assert len(STEPS) == len(FLOWCHART)
    assert [s.id for s in FLOWCHART][:7] == ["T1", "T2", "T3", "T4", "T5.1", "T5.2", "T5.3"]
    for step in _scan_answer().steps:
        assert step.step in STEPS


def test_refuses_the_players_decision() -> None:
    from tripoli_tui.engine import Game

    game = Game.new(1)
    assert game.pending is not None and game.pending.side == "us"
    with pytest.raises(TBotError, match="not Tripolitania's"):
        TBot().decide(game.state, game.pending)


def test_the_flowchart_document_names_every_step() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "tbot-flowchart.md").read_text("utf-8")
    for step in FLOWCHART:
        assert f"**{step.id} —" in text, step.id
