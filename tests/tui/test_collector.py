"""The garbage collector after start-up: what the first screen needed is not walked again."""

from __future__ import annotations

import gc

from tests.tui.conftest import make_app
from tripoli_tui.engine.game import Game


async def test_after_the_first_frame_the_start_up_heap_is_frozen_until_the_app_ends():
    gc.unfreeze()
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.get_freeze_count() > 10_000  # Textual, Rich, the engine and the first screen
    assert gc.get_freeze_count() == 0  # handed back as the app ended: a next app keeps nothing
