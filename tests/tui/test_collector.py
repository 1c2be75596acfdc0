"""The garbage collector after start-up: what the first screen needed is not walked again."""

from __future__ import annotations

import gc

import pytest

from tests.tui.conftest import make_app
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp

pytestmark = pytest.mark.collector  # the app's own collection and freeze, not the tests' shortcut


async def test_after_the_first_frame_the_start_up_heap_is_frozen_until_the_app_ends():
    gc.unfreeze()
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.get_freeze_count() > 10_000  # Textual, Rich, the engine and the first screen
    assert gc.get_freeze_count() == 0  # handed back as the app ended: a next app keeps nothing


async def test_no_collection_until_the_first_frame_then_the_collector_is_back(monkeypatch):
    from textual.screen import Screen

    from tripoli_tui.tui.screens.game import GameScreen

    at_first_frame: list[bool] = []
    refresh = Screen._compositor_refresh

    def first_frame(screen, *args, **kwargs):
        if isinstance(screen, GameScreen) and not at_first_frame:
            at_first_frame.append(gc.isenabled())
        return refresh(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_compositor_refresh", first_frame)
    assert gc.isenabled()
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert at_first_frame == [False]  # building the first screen set off no collection
        assert gc.isenabled()
    assert gc.isenabled()


async def test_an_app_ended_before_its_first_frame_gives_the_collector_back():
    app = make_app(Game.new(3))
    app._settle_the_collector = lambda: None  # as if the first frame never came
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not gc.isenabled()
    assert gc.isenabled()


async def test_an_app_started_with_the_collector_held_turns_it_on_after_the_first_frame():
    gc.disable()  # as `tripoli` does before it loads the game's modules (cli/main.py)
    try:
        app = TripoliApp(Game.new(3), collector_held=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert gc.isenabled()
        assert gc.isenabled()
    finally:
        gc.enable()


def test_the_command_holds_the_collector_until_the_app_takes_it(monkeypatch):
    from tripoli_tui.cli import main as cli
    from tripoli_tui.tui import app as tui_app

    seen: list[tuple[bool, bool]] = []

    def run_app(**kwargs):
        seen.append((gc.isenabled(), kwargs.get("collector_held", False)))
        return 0

    monkeypatch.setattr(tui_app, "run_app", run_app)
    monkeypatch.setattr(cli, "has_a_terminal", lambda: True)
    assert cli.main(["new", "--seed", "3"]) == 0
    assert seen == [(False, True)]  # off while the app loads, and the app is told so
    assert gc.isenabled()  # back on once the command ends, whatever the app did
