"""Snapshots of the drill beside the board at 80x24, 120x40 and 200x60: a question asked after
one answer judged (its facts marked), the map and both card lines in view."""

from __future__ import annotations

import pytest

from tests.test_drill import tutorial
from tests.tui.conftest import make_app
from tests.tui.test_game_screen_snapshots import ALL_SIZES, keys


@pytest.mark.parametrize("size", ALL_SIZES, ids=["80x24", "120x40", "200x60"])
def test_a_drill_question_after_an_answer(snap_compare, size):
    # The Five Corsair Check tutorial, its first step on show; drill on: the second card of the
    # event card line is asked first (the first is on screen already), answered 'yes' (wrongly)
    app = make_app(tutorial("01-five-corsair-check.toml"))
    assert snap_compare(app, terminal_size=size, run_before=keys("d", "y"))
