"""A campaign open in another window is not opened twice: the player is told and may open a copy
as a new branch (its own autosaves) or go back."""

from __future__ import annotations

from tests.tui.helpers import press
from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.storage.lock import claim_campaign
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.campaign_busy import CampaignBusyScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.title import TitleScreen


def held_game() -> Game:
    game = Game.new(4)
    game.campaign = "4-held"
    return game


async def test_a_campaign_held_elsewhere_opens_as_a_new_branch_on_b() -> None:
    lock = claim_campaign("4-held")  # the other window (flock: another open file is another holder)
    assert lock is not None
    try:
        app = TripoliApp(held_game())
        app.walkthrough = False
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, CampaignBusyScreen)
            await press(pilot, "b")
            assert isinstance(app.screen, GameScreen)
            assert app.game is not None and app.game.campaign != "4-held"
            app.autosave(quiet=True)
        assert not storage.campaign_autosaves("4-held"), "the other window's ring is untouched"
        assert storage.campaign_autosaves(app.game.campaign)
    finally:
        lock.release()


async def test_escape_goes_back_to_the_title_and_saves_nothing() -> None:
    lock = claim_campaign("4-held")
    assert lock is not None
    try:
        app = TripoliApp(held_game())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "escape")
            assert isinstance(app.screen, TitleScreen)
            await press(pilot, "q")
        assert not list(storage.save_dir().glob("autosave-*"))
    finally:
        lock.release()


async def test_a_free_campaign_opens_at_once_and_is_held_while_open() -> None:
    app = TripoliApp(held_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.keeper.lock is not None and app.keeper.lock.campaign == "4-held"
    assert app.keeper.lock is None, "let go as the app ends"
    again = claim_campaign("4-held")
    assert again is not None
    again.release()
