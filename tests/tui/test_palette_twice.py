"""ctrl+p with a command palette already open, beneath another screen (help opened over it), is
no second palette: Textual's check looks at the screen on top only, and a second palette with the
first's id crashed the game (DuplicateIds '--command-palette')."""

from __future__ import annotations

from textual.command import CommandPalette

from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.messages import HelpAsked
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.help import HelpScreen


def palettes(app: TripoliApp) -> int:
    return sum(isinstance(screen, CommandPalette) for screen in app.screen_stack)


async def test_ctrl_p_over_help_over_the_palette_opens_no_second_palette() -> None:
    app = TripoliApp(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        app.post_message(HelpAsked())  # help opened over the palette
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "ctrl+p")
        await pilot.pause()
        assert app.crash is None and app.is_running, app.crash
        assert isinstance(app.screen, HelpScreen) and palettes(app) == 1
        await press(pilot, "escape")  # help closed: the palette, still open, is back on top
        assert isinstance(app.screen, CommandPalette)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen) and palettes(app) == 0
        await press(pilot, "ctrl+p")  # and opens again as ever
        assert isinstance(app.screen, CommandPalette) and palettes(app) == 1
    assert app.crash is None and app.return_code in (0, None)


async def test_the_theme_list_over_a_palette_opens_no_second_palette() -> None:
    """The theme list (App.search_themes) is a palette too: ctrl+p over help over it is nothing."""
    app = TripoliApp(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.search_themes()
        await pilot.pause()
        app.post_message(HelpAsked())
        await pilot.pause()
        await press(pilot, "ctrl+p")
        assert app.crash is None and app.is_running, app.crash
        assert isinstance(app.screen, HelpScreen) and palettes(app) == 1
    assert app.crash is None and app.return_code in (0, None)
