"""Walkthrough on/off and the theme are remembered between sessions; a broken settings file is a
notice and the defaults, never a crash."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets._toast import Toast

from tests.tui.helpers import game_of, position, press
from tripoli_tui.storage.settings import SETTINGS_FILE, Settings, read_settings
from tripoli_tui.tui.app import THEME, TripoliApp


def settings_file() -> Path:
    return Path(os.environ["TRIPOLI_SAVE_DIR"]) / SETTINGS_FILE


async def test_walkthrough_and_theme_are_remembered_for_the_next_session():
    app = TripoliApp(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.walkthrough and app.theme == THEME
        await press(pilot, "w")
        app.theme = "textual-light"
        await pilot.pause()
    assert read_settings() == (Settings(walkthrough=False, theme="textual-light"), "")
    again = TripoliApp()
    assert again.walkthrough is False and again.theme == "textual-light"


async def started_with_settings(text: str) -> tuple[TripoliApp, list[str]]:
    """The app started with `text` as its settings file: the app, and the notices it showed."""
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_text(text)
    app = TripoliApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause(0.1)
        assert app.is_running
        return app, [str(t.render()) for t in app.screen.query(Toast)]


async def test_a_broken_settings_file_is_a_notice_and_the_defaults():
    app, toasts = await started_with_settings('walkthrough = "sometimes"\ntheme = "no-such-theme"\n[[')
    assert any("settings could not all be read" in t and "not valid TOML" in t
               for t in toasts), toasts
    assert app.walkthrough and app.theme == THEME


async def test_an_unknown_theme_name_is_named_and_the_default_used():
    app, toasts = await started_with_settings('walkthrough = false\ntheme = "no-such-theme"\n')
    assert any("'no-such-theme'" in t for t in toasts), toasts
    assert app.walkthrough is False and app.theme == THEME


async def test_settings_that_cannot_be_written_are_a_notice_and_the_game_goes_on():
    settings_file().mkdir(parents=True)  # a folder where the file should be
    app = TripoliApp(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await press(pilot, "w")
        await pilot.pause(0.1)
        toasts = [str(t.render()) for t in app.screen.query(Toast)]
        assert any("settings were not saved" in t for t in toasts), toasts
        assert app.walkthrough is False and app.is_running
