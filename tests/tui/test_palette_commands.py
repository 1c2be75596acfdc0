"""The command palette's Keys opens the help on its Keys tab, as the screen's own help key does:
Textual's opened a keys panel beside the screen, which squeezed the game under 80 columns. In a
drill the help it opens judges none of the T-bot's cards (that would answer the drill)."""

from __future__ import annotations

from textual.widgets import ContentSwitcher

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.screens.help import HelpScreen


async def keys_from_the_palette(pilot) -> None:
    await press(pilot, "ctrl+p", *"keys")
    await press(pilot, "enter")
    for _ in range(2):
        await pilot.pause()


async def test_the_palettes_keys_open_the_help_on_its_keys_tab() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await keys_from_the_palette(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.query_one(ContentSwitcher).current == "keys"
        assert help_screen.tbot_now
        assert not app.screen_stack[-2].query("HelpPanel")  # Textual's panel: never opened


async def test_in_a_drill_the_help_from_the_palette_judges_no_card() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "d", "b")  # the drill on, then the T-bot's turn it asks about
        assert app.screen.drilling
        await keys_from_the_palette(pilot)
        assert isinstance(app.screen, HelpScreen) and not app.screen.tbot_now


async def test_from_the_title_the_palettes_keys_open_the_help() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys_from_the_palette(pilot)
        assert isinstance(app.screen, HelpScreen) and not app.screen.tbot_now


async def test_the_palettes_quit_says_the_game_is_saved_first() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        helps = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert helps["Quit"] == "Quit the game (it is saved first)"
        assert helps["Keys"].endswith("(the help)") and "Screenshot" in helps
