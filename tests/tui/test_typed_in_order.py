"""Keys typed in a burst (fast, pasted, several in one SSH packet) edit a text box in the order they
came. A box's Backspace, arrows and the like are its bindings, which Textual ran only once the key
had bubbled up to the app, behind the keys already handed to the box: Backspace after "naval",
then "decatur", removed the "r" and left the "n" (seen at the table over tmux; Textual issue
#6605). textual_fixes runs a box's own bindings as its keys come."""

from __future__ import annotations

from textual.widgets import Input

from tests.tui.helpers import post_keys, press
from tests.tui.test_table_screens import ALL_TYPED, at_table
from tripoli_tui.engine import Game
from tripoli_tui.engine.decisions import TABLE_DICE
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.campaign_name import CampaignNameDialog


async def settle(pilot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        await pilot.pause()


async def test_a_card_name_mended_in_a_burst_is_the_name_typed() -> None:
    app = TripoliApp(Game.new(3, ALL_TYPED))  # the American draw said card by card
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        box = app.screen.query_one("#choice-filter", Input)
        assert box.has_focus
        for _ in range(4):  # the four Naval Movements of the deck
            await press(pilot, *"naval", "enter")
        await press(pilot, *"naval", "enter")  # a fifth: no card of the pile is called that
        assert box.value == "naval"
        post_keys(app, *["backspace"] * 5, *"decatur")
        await settle(pilot)
        assert box.value == "decatur"


async def test_a_campaign_name_edited_in_a_burst_reads_as_typed() -> None:
    app = TripoliApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "n")
        assert isinstance(app.screen, CampaignNameDialog)
        box = app.screen.query_one("#campaign-name", Input)
        await press(pilot, "ctrl+u")  # (the name offered, cleared)
        post_keys(app, *"Preble", "left", "left", "backspace", "e", "end", "s", "home", "delete",
                  "p")
        await settle(pilot)
        assert box.value == "preeles"


async def test_dice_mended_in_a_burst_are_the_dice_typed() -> None:
    app = TripoliApp(at_table(TABLE_DICE))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        box = app.screen.query_one("#dice-box", Input)
        assert box.has_focus
        post_keys(app, "6", "3", "backspace", "5", "left", "backspace", "1")
        await settle(pilot)
        assert box.value == "15"
