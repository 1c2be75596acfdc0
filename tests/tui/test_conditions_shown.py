"""The hand and the help's card view mark each of a card's conditions met (✓) or not (✗)."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Static

from tests.engine.positions import place
from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, position, press
from tripoli_tui.tui.screens.help import HelpScreen
from tripoli_tui.tui.widgets.hand import HandPanel


def shown(static: Static) -> str:
    return str(static.render())


async def test_the_hand_marks_each_condition_unmet_first():
    s = position("a_show_of_force")  # three frigates in Gibraltar, no ally at war
    app = make_app(game_of(s))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = shown(app.screen.query_one(HandPanel).query_one("#card-detail", Static))
        unmet = text.index("✗ allies at war: none, needed at least 1")
        met = text.index("✓ American frigates on the map: 3, needed at least 3")
        verdict = text.index("a condition below fails")
        assert verdict < unmet < met
        await press(pilot, "e")
        assert app.game.pending.kind != "choose_location"  # refused, nothing played


async def test_what_decides_the_play_is_in_view_without_scrolling_at_80x24():
    s = position("a_show_of_force")
    app = make_app(game_of(s))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#card-detail-box")
        detail = box.query_one("#card-detail", Static)
        height = box.scrollable_content_region.height
        in_view = [strip.text.strip() for strip in
                   detail.render_lines(Region(0, 0, detail.size.width, height))]
        assert box.scroll_y == 0 and len(in_view) == height <= 6  # the small box of an 80x24 screen
        assert box.virtual_size.height > height  # the card's text goes on below: the box clips
        seen = " ".join(in_view)  # lines wrapped at the box's width
        assert "✗ allies at war: none, needed at least 1" in seen, in_view
        assert "Not playable as an event now: a condition below fails." in seen, in_view


async def test_the_help_card_view_marks_the_conditions_on_the_board_now():
    s = position("a_show_of_force")
    place(s, "tunis", "allied_corsair", 1)
    app = make_app(game_of(s))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "slash", *"show of force", "enter")
        text = shown(app.screen.query_one("#card-text", Static))
        assert "The requirement now:" in text
        assert "✓ allies at war: Tunis" in text and "✓ American frigates on the map: 3" in text


async def test_the_help_from_the_title_has_no_board_to_mark():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen("cards"))
        await pilot.pause()
        assert "✓" not in shown(app.screen.query_one("#card-text", Static))
