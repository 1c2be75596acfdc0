"""The course from zero on screen (issue 34, point 5): the title's entry, the lessons with each box's
mastery, the first lesson's pages (checked off in the record), a lesson opened before its first
step, its drill asking its box alone, back to the course with the mastery counted; q and w in a
lesson; snapshots of the first lesson and a drill's answer at 80x24 and 120x40."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import OptionList, Static

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tests.tui.test_course_screens import settle
from tripoli_tui import storage
from tripoli_tui.play.course import lessons
from tripoli_tui.tui.screens.course import INTRO_READ, CourseScreen, IntroScreen
from tripoli_tui.tui.screens.drill import DrillPanel
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.title import TitleScreen
from tripoli_tui.tui.widgets.tutorial_note import TutorialNote


async def open_course(app: Any, pilot: Any) -> CourseScreen:
    await settle(pilot)
    assert isinstance(app.screen, TitleScreen)
    menu = app.screen.query_one("#title-menu", OptionList)
    labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
    assert any("Course: learn the T-bot" in label for label in labels), labels
    await press(pilot, "e")
    await settle(pilot)
    assert isinstance(app.screen, CourseScreen)
    return app.screen


def lesson_rows(screen: CourseScreen) -> list[str]:
    listing = screen.query_one("#course-list", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_the_course_opens_on_the_first_lesson_and_its_pages_are_checked_off() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        course = await open_course(app, pilot)
        rows = lesson_rows(course)
        assert len(rows) == len(lessons()) == 22
        assert rows[0].strip().startswith("1. Reading the T-bot") and "2. Event card line" in rows[1]
        assert "··········" in rows[1]  # a box's mastery: nothing asked yet
        assert course.lesson is not None and course.lesson.id == "intro"
        await press(pilot, "enter")
        assert isinstance(app.screen, IntroScreen)
        page = str(app.screen.query_one("#intro-page", Static).render())
        assert page.startswith("The T-bot keeps no secrets") and "1 of 5" in page
        await press(pilot, "right", "right", "right")
        page = str(app.screen.query_one("#intro-page", Static).render())
        assert "◀  the fact that decided the step" in page and "■  the decision" in page
        await press(pilot, "right", "enter")  # the last page read: back to the course
        await settle(pilot)
        assert app.screen is course and course.lesson is not None and course.lesson.id == "T1"
        assert lesson_rows(course)[0].startswith("✔ 1. Reading the T-bot")
        assert INTRO_READ in storage.read_record().completed


async def test_a_lesson_opens_before_its_first_step_drills_its_box_alone_and_counts_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        course = await open_course(app, pilot)
        await press(pilot, "down", "down")  # lesson 3: the Five Corsair Check
        assert course.lesson is not None and course.lesson.id == "T2"
        page = str(course.query_one("#course-lesson", Static).render())
        assert page.startswith("Lesson 3 · Five Corsair Check")
        assert "five corsairs in the harbor of Tripoli" in page and "Watch:" in page
        assert "not asked yet" in page
        await press(pilot, "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        note = screen.query_one(TutorialNote)
        assert "Lesson 3: Five Corsair Check" in note.border_title
        assert str(note.render()).startswith("Watch: Count the corsairs in the harbor of Tripoli")
        panel = screen.query_one(DrillPanel)
        asked = 0
        for _ in range(20):
            question = panel.question
            if question is None:
                break
            assert question.step is not None and question.step.step == "T2", question.prompt
            await press(pilot, "y" if question.answer == "yes" else "n")
            asked += 1
        assert asked >= 1
        said = str(screen.query_one("#drill-question", Static).render())
        assert said.endswith("⏎, esc or q: back to the course."), said
        await press(pilot, "enter")  # go on: back to the course, the lesson highlighted
        await settle(pilot)
        course = app.screen
        assert isinstance(course, CourseScreen)
        assert course.lesson is not None and course.lesson.id == "T2"
        assert "■" * asked in lesson_rows(course)[2]
        record = storage.read_record()
        assert record.box_answers == [("T2", True)] * asked
        assert record.drills[-1].source == "course T2"


async def test_q_leaves_a_lesson_for_the_course_and_w_walks_its_tutorial() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        course = await open_course(app, pilot)
        await press(pilot, "down", "down")  # the Five Corsair Check: it has a tutorial
        await press(pilot, "w")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.tutorial
        assert "Five Corsair Check" in app.screen.query_one(TutorialNote).border_title
        await press(pilot, "q")
        await settle(pilot)
        assert isinstance(app.screen, CourseScreen) and app.is_running
        await press(pilot, "enter")  # its drill, left with q
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "q")
        await settle(pilot)
        assert isinstance(app.screen, CourseScreen)
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
    del course


async def test_w_is_shown_only_for_a_lesson_with_a_tutorial() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        course = await open_course(app, pilot)
        shown = {b.action for _, b, _, _ in course.active_bindings.values() if b.show}
        assert "tutorial" not in shown  # the first lesson has none
        await press(pilot, "down", "down")
        shown = {b.action for _, b, _, _ in course.active_bindings.values() if b.show}
        assert "tutorial" in shown


SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_the_course_s_first_lesson(snap_compare: Any, size: tuple[int, int]) -> None:
    async def first_page(pilot: Any) -> None:
        await settle(pilot)
        await press(pilot, "e")
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=first_page)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_a_lesson_s_drill_answer(snap_compare: Any, size: tuple[int, int]) -> None:
    async def answered(pilot: Any) -> None:
        await settle(pilot)
        await press(pilot, "e")
        await settle(pilot)
        await press(pilot, "down", "down", "enter")  # the Five Corsair Check's drill
        await settle(pilot)
        await press(pilot, "n")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=answered)


def test_the_record_says_how_many_boxes_are_mastered() -> None:
    import datetime as dt

    from tripoli_tui.storage.record import CampaignRecord, DrillScore
    from tripoli_tui.tui.screens.record import totals_text

    when = dt.datetime(2026, 11, 29, tzinfo=dt.UTC)
    answers = (("T2", True),) * 9 + (("T2", False),) + (("T1", True),) * 3
    record = CampaignRecord(drills=[DrillScore(when, 12, 13, "course T2", answers)])
    said = str(totals_text(record))
    assert "The T-bot's boxes: 1 of 20 mastered (8+ of their last 10 right), 2 tried" in said
    assert "boxes" not in str(totals_text(CampaignRecord()))


async def test_each_drill_of_a_lesson_from_the_course_is_on_a_fresh_position() -> None:
    """The course counts a lesson's drills in the record: the next takes the next position."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_course(app, pilot)
        seen = []
        for _ in range(2):
            await press(pilot, "down", "down", "enter")  # the Five Corsair Check's drill
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            seen.append((screen.game.origin.seed, len(screen.game.history)))
            panel = screen.query_one(DrillPanel)
            for _ in range(20):
                question = panel.question
                if question is None:
                    break
                await press(pilot, "y" if question.answer == "yes" else "n")
            await press(pilot, "enter")
            await settle(pilot)
            assert isinstance(app.screen, CourseScreen)
            await press(pilot, "home")
        assert seen[0] != seen[1], seen


