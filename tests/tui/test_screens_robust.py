"""Every screen survives a fixed barrage of keys at 80x24 and in a tiny terminal: never a traceback."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from textual.app import App
from textual.screen import Screen

from bot.trace import TraceStep
from tripoli_tui.engine import GameState
from tripoli_tui.engine.state import GameResult, Phase, SeasonRecord
from tripoli_tui.tui.screens import load as load_module
from tripoli_tui.tui.screens import record as record_module
from tripoli_tui.tui.screens.flowchart import FlowchartScreen
from tripoli_tui.tui.screens.game_over import GameOverScreen
from tripoli_tui.tui.screens.help import HelpScreen
from tripoli_tui.tui.screens.load import LoadScreen
from tripoli_tui.tui.screens.record import RecordScreen
from tripoli_tui.tui.screens.title import TitleScreen

KEYS = ["down", "down", "up", "pagedown", "pageup", "end", "home", "tab", "shift+tab", "left",
        "right", "f1", "f2", "f3", "slash", "x", "9", "minus", "backspace", "enter", "tab", "enter",
        "t", "n", "p", "s", "r", "enter", "escape", "escape", "escape", "escape"]


def finished_state() -> GameState:
    state = GameState(year=1801, season=1, phase=Phase.GAME_OVER)
    state.history_season = [SeasonRecord(1801, 0, 12, 4),
                            SeasonRecord(1801, 1, 99, -1)]
    state.result = GameResult("tripolitania", "something_new", "", 1801, 1, us_points=0,
                              tripolitan_points=30, gold_at_end=12, frigates_sunk_at_end=4)
    return state


SCREENS: dict[str, Callable[[], Screen[object]]] = {
    "title": TitleScreen,
    "load": LoadScreen,
    "tutorials": lambda: LoadScreen("tutorials"),
    "help": HelpScreen,
    "help-cards": lambda: HelpScreen("cards"),
    "help-unknown-tab": lambda: HelpScreen("nonsense"),
    "flowchart": lambda: FlowchartScreen(["T1", "T2", TraceStep("B6", "", "", passed=True), "nope"]),
    "game-over": lambda: GameOverScreen(finished_state()),
    "record": RecordScreen,
}


class Host(App[None]):
    def __init__(self, make: Callable[[], Screen[object]]) -> None:
        super().__init__()
        self.animation_level = "none"
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


@pytest.mark.parametrize("size", [(80, 24), (40, 12)], ids=["80x24", "40x12"])
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_keys_never_crash(name: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> tuple[None, str]:
        return None, "the saves folder is broken in this test"

    monkeypatch.setattr(load_module, "fetch_latest", broken)
    monkeypatch.setattr(load_module, "fetch_saves", lambda: ([], "the saves folder is broken"))
    monkeypatch.setattr(load_module, "fetch_examples", lambda: ([], ""))
    monkeypatch.setattr(record_module, "fetch_record", broken)

    async def go() -> None:
        app = Host(SCREENS[name])
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for key in KEYS:
                await pilot.press(key)
            await pilot.pause()
            # Still running, and no stray close (four escapes) ever popped the host's own screen.
            assert app.is_running
            assert app.screen_stack and app.screen_stack[0] is app.default_screen

    asyncio.run(go())
