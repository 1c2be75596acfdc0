"""Shared fixtures for the Textual tests: saves in a temporary folder, no animations, helpers."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Iterator

import pytest

from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp


@pytest.fixture(autouse=True)
def quiet_ui(tmp_path, monkeypatch):
    """Saves go to a temporary folder; animations and cursor blink are off."""
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    # Textual reads the variable once, as it is imported (before this fixture): the app takes
    # its animation level from what it read
    from textual import constants
    monkeypatch.setattr(constants, "TEXTUAL_ANIMATIONS", "none")
    from textual.widgets import Input
    monkeypatch.setattr(Input, "cursor_blink", False)


@pytest.fixture(autouse=True)
def quick_advice(monkeypatch):
    """The advice opened from a game (h) thinks 0.2 s in the app's own process: no test of the
    screens reads its figures, and at the game's 1.8 s, with a worker process on the other
    core, the four tests that open it took 18.6 s of CPU, and 9.5 s with this. (tests/advice
    measures the advice itself; a test that needs the thinking under way sets its time back.)"""
    from tripoli_tui.play.advisor_workers import WORKERS_ENV
    from tripoli_tui.tui.screens.advice import AdviceScreen

    monkeypatch.setenv(WORKERS_ENV, "1")
    monkeypatch.setitem(AdviceScreen.__init__.__kwdefaults__, "seconds", 0.2)


NOW = 1_780_000_000.0
"""Thursday 28 May 2026, 20:26:40 UTC: the fixed 'now' of every test that shows a date."""


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is UTC and the saves screens' clock says NOW."""
    from tripoli_tui.tui.screens import saves_read

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setattr(saves_read, "clock", lambda: NOW)
    yield
    monkeypatch.undo()
    time.tzset()


def make_app(game: Game | None = None, *, walkthrough: bool = True) -> TripoliApp:
    app = TripoliApp(game)
    app.walkthrough = walkthrough
    return app


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run `async def` tests in a fresh event loop (the project has no asyncio plugin)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    names = pyfuncitem._fixtureinfo.argnames
    asyncio.run(pyfuncitem.obj(**{name: pyfuncitem.funcargs[name] for name in names}))
    return True
