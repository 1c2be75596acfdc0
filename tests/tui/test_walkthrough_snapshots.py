"""Snapshots of the T-bot's walkthrough mid-turn at 80x24, 120x40 and 200x60: the step on show
leads with its facts (✔/✘, the deciding one marked), its rule folded; and with the rule unfolded."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app
from tests.tui.test_game_screen_snapshots import ALL_SIZES, keys
from tripoli_tui.engine.game import Game

SUMMER_1801_STEP_2 = ("b", "space", "space", "b", "space")
"""Spring 1801 played through; in Summer 1801 the second card of the line is on show (Yusuf
Qaramanli, its condition failing)."""


@pytest.mark.parametrize("size", ALL_SIZES, ids=["80x24", "120x40", "200x60"])
def test_a_failing_step_of_the_walkthrough(snap_compare, size):
    assert snap_compare(make_app(Game.new(3)), terminal_size=size,
                        run_before=keys(*SUMMER_1801_STEP_2))


def test_the_rule_unfolded_at_80x24(snap_compare):
    assert snap_compare(make_app(Game.new(3)), terminal_size=(80, 24),
                        run_before=keys(*SUMMER_1801_STEP_2, "o"))
