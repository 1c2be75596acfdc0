"""The command palette opened while a screen opens or closes (title, l, Enter and ctrl+p together)
is no crash; and a crash log keeps the whole traceback, the errors inside a worker's included."""

from __future__ import annotations

import pytest

from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp

STORMS = [
    ("l", "enter", "ctrl+p"),
    ("l", "ctrl+p", "enter"),
    ("l", "enter", "ctrl+p", "escape", "ctrl+p"),
    ("c", "ctrl+p"),
    ("l", "ctrl+p", "escape", "enter", "ctrl+p", "enter"),
    ("l", "escape", "ctrl+p", "l", "enter"),
    ("t", "enter", "ctrl+p"),
    ("l", "p", "ctrl+p", "enter"),
]


@pytest.mark.parametrize("keys", STORMS, ids=["-".join(k) for k in STORMS])
async def test_the_palette_storm_on_the_title_and_load_screens_is_no_crash(keys: tuple[str, ...]) -> None:
    game = Game.new(8)
    game.campaign = "8-storm"
    storage.write_save(game, "storm")
    app = TripoliApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:  # no pause between keys: each lands while the last one's screen opens
            await pilot.press(key)
        for _ in range(5):
            await pilot.pause()
        assert app.crash is None, app.crash
        assert app.is_running
    assert app.crash is None and app.return_code in (0, None)
