"""Snapshots of the game screen at 80x24, 120x40, 200x60 and 250x70 (the first screen in truecolor,
256 and 16 colours): fixed seed, fixed theme, no animation."""

from __future__ import annotations

import pytest

from tests.tui.colour_depth import ColourDepth
from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.contrast import EIGHT_BIT, SIXTEEN

SIZES = [(80, 24), (120, 40)]
ALL_SIZES = [(80, 24), (120, 40), (200, 60)]
"""The compact map, the drawn map, and the drawn map with room to spare."""


async def settle(pilot) -> None:
    await pilot.pause()


DEPTHS = {"256": EIGHT_BIT, "16": SIXTEEN}
"""256 colours: TERM=xterm-256color without COLORTERM (over SSH); 16: TERM=xterm (PuTTY's)."""


def at_depth(depth: str):
    """Settle, the app's colours shown as a terminal of `depth` colours shows them."""
    async def run_before(pilot) -> None:
        pilot.app._filters.append(ColourDepth(DEPTHS[depth]))
        await pilot.pause()
    return run_before


def keys(*pressed: str):
    async def run_before(pilot) -> None:
        await pilot.pause()
        await press(pilot, *pressed)
    return run_before


class TestGameScreen:
    @pytest.mark.parametrize("size", [*ALL_SIZES, (250, 70)],
                             ids=["80x24", "120x40", "200x60", "250x70"])
    def test_first_american_turn(self, snap_compare, size):
        assert snap_compare(make_app(Game.new(3)), terminal_size=size, run_before=settle)

    @pytest.mark.parametrize("depth", ["256", "16"])
    @pytest.mark.parametrize("size", [*ALL_SIZES, (250, 70)],
                             ids=["80x24", "120x40", "200x60", "250x70"])
    def test_first_american_turn_in_fewer_colours(self, snap_compare, size, depth):
        assert snap_compare(make_app(Game.new(3)), terminal_size=size, run_before=at_depth(depth))

    @pytest.mark.parametrize("size", ALL_SIZES, ids=["80x24", "120x40", "200x60"])
    def test_after_a_battle_the_tbot_walkthrough_step(self, snap_compare, size):
        # discard to move a frigate from Gibraltar into Tripoli; decline Preble's Boys
        app = make_app(Game.new(3))
        assert snap_compare(app, terminal_size=size, run_before=keys("m", "g", "t", "0", "0"))

    @pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
    def test_tbot_turn_walkthrough_step(self, snap_compare, size):
        app = make_app(Game.new(3))
        assert snap_compare(app, terminal_size=size, run_before=keys("b", "space"))

    def test_too_small_terminal_gets_a_message(self, snap_compare):
        assert snap_compare(make_app(Game.new(3)), terminal_size=(70, 20), run_before=settle)


class TestChoicePanel:
    @pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
    def test_card_plays(self, snap_compare, size):
        app = make_app(Game.new(3))
        assert snap_compare(app, terminal_size=size, run_before=keys("enter"))

    @pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
    def test_move_destination(self, snap_compare, size):
        app = make_app(Game.new(3))
        assert snap_compare(app, terminal_size=size, run_before=keys("m", "g"))
