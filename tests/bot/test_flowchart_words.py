"""Every word of a flowchart step has one home, its FlowStep in bot/flowchart.py: the rulebook's
wording, where it goes, the chart's arrows and the drill's question (issue 37, point 4). A step's
words written again elsewhere, tied to it by its id, drift apart the first time one is edited."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot import flowchart
from tripoli_tui.engine import decisions as k

ROOT = Path(__file__).resolve().parents[2]
STEP_IDS = frozenset(flowchart.STEPS)


def step_ids_named_in(path: Path) -> list[str]:
    """The flowchart step ids a module writes as string literals."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in STEP_IDS]


def test_no_module_but_the_flowchart_names_a_step_by_its_id() -> None:
    """(A box of a choice a card makes is worded by the card itself, beside its rule: its id is
    the card module's. The course's tables are keyed by box, data with no words: its drill
    positions and the boxes each tutorial reaches, written and checked by the course's tests.)"""
    cards = ROOT / "tripoli_tui" / "engine" / "cards"
    tables = ROOT / "tripoli_tui" / "play" / "course_positions.py"
    modules = [p for folder in ("bot", "tripoli_tui") for p in (ROOT / folder).rglob("*.py")
               if p not in (ROOT / "bot" / "flowchart.py", tables) and cards not in p.parents]
    assert len(modules) > 100
    named = [hit for p in modules for hit in step_ids_named_in(p)]
    assert not named, named


@pytest.mark.parametrize("step", [s for s in flowchart.FLOWCHART if s.on_no],
                         ids=lambda s: s.id)
def test_every_test_of_the_flowchart_words_its_question_and_its_arrows(step: flowchart.FlowStep) -> None:
    question = flowchart.drill_question(step, step.title, "Storms")
    assert question.endswith("?") and "{" not in question, question
    if step.kind == k.BATTLE_CARD:
        assert "Storms" in question  # the card under question is named
    arrows = flowchart.arrows(step)
    assert arrows.yes and arrows.down, (step.id, arrows)


def test_the_turns_tests_ask_their_own_question() -> None:
    for step in (*flowchart.TURN[:5], flowchart.H_MODE):
        assert step.question, step.id
        assert step.chart is not None, step.id
