"""Pilot tests of Adjust at the table: a change made in the form is applied and logged, one the
rules refuse is said in the form and changes nothing, undo takes an adjustment back, and outside
the start of the player's turn the key says when it can be used."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tests.tui.test_table_screens import SIZES, at_table
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import AMERICAN_PLAY, TABLE_DICE
from tripoli_tui.engine.state import TableModes
from tripoli_tui.tui.screens.table_adjust import AdjustDialog

PROGRAM_HAND = TableModes("all", "table", "program")


async def type_value(pilot, text: str) -> None:
    box = pilot.app.screen.query_one("#adjust-value")
    box.value = ""
    box.focus()
    await pilot.pause()
    await press(pilot, *list(text))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_an_adjustment_is_applied_logged_and_undone(size):
    game = Game.new(5, PROGRAM_HAND)
    assert game.pending is not None and game.pending.kind == AMERICAN_PLAY
    before = game.state.pieces["tripoli"][d.CORSAIR]
    app = make_app(game)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "A")
        assert isinstance(app.screen, AdjustDialog)
        assert app.screen.query_one("#adjust-value").value == str(before)  # what the program holds
        await type_value(pilot, str(before + 1))
        await press(pilot, "enter")
        assert not isinstance(app.screen, AdjustDialog)
        assert game.state.pieces["tripoli"][d.CORSAIR] == before + 1
        assert any(e.text.startswith("Adjusted to the table: ") for e in game.state.log)
        await press(pilot, "u")
        assert game.state.pieces["tripoli"][d.CORSAIR] == before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_refused_adjustment_is_said_in_the_form_and_changes_nothing(size):
    game = Game.new(5, PROGRAM_HAND)
    state = game.state.clone()
    app = make_app(game)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "A")
        await type_value(pilot, "9")
        await press(pilot, "enter")
        assert isinstance(app.screen, AdjustDialog)
        refusal = str(app.screen.query_one("#adjust-refusal").render())
        assert "Only 2 Tripolitan corsairs are in the supply" in refusal
        await press(pilot, "escape")
        assert not isinstance(app.screen, AdjustDialog)
        assert game.state == state


async def test_gold_is_adjusted_from_the_what_list():
    game = Game.new(5, PROGRAM_HAND)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "A")
        app.screen.query_one("#adjust-what").value = "gold"
        await pilot.pause()
        assert app.screen.query_one("#adjust-value").value == "0"
        assert not app.screen.query_one("#adjust-place-row").display
        await type_value(pilot, "4")
        await press(pilot, "enter")
        assert game.state.gold == 4


async def test_adjust_outside_the_start_of_the_turn_says_when_and_opens_nothing():
    game = at_table(TABLE_DICE)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.action_table_adjust()
        await pilot.pause()
        assert not isinstance(app.screen, AdjustDialog)
        assert any("start of your turn" in str(n.message) for n in app._notifications)


async def test_adjust_is_a_table_campaigns_only():
    app = make_app(Game.new(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "A")
        assert not isinstance(app.screen, AdjustDialog)


async def test_a_is_shown_only_at_the_start_of_the_turn_and_says_when_at_another():
    """A key in the footer works (issue 34, point 8): Adjust is drawn at the player's play, not
    in the T-bot's turn, where A pressed still says when it can be used."""
    from tests.tui.test_keys_that_work import assert_every_key_works, footer

    app = make_app(Game.new(3, TableModes()))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        assert footer(app).get("table_adjust") is True
        await press(pilot, "b")  # a gunboat built: the T-bot's turn, step by step
        assert app.game.pending.side == d.TRIPOLITANIA
        shown = assert_every_key_works(app, "the T-bot's turn at the table")
        assert "table_adjust" not in shown and "table_board" in shown
        await press(pilot, "A")
        assert not isinstance(app.screen, AdjustDialog)
        assert any("start of your turn" in str(n.message) for n in app._notifications)


async def test_the_value_to_set_reads_as_a_box_to_type_in_before_it_is_focused():
    """Compact and unfocused, the value was bare text on the dialog: 'Now 5' read as a fact.
    It is 'Set to', in a field of its own shade."""
    app = make_app(Game.new(5, PROGRAM_HAND))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "A")
        dialog = app.screen
        assert isinstance(dialog, AdjustDialog)
        box = dialog.query_one("#adjust-value")
        assert not box.has_focus
        assert str(dialog.query_one("#adjust-value-label").render()) == "Set to"
        ground = dialog.query_one("#adjust-box").styles.background
        assert box.styles.background != ground and box.styles.background.a > 0
