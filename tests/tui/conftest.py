"""Shared fixtures for the Textual tests: saves in a temporary folder, no animations, helpers."""

from __future__ import annotations

import asyncio
import inspect

import pytest

from tripoli_tui.app import TripoliApp
from tripoli_tui.engine.game import Game


@pytest.fixture(autouse=True)
def quiet_ui(tmp_path, monkeypatch):
    """Saves go to a temporary folder; animations and cursor blink are off."""
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    from textual.widgets import Input
    monkeypatch.setattr(Input, "cursor_blink", False)


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
