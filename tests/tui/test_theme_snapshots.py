"""The game screen after a naval battle (dice, hits, the log) under a light theme, in 16 colours
(TERM=xterm) and without colour (NO_COLOR): every text readable, the sides apart, a hit above a
miss."""

from __future__ import annotations

import pytest

from tests.tui.colour_depth import ColourDepth
from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.contrast import SIXTEEN

BATTLE = ("m", "g", "t", "0", "0", "f")
"""Discard to move a frigate from Gibraltar into Tripoli, decline Preble's Boys, then let the
T-bot finish: the battle is fought and its dice are on show."""


def after_the_battle(app: TripoliApp, theme: str = "", sixteen: bool = False):
    async def run_before(pilot) -> None:
        if theme:
            app.theme = theme
        if sixteen:
            app._filters.append(ColourDepth(SIXTEEN))
        await pilot.pause()
        await press(pilot, *BATTLE)
    return run_before


class TestColours:
    @pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
    def test_light_theme(self, snap_compare, size):
        app = make_app(Game.new(3))
        assert snap_compare(app, terminal_size=size,
                            run_before=after_the_battle(app, theme="textual-light"))

    def test_sixteen_colours(self, snap_compare):
        app = make_app(Game.new(3))
        assert snap_compare(app, terminal_size=(80, 24),
                            run_before=after_the_battle(app, sixteen=True))

    def test_no_color(self, snap_compare, monkeypatch):
        monkeypatch.setenv("NO_COLOR", "1")
        app = make_app(Game.new(3))
        assert snap_compare(app, terminal_size=(80, 24), run_before=after_the_battle(app))
