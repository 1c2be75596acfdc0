"""ctrl+l draws the whole screen again on every screen (it is the app's, before any widget's);
and the names Windows keeps for devices are refused as save names, saying why."""

from __future__ import annotations

import pytest

from tests.tui.helpers import press
from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.saves import SaveError
from tripoli_tui.tui.app import TripoliApp

SCREENS = {  # the keys that open each screen from the game screen (or the title)
    "game": (),
    "advice": ("h",),
    "help": ("question_mark",),
    "save-dialog": ("s",),
    "record": ("title", "p"),
    "flowchart": ("t",),
    "title": ("title",),
    "load": ("title", "l"),
}


@pytest.mark.parametrize("screen", list(SCREENS))
async def test_ctrl_l_redraws_on_every_screen(screen: str) -> None:
    app = TripoliApp(Game.new(6))
    app.walkthrough = False
    redrawn: list[str] = []
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for key in SCREENS[screen]:
            if key == "title":
                app.show_title()
                await pilot.pause()
            else:
                await press(pilot, key)
        opened = type(app.screen).__name__
        assert (opened == "GameScreen") == (screen == "game"), opened
        app.action_redraw = lambda: redrawn.append(opened)  # type: ignore[method-assign]
        await press(pilot, "ctrl+l")
        assert redrawn == [opened], f"ctrl+l did nothing on {opened}"


@pytest.mark.parametrize("name", ["CON", "nul", "Com1", "LPT9", "aux.toml", "PRN", "con.backup",
                                  "NUL .toml"])
def test_names_windows_keeps_for_devices_are_refused(name: str) -> None:
    with pytest.raises(SaveError, match="Windows keeps"):
        storage.check_name(name)


@pytest.mark.parametrize("name", ["CONvoy", "null", "COM", "LPT", "auxiliary", "my con"])
def test_names_that_only_begin_like_one_are_fine(name: str) -> None:
    assert storage.check_name(name) == name
