"""The course from zero (issue 34, point 5), without Textual: its lessons (a first one that needs
nothing, one per box of the flowchart in the chart's order, the whole chart last), each box's
drill positions (every one asks its box; the table is what the search writes), the tutorials that
reach each box, a drill of one box alone, its mastery (the last ten answers) and the answers kept
by box in the campaign record."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot import TBot
from bot.flowchart import FLOWCHART, STEPS
from tripoli_tui import storage
from tripoli_tui.engine import data as d
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import submit_move
from tripoli_tui.engine.saves.document import load_game_text
from tripoli_tui.play.course import (
    INTRO,
    MASTERY_SPAN,
    WHOLE,
    boxes_asked,
    course_position,
    drill_position,
    find_positions,
    intro_pages,
    lessons,
    mastery,
    mastery_bar,
    positions_text,
    read_positions,
)
from tripoli_tui.play.course_positions import TUTORIAL_BOXES
from tripoli_tui.play.drill import Drill

TUTORIALS = Path(__file__).resolve().parent.parent / "tripoli_tui" / "tutorials"
TABLE = read_positions()


def test_the_course_is_a_first_lesson_a_lesson_per_box_and_the_whole_chart() -> None:
    course = lessons()
    assert course[0] is INTRO and course[-1] is WHOLE
    assert [lesson.id for lesson in course[1:-1]] == [box.id for box in FLOWCHART]
    for lesson in course[1:-1]:
        assert lesson.box is STEPS[lesson.id] and lesson.watch, lesson


def test_the_first_lesson_needs_nothing_and_names_every_mark() -> None:
    pages = intro_pages()
    marks = {mark for page in pages for mark, _ in page.marks}
    assert marks == {"✔", "✘", "·", "◀", "■"}
    words = " ".join(page.text for page in pages)
    for card in ("Murad Reis Breaks Out", "Sweden Pays Tribute", "Happy Hunting"):
        assert card in words  # the lines as they start, by name
    assert "event card line" in words and "Five Corsair Check" in words


@pytest.mark.parametrize("box", [box.id for box in FLOWCHART])
def test_every_position_of_a_box_asks_that_box(box: str) -> None:
    positions = TABLE[box]
    assert len({(seed, american) for seed, _, american in positions}) == len(positions), \
        "one position a game"
    tbot = TBot()
    for seed, choices, american in positions:
        game = course_position(seed, choices, american)
        assert len(game.history) == choices
        assert box in boxes_asked(game, tbot), (box, seed, choices, american)


def test_every_box_can_be_drilled_from_a_seeded_game_or_a_tutorial() -> None:
    reached = {box for boxes in TUTORIAL_BOXES.values() for box in boxes}
    for box in FLOWCHART:
        assert TABLE[box.id] or box.id in reached, f"{box.id}: nothing reaches it"
    rare = [box.id for box in FLOWCHART if len(TABLE[box.id]) < 12]
    assert set(rare) <= {"B4", "H-C"}, rare  # Hamet's army at Derne; hits in 1805-1806


def test_the_table_is_what_the_search_finds() -> None:
    """The common boxes' positions are the search's first (the whole search takes ~25 s: the
    table is written by `python -m tripoli_tui.play.course`)."""
    found = find_positions(range(1, 15), per_box=4)
    for box in ("T1", "T2", "T3", "T4", "T5.1", "T5.3", "B1", "B2", "B5"):
        assert found[box] == TABLE[box][:4], box
    text = positions_text({"T1": TABLE["T1"][:2], "T2": []}, TUTORIAL_BOXES)
    namespace: dict[str, object] = {}
    exec(compile(text, "course_positions.py", "exec"), namespace)
    assert namespace["POSITIONS"] == {"T1": tuple(TABLE["T1"][:2]), "T2": ()}
    assert namespace["TUTORIAL_BOXES"] == TUTORIAL_BOXES


@pytest.mark.parametrize("name", list(TUTORIAL_BOXES))
def test_the_tutorials_reach_the_boxes_the_course_says(name: str) -> None:
    game = load_game_text((TUTORIALS / f"{name}.toml").read_text(encoding="utf-8"))
    tbot, seen = TBot(), []
    while game.pending is not None and game.pending.side == d.TRIPOLITANIA:
        seen += [box for box in dict.fromkeys(boxes_asked(game, tbot)) if box not in seen]
        submit_move(game, tbot.answer(game))
    assert tuple(seen) == TUTORIAL_BOXES[name]


def test_a_drill_of_one_box_asks_that_box_alone_and_keeps_its_answers() -> None:
    lesson = next(each for each in lessons() if each.id == "T2")
    game = drill_position(lesson, 0)
    assert game is not None
    everything = Drill(course_position(*TABLE["T2"][0]))
    asked_all = {q.step.step for q in everything.queue if q.step is not None}
    assert asked_all - {"T2"}, "the position asks other boxes too"
    drill = Drill(game, only=frozenset({"T2"}))
    asked = 0
    while drill.question is not None:
        question = drill.question
        assert question.step is not None and question.step.step == "T2", question
        drill.answer(question.answer)
        asked += 1
    assert asked >= 1 and drill.answers == [("T2", True)] * asked
    assert game.pending is None or game.pending.side == d.US  # the T-bot's turn played out


def test_each_drill_of_a_lesson_is_on_a_fresh_position() -> None:
    lesson = next(each for each in lessons() if each.id == "T5.1")
    seen = set()
    for drilled in range(len(TABLE["T5.1"])):
        game = drill_position(lesson, drilled)
        assert game is not None
        seen.add((game.origin.seed, len(game.history)))
    assert len(seen) == len(TABLE["T5.1"])
    assert drill_position(lessons()[0], 0) is None  # the first lesson has no position


def test_mastery_is_the_last_ten_answers_of_the_box() -> None:
    answers = [("T1", False)] * 5 + [("T2", True)] + [("T1", True)] * 7 + [("T1", False)]
    assert mastery(answers, "T1") == (7, MASTERY_SPAN)  # the first two wrong ones fell out
    assert mastery(answers, "T2") == (1, 1) and mastery(answers, "T3") == (0, 0)
    assert mastery_bar(7, 10) == "■■■■■■■□□□" and mastery_bar(1, 3) == "■□□·······"


def test_the_record_keeps_each_drill_s_answers_by_box(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    when = dt.datetime(2026, 11, 29, 9, 0, tzinfo=dt.UTC)
    storage.record_drill(1, 2, "course T2", when=when, answers=(("T2", True), ("T2", False)))
    storage.record_drill(1, 1, "game", when=when, answers=(("B1", True),))
    record = storage.read_record()
    assert record.box_answers == [("T2", True), ("T2", False), ("B1", True)]
    assert record.drills[0].source == "course T2"
    text = (tmp_path / storage.RECORD_FILE).read_text(encoding="utf-8")
    assert '"+T2",' in text and '"-T2",' in text
    (tmp_path / storage.RECORD_FILE).write_text(text.replace('"-T2"', '"T2"'), encoding="utf-8")
    broken = storage.read_record()
    assert "answers must be a list like" in broken.problem, broken.problem


def test_a_game_drill_played_from_a_game_counts_for_the_boxes_too() -> None:
    game = Game.new(3)
    pending = game.pending
    assert pending is not None
    game.submit(pending.options[-1])
    while game.pending is not None and game.pending.side == d.US:
        game.submit(game.pending.options[-1])
    drill = Drill(game)
    while drill.question is not None:
        drill.answer(drill.question.answer)
    assert drill.answers and all(box in STEPS and right for box, right in drill.answers)
