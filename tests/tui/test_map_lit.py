"""What changed in the last action is lit on the map for a moment, then drawn as the rest; with
animations off (TEXTUAL_ANIMATIONS=none) nothing on the map changes of itself: it stays lit until
the next change."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.widgets import board as board_module
from tripoli_tui.tui.widgets.board import MapPanel


def lit_cells(board: MapPanel) -> int:
    """Cells of the map drawn in the changed places' light."""
    light = board.style("changed").bgcolor
    return sum(len(text) for y in range(board.size.height)
               for text, style, _ in board.render_line(y) if style is not None
               and style.bgcolor == light)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_last_change_is_lit_for_a_moment(monkeypatch, size):
    """On a clock of the test's: the timer looks at it every 0.02 s of real time, the moment
    passes when the test moves the clock on."""
    now = [100.0]
    monkeypatch.setattr(board_module, "clock", lambda: now[0])
    monkeypatch.setattr(MapPanel, "LIT_FOR", 0.02)
    app = make_app(Game.new(3))
    async with app.run_test(size=size) as pilot:
        app.animation_level = "full"
        await pilot.pause()
        board = app.screen.query_one(MapPanel)
        assert lit_cells(board) == 0
        await press(pilot, "b")  # discard to build: a gunboat in Malta
        assert board.changed == {"malta"} and lit_cells(board) > 0
        await pilot.pause(0.2)  # the timer fires (in real time): the moment is not over
        await press(pilot, "o")  # another part of the screen redrawn: still lit in the moment
        assert board.changed == {"malta"} and lit_cells(board) > 0
        now[0] += MapPanel.LIT_FOR
        await pilot.pause(0.2)
        assert not board.changed and lit_cells(board) == 0
        await press(pilot, "o")  # the same change drawn again after the moment: not lit again
        assert lit_cells(board) == 0


async def test_without_animations_the_change_stays_lit_until_the_next(monkeypatch):
    monkeypatch.setattr(MapPanel, "LIT_FOR", 0.02)  # the moment, short: the test waits past it
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.animation_level == "none"
        await press(pilot, "b")
        board = app.screen.query_one(MapPanel)
        await pilot.pause(MapPanel.LIT_FOR + 0.3)
        assert board.changed == {"malta"} and lit_cells(board) > 0
