"""The game screen is laid out once a pass: none of its widgets asks its own size while Textual
measures it. The card lines did (their tiles are packed to the width), and asking a widget's size
in the middle of a layout lays the whole screen out again from inside it: the game screen was laid
out twice over before its first paint (~8 ms), and again at each resize. (Textual does so itself
when a scroll bar moves during a layout: only layouts our code started are counted.)"""

from __future__ import annotations

import traceback
from typing import Any

import pytest
from textual._compositor import Compositor

from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.game import GameScreen


@pytest.fixture
def nested(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each layout begun by the game's code while another was under way: the game's function that
    asked for it."""
    under_way: list[int] = []
    found: list[str] = []
    inner = Compositor._arrange_root

    def arrange(self: Compositor, root: Any, *args: Any, **kwargs: Any) -> Any:
        stack = traceback.extract_stack()
        if under_way:
            ours = [frame for frame in stack[under_way[-1]:] if "tripoli_tui" in frame.filename]
            if ours:
                found.append(f"{ours[-1].filename.rsplit('/', 1)[-1]}:{ours[-1].name}")
        under_way.append(len(stack))
        try:
            return inner(self, root, *args, **kwargs)
        finally:
            under_way.pop()

    monkeypatch.setattr(Compositor, "_arrange_root", arrange)
    return found


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_game_screen_is_laid_out_without_a_layout_inside_a_layout(
        nested: list[str], size: tuple[int, int]) -> None:
    app = TripoliApp(Game.new(3))
    async with app.run_test(size=size) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(size[0] + 30, size[1] + 10)  # the tiles wider than WIDE
        await pilot.pause()
        await pilot.press("K")  # the tiles selected: their facts under them
        await pilot.pause()
    assert nested == []
