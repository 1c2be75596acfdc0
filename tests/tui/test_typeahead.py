"""Keys typed ahead (a burst over SSH, a fast player) answer the prompts in the order typed."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, position, post_keys, press


@pytest.mark.parametrize("keys", [("g", "T"), ("enter", "T")], ids=["key", "enter"])
async def test_a_destination_typed_ahead_is_not_lost(keys):
    """From Gibraltar (by its key, or Enter on the highlighted first option), then the Tripoli
    patrol zone, in one burst."""
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m")  # from where: Gibraltar (highlighted) or Done
        post_keys(app, *keys)
        await pilot.pause()
        await pilot.pause()
        assert app.game.state.pieces["tripoli_patrol_zone"]["us_frigate"] == 1


async def test_a_whole_movement_typed_in_one_burst():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m")
        post_keys(app, "g", "T", "0")  # one frigate to the Tripoli patrol zone, then Done
        for _ in range(4):
            await pilot.pause()
        pieces = app.game.state.pieces
        assert pieces["tripoli_patrol_zone"]["us_frigate"] == 1
        assert pieces["gibraltar"]["us_frigate"] == 2
        assert [e.text for e in app.game.state.log if "sails" in e.text] == [
            "A frigate sails from Gibraltar to the Tripoli patrol zone."]
        assert app.game.pending.side == "tripolitania"  # Done ended the turn


async def test_a_key_typed_ahead_that_the_next_prompt_lacks_changes_nothing():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await press(pilot, "m")
        before = app.game.state.pieces["gibraltar"]["us_frigate"]
        post_keys(app, "g", "0")  # the destinations have no Done: the 0 is not an answer there
        await pilot.pause()
        await pilot.pause()
        assert app.game.pending.kind == "move_destination"
        assert app.game.state.pieces["gibraltar"]["us_frigate"] == before


async def test_a_card_play_and_its_movement_in_one_burst():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        post_keys(app, "m", "g", "T")  # discard to move, from Gibraltar, to the Tripoli patrol zone
        for _ in range(3):
            await pilot.pause()
        assert app.game.state.pieces["tripoli_patrol_zone"]["us_frigate"] == 1
