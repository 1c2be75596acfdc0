"""A theme that fails to apply, remembered from an earlier session or chosen in the palette, gives
way to the game's own with a one-line notice, never a traceback; the settings then remember the
game's own, so the next start is no notice again. One that fails only as a screen draws cannot be
taken back live (the screen's drawing has stopped): it ends the game with the one line of any
crash, which says so, and the next start is the game's own theme."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from rich.errors import MissingStyle
from textual.pilot import Pilot
from textual.theme import BUILTIN_THEMES, Theme
from textual.widgets._toast import Toast

from tripoli_tui.engine.game import Game
from tripoli_tui.storage.settings import SETTINGS_FILE, read_settings
from tripoli_tui.tui import theme
from tripoli_tui.tui.app import THEME, TripoliApp, crash_line
from tripoli_tui.tui.screens.game import GameScreen

BROKEN = Theme(name="broken", primary="#336699", variables={"side-us": "no colour at all"})
"""A theme that cannot be applied, as a later Textual might offer one."""


@pytest.fixture(autouse=True)
def broken_theme_offered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(BUILTIN_THEMES, BROKEN.name, BROKEN)
    yield


def settings_file() -> Path:
    return Path(os.environ["TRIPOLI_SAVE_DIR"]) / SETTINGS_FILE


async def settled(app: TripoliApp, pilot: Pilot[Any]) -> list[str]:
    """The notices on show once the app has settled on its game screen, drawn."""
    for _ in range(3):
        await pilot.pause()
    await pilot.pause(0.1)
    assert isinstance(app.screen, GameScreen)
    assert app.export_screenshot()
    assert app.crash is None and app.is_running, app.crash
    return [str(t.render()) for t in app.screen.query(Toast)]


def one_notice_of_it(toasts: list[str]) -> None:
    """One notice names the theme, in one line under its title."""
    notices = [t for t in toasts if "'broken'" in t]
    assert len(notices) == 1, toasts
    title, *lines = notices[0].strip().splitlines()
    assert title == "Theme" and len(lines) == 1, notices


async def test_a_remembered_theme_that_fails_gives_way_to_the_games_own() -> None:
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_text(f'theme = "{BROKEN.name}"\n')
    app = TripoliApp(Game.new(3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        one_notice_of_it(await settled(app, pilot))
        assert app.theme == THEME
    assert app.crash is None and app.return_code in (0, None)
    assert read_settings()[0].theme == THEME


async def test_a_theme_chosen_that_fails_gives_way_to_the_games_own() -> None:
    app = TripoliApp(Game.new(3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(app, pilot)
        app.theme = "textual-light"
        await settled(app, pilot)
        app.theme = BROKEN.name  # as the palette's theme list sets it
        one_notice_of_it(await settled(app, pilot))
        assert app.theme == THEME
        assert read_settings()[0].theme == THEME
        app.theme = "textual-light"  # another theme is still taken
        await settled(app, pilot)
        assert app.theme == "textual-light"
    assert app.crash is None and app.return_code in (0, None)
    assert read_settings()[0].theme == "textual-light"


async def test_a_theme_that_cannot_be_drawn_is_set_aside_for_the_next_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A theme that is applied but fails as a screen draws (ansi-dark did: 'on transparent') ends
    the game like any error, but the next start is the game's own theme, not the same crash."""
    painted = theme.rich_colour

    def as_it_was(value: str, variables: Mapping[str, str], dark: bool) -> str:
        return "transparent" if value == "transparent" else painted(value, variables, dark)

    with monkeypatch.context() as planted:  # (undone alone: the test's saves folder stays)
        planted.setattr(theme, "rich_colour", as_it_was)  # the bug planted again
        settings_file().parent.mkdir(parents=True, exist_ok=True)
        settings_file().write_text('theme = "ansi-dark"\n')
        app = TripoliApp(Game.new(3))
        with pytest.raises(MissingStyle):
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
        assert app.crash is not None
        assert app.theme_set_aside == "ansi-dark"
        assert read_settings()[0].theme == THEME
        line = crash_line(app)
        assert "\n" not in line and "'ansi-dark'" in line and "next start" in line, line

    again = TripoliApp(Game.new(4))  # (the crashed app, still in this process, holds seed 3's)
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(again, pilot)
        assert again.theme == THEME
