"""The tutorials as a course: their order walks the T-bot's flowchart box by box, each has a title
and a goal, and the campaign record checks each off (an older record still loads)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.engine.saves import SaveError, load_game_text

TUTORIALS = Path(__file__).resolve().parent.parent / "tripoli_tui" / "tutorials"
COURSE = [
    "02-storms-in-the-line",      # the event card line
    "01-five-corsair-check",      # the Five Corsair Check
    "03-tripoli-attacks",         # draw a card: played at once
    "11-queue-and-redraw",        # draw and queue
    "04-raid-or-build-tie",       # Raid or Build
    "13-signal-books-offered",    # the battle card line
    "06-guns-of-tripoli-assault",
    "08-hits-1804",               # hits
    "09-hits-spring-1805",
    "10-hits-assault",
    "14-tripoli-attacks-hits",    # hits in the Tripoli Attacks battle
    "05-yusuf-1805",              # Yusuf Qaramanli
    "12-yusuf-raid-order",
    "07-hand-limit-1806",         # beyond the flowchart: the American hand
]


def test_the_tutorials_are_listed_in_the_order_of_the_flowchart() -> None:
    listed = storage.list_examples()
    installed = {p.name.removesuffix(".toml") for p in TUTORIALS.glob("*.toml")}
    assert [e.name for e in listed] == [n for n in COURSE if n in installed]
    assert all(e.readable and e.title and e.goal and e.lesson for e in listed)
    lessons = [e.lesson for e in listed]
    assert lessons == sorted(lessons) and len(set(lessons)) == len(lessons)


def test_a_tutorial_outside_the_course_comes_after_it(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from tripoli_tui.storage import listing

    for name in ("01-five-corsair-check", "02-storms-in-the-line"):
        (tmp_path / f"{name}.toml").write_text((TUTORIALS / f"{name}.toml").read_text())
    text = (TUTORIALS / "03-tripoli-attacks.toml").read_text()
    (tmp_path / "00-extra.toml").write_text(
        "\n".join(line for line in text.split("\n") if not line.startswith("lesson = ")))
    monkeypatch.setattr(listing, "examples_dir", lambda: tmp_path)
    assert [e.name for e in storage.list_examples()] == [
        "02-storms-in-the-line", "01-five-corsair-check", "00-extra"]


@pytest.mark.parametrize("lesson", ["0", '"two"', "true", "-1"])
def test_a_lesson_must_be_a_lesson_number(lesson: str) -> None:
    text = (TUTORIALS / "01-five-corsair-check.toml").read_text().replace(
        "lesson = 2", f"lesson = {lesson}")
    with pytest.raises(SaveError, match="lesson"):
        load_game_text(text)


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    return tmp_path


def test_a_tutorial_is_checked_off_once_and_an_old_record_still_loads(saves: Path) -> None:
    (saves / storage.RECORD_FILE).write_text(
        'format = 1\n[[game]]\ndate = 2026-05-01T10:00:00Z\nseed = 4\nwinner = "us"\nhow = "treaty"\n'
        'ending = "Treaty"\nyear = 1805\nseason = "fall"\nus_points = 27\ntripolitan_points = 3\n'
        '[[drill]]\ndate = 2026-05-01T11:00:00Z\nright = 3\nasked = 4\nsource = "game"\n',
        encoding="utf-8")
    old = storage.read_record()
    assert old.problem == "" and old.games == 1 and len(old.drills) == 1 and old.tutorials == []
    when = dt.datetime(2026, 5, 2, 9, 0, tzinfo=dt.UTC)
    storage.record_tutorial("01-five-corsair-check", drill=True, when=when)
    storage.record_tutorial("01-five-corsair-check", when=when + dt.timedelta(hours=1))  # again
    storage.record_tutorial("08-hits-1804", when=when)
    record = storage.read_record()
    assert record.tutorials == [storage.TutorialDone(when, "01-five-corsair-check", True),
                                storage.TutorialDone(when, "08-hits-1804", False)]
    assert record.completed == {"01-five-corsair-check", "08-hits-1804"}
    assert record.games == 1 and len(record.drills) == 1  # the rest of the record is kept
    storage.record_drill(1, 1, "tutorial", when=when)
    assert storage.read_record().completed == record.completed


def test_a_bad_tutorial_row_is_reported_not_raised(saves: Path) -> None:
    (saves / storage.RECORD_FILE).write_text(
        'format = 1\n[[tutorial]]\nname = "01-five-corsair-check"\n', encoding="utf-8")
    record = storage.read_record()
    assert "tutorial[1]" in record.problem and record.tutorials == []
