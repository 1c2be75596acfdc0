"""A theme chosen while a screen is open (ctrl+p → Theme works on every screen) repaints the
screen's text in the new theme's colours: none of the old theme's is left on show."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tests.tui.test_screens_game_over import played_to_the_end
from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens import load
from tripoli_tui.tui.screens.advice import AdviceScreen
from tripoli_tui.tui.screens.choice_trace import TraceScreen
from tripoli_tui.tui.screens.drill import DrillPanel
from tripoli_tui.tui.screens.flowchart import FlowchartScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.game_over import GameOverScreen
from tripoli_tui.tui.screens.help import HelpScreen
from tripoli_tui.tui.screens.load import LoadScreen
from tripoli_tui.tui.screens.record import RecordScreen
from tripoli_tui.tui.screens.title import TitleScreen
from tripoli_tui.tui.widgets.log_panel import LogPanel

DARK, LIGHT = "textual-dark", "textual-light"


def shown(app: TripoliApp) -> str:
    """Every colour on the screen, as the screenshot writes them (lower-case hex)."""
    return app.export_screenshot().lower()

def colours(app: TripoliApp, names: tuple[str, ...]) -> set[str]:
    return {app.theme_variables[name].lower() for name in names}

async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()

async def assert_follows_the_theme(app: TripoliApp, pilot: Pilot[Any], screen: type,
                                   names: tuple[str, ...]) -> None:
    """On `screen`, the `names` colours of the dark theme are shown; after a switch to the light
    theme, its own are shown and none of the dark's is left."""
    await settle(pilot)
    assert isinstance(app.screen, screen)
    dark = colours(app, names)
    assert all(c in shown(app) for c in dark), f"not shown under {DARK}: {dark}"
    app.theme = LIGHT
    await settle(pilot)
    assert isinstance(app.screen, screen)
    light = colours(app, names)
    assert not dark & light
    screenshot = shown(app)
    assert all(c in screenshot for c in light), f"not shown under {LIGHT}: {light}"
    left = {c for c in dark if c in screenshot}
    assert not left, f"{screen.__name__} still shows the old theme's {left}"

def themed_app(game: Game | None = None) -> TripoliApp:
    app = make_app(game)
    app.theme = DARK
    return app

async def _a_tbot_turn_played(app: TripoliApp, pilot: Pilot[Any]) -> None:
    await press(pilot, "b", "f")  # a discard to build, then the T-bot's turn

async def test_the_game_screen() -> None:
    app = themed_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await _a_tbot_turn_played(app, pilot)
        await assert_follows_the_theme(app, pilot, GameScreen, ("side-us", "trace"))

@pytest.mark.parametrize("tab, names", [("cards", ("side-us",)),
                                        ("rules", ("text-primary",))])
async def test_the_help(tab: str, names: tuple[str, ...]) -> None:
    app = themed_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HelpScreen(tab))
        await assert_follows_the_theme(app, pilot, HelpScreen, names)

async def test_the_flowchart() -> None:
    app = themed_app(Game.new(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await _a_tbot_turn_played(app, pilot)
        await press(pilot, "t")
        await assert_follows_the_theme(app, pilot, FlowchartScreen,
                                       ("text-success", "text-error", "muted"))

async def test_a_tbot_turn_s_trace() -> None:
    app = themed_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await _a_tbot_turn_played(app, pilot)
        log = app.screen.query_one(LogPanel)
        log.highlighted = next(row for row, i in enumerate(log.rows)
                               if log.entries[i].kind == "tbot_trace")
        log.focus()
        await press(pilot, "enter")
        await assert_follows_the_theme(app, pilot, TraceScreen, ("trace", "gold"))

async def test_the_record() -> None:
    app = themed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for seed in (5, 6):  # two rows: the second's result is not under the cursor
            storage.record_result(played_to_the_end(seed))
        app.push_screen(RecordScreen())
        await assert_follows_the_theme(app, pilot, RecordScreen,
                                       ("text-success", "text-error", "text-warning"))

async def test_the_advice() -> None:
    game = Game.new(7)
    app = themed_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = AdviceScreen(game, playouts=1)
        app.push_screen(screen)
        for _ in range(200):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.advice is not None:
                break
        await assert_follows_the_theme(app, pilot, AdviceScreen, ("gold",))

async def test_the_drill() -> None:
    app = themed_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "d", "b")
        panel = app.screen.query_one(DrillPanel)
        await settle(pilot)
        await press(pilot, "1")
        assert panel.result is not None
        await assert_follows_the_theme(app, pilot, GameScreen, (
            "text-success" if panel.result.right else "text-error", "muted"))

async def test_the_end_of_a_campaign() -> None:
    app = themed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = played_to_the_end(5)
        assert game.state.result is not None
        headline = {"us": "text-success", "tripolitania": "text-error"}.get(
            game.state.result.winner, "text-warning")
        app.push_screen(GameOverScreen(game))
        await assert_follows_the_theme(app, pilot, GameOverScreen, (headline, "gold"))

async def test_the_saves() -> None:
    app = themed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        storage.write_save(Game.new(1), "fine")
        broken = storage.save_dir() / "broken.toml"
        broken.write_text("this is not a save", encoding="utf-8")
        os.utime(broken, (1, 1))  # listed below the save the cursor is on
        app.push_screen(LoadScreen())
        await assert_follows_the_theme(app, pilot, LoadScreen, ("text-error",))

async def test_the_troubles_of_saves_and_tutorials(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    """Each kind of trouble the load screen shows repaints: a problem note under the saves, and a
    tutorial that cannot be read (the saves' own troubles: test_the_saves)."""
    examples = tmp_path / "examples"
    examples.mkdir()
    (examples / "01-broken.toml").write_text("not a position", encoding="utf-8")
    monkeypatch.setattr(storage.listing, "examples_dir", lambda: examples)
    listed = load.fetch_saves
    monkeypatch.setattr(load, "fetch_saves", lambda: (listed()[0], "1 save could not be listed."))
    app = themed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        storage.write_save(Game.new(1), "fine")
        app.push_screen(LoadScreen())
        await assert_follows_the_theme(app, pilot, LoadScreen, ("text-error",))


async def test_the_title() -> None:
    app = themed_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s", *"99999999999999999999", "enter")  # a seed too large
        await assert_follows_the_theme(app, pilot, TitleScreen, ("text-error",))