async def test_a_lesson_left_for_the_title_no_longer_leads_back_to_the_course() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_course(app, pilot)
        await press(pilot, "down", "down", "enter")
        await settle(pilot)
        assert app.course.lesson == "T2"
        app.show_title()  # as the game-over screen's 'title' does
        await settle(pilot)
        app.open_game(app.game, tutorial=True)  # a tutorial opened from the title's own list
        await settle(pilot)
        await press(pilot, "q")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen), app.screen


def _rows_drawn(listing: OptionList) -> list[str]:
    return [strip.text.rstrip() for strip in map(listing.render_line, range(listing.size.height))]


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_long_title_wraps_under_its_first_word_in_the_lists(size: tuple[int, int]) -> None:
    """In the course's list and the tutorials' list a title or a goal too long for the row went
    on at the list's left edge, under the number and the mark ('5. Consult the drawn' / 'card');
    it now goes on under its own first word, at every width (again when the terminal is
    resized)."""
    import re

    app = make_app()
    async with app.run_test(size=size) as pilot:
        course = await open_course(app, pilot)
        listing = course.query_one("#course-list", OptionList)
        for width in (size[0], size[0] + 20):
            await pilot.resize_terminal(width, size[1])
            await settle(pilot)
            rows = [row for row in _rows_drawn(listing) if row.strip()]
            numbered = [row for row in rows if re.match(r"^ *(✔ )? *\d+\. ", row)]
            assert 0 < len(numbered) < len(rows)
            for row in rows:
                if row not in numbered:  # a title going on, or a box's mastery: under the title
                    assert row.startswith("     "), (width, row, rows)
            if width == 80:
                assert "     card" in rows  # the title that wrapped at 80 columns
        await press(pilot, "escape", "t")  # the tutorials
        await settle(pilot)
        tutorials = app.screen.query_one("#tutorial-list", OptionList)
        rows = [row for row in _rows_drawn(tutorials) if row.strip()]
        for row in rows:  # the title after its mark, its goal (however many lines) under it
            assert re.match(r"^[○✔] \d+\. ", row) or row.startswith("  "), (row, rows)
        wrapped = [row for row in rows if not re.match(r"^[○✔] |  [A-Z]", row)]
        assert wrapped or size[0] > 80  # (at 80 columns goals wrap)
