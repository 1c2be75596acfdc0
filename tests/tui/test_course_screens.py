"""The course on screen: a tutorial played through is checked off in the campaign record (walked
or drilled), the tutorials' list shows the course by title with each goal and its check-off, and
a tutorial's text leaves the walkthrough room to read at 80x24."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import press
from tests.tui.test_drill_screen import assert_in_view
from tripoli_tui import storage
from tripoli_tui.engine.saves import load_game_text
from tripoli_tui.tui.app import TripoliApp, tutorial_of
from tripoli_tui.tui.screens.drill import DrillPanel
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.load import LoadScreen
from tripoli_tui.tui.widgets.cardlines import CardLines
from tripoli_tui.tui.widgets.reasoning import ReasoningPanel

TUTORIALS = Path(__file__).resolve().parents[2] / "tripoli_tui" / "tutorials"


def tutorial_app(name: str) -> TripoliApp:
    path = TUTORIALS / f"{name}.toml"
    app = TripoliApp(load_game_text(path.read_text(encoding="utf-8")), tutorial=tutorial_of(path))
    app.walkthrough = True
    return app


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_a_tutorial_walked_through_is_checked_off_and_listed_so():
    app = tutorial_app("01-five-corsair-check")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert storage.read_record().completed == frozenset()
        await press(pilot, "f")  # the T-bot's turn played through: the American side acts
        await settle(pilot)
        record = storage.read_record()
        assert [(t.name, t.drill) for t in record.tutorials] == [("01-five-corsair-check", False)]
        app.push_screen(LoadScreen("tutorials"))
        await settle(pilot)
        listed = app.screen.query_one("#tutorial-list")
        prompts = [str(listed.get_option_at_index(i).prompt)
                   for i in range(listed.option_count) if not listed.get_option_at_index(i).disabled]
        assert prompts[0].startswith("○ 1. Storms in the line\n  The event card line")
        assert prompts[1].startswith("✔ 2. Five Corsair Check\n  The Five Corsair Check")


async def test_a_tutorial_drilled_to_the_end_is_checked_off_as_drilled():
    app = tutorial_app("12-yusuf-raid-order")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await press(pilot, "d")
        panel = screen.query_one(DrillPanel)
        while panel.question is not None:
            await press(pilot, "1")
        await press(pilot, "enter")
        await settle(pilot)
        assert [(t.name, t.drill) for t in storage.read_record().tutorials] == [
            ("12-yusuf-raid-order", True)]


async def test_a_tutorial_s_text_leaves_the_walkthrough_room_at_80x24():
    app = tutorial_app("04-raid-or-build-tie")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ReasoningPanel)
        assert panel.region.height >= 6  # folded: the goal in one line above the board
        note = app.screen.query_one("#tutorial-note")
        assert "Goal: Raid or Build" in note.render().plain
        await press(pilot, "f2")  # the whole text opened
        await settle(pilot)
        assert note.has_class("open")
        rows = note._text(note.tutorial).wrap(app.console, note.content_region.width)
        assert note.region.height > 3 and note.content_region.height >= len(rows)  # every line
        assert panel.region.height >= 6, "the tutorial's text squeezes the walkthrough"
        assert panel.region.bottom <= app.screen.size.height - 1  # all of it on screen
        assert_in_view(app.screen, panel, app.screen.query_one(CardLines))
