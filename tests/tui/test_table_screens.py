"""Pilot tests of a table campaign on the screen: the dice pad (typed rolls, refusals, undo), a
card drawn on the table answered from the list, the modes switched, the title's "At the table"."""

from __future__ import annotations

import pytest

from bot.tbot import TBot
from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import TABLE, TABLE_DICE, TABLE_DRAW
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import SeedTypist
from tripoli_tui.engine.state import TableModes
from tripoli_tui.play.heuristic import HeuristicPlayer
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel
from tripoli_tui.tui.widgets.dice_pad import DicePad

SIZES = [(80, 24), (120, 40)]
ALL_TYPED = TableModes("all", "table", "table")


def at_table(kind: str, modes: TableModes = ALL_TYPED, seed: int = 1) -> Game:
    """A table game played on (heuristic American, T-bot, the seed's own luck) to its first
    `kind` of table decision."""
    game = Game.new(seed, modes)
    players = {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot(), TABLE: SeedTypist()}
    play(game, players, until=lambda g: g.pending is not None and g.pending.kind == kind)  # type: ignore[arg-type]
    assert game.pending is not None and game.pending.kind == kind
    return game


def side(app) -> str:
    return app.screen.query_one("#side").current


def pad_text(app) -> str:
    pad = app.screen.query_one(DicePad)
    return " ".join(str(w.render()) for w in pad.query("Static") if w.display)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_dice_pad_takes_a_roll_refuses_a_7_and_undo_takes_the_roll_back(size):
    game = at_table(TABLE_DICE)
    pending = game.pending
    count = pending.info.count
    app = make_app(game)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert side(app) == "dice-pad"
        pad = app.screen.query_one(DicePad)
        assert pad.region.height > 0 and pad.query_one("#dice-box").has_focus
        assert pending.prompt in pad_text(app)
        assert "At the table: roll" in str(app.screen.query_one("#status").line)
        before = game.state.clone()
        await press(pilot, "7", "enter")  # refused: the sentence in the pad, nothing changed
        assert "A die shows 1 to 6: 7 is not a die." in pad_text(app)
        assert game.pending == pending and game.state == before
        await press(pilot, "backspace")
        typed = " ".join("6" for _ in range(count))
        for key in typed:
            await press(pilot, "space" if key == " " else key)
        await press(pilot, "enter")
        assert game.pending != pending
        assert game.history[-1].choice.text() == f"dice {'6' * count}"
        assert pad.refusal == ""
        await press(pilot, "u")  # a typed roll is undone like any choice
        assert game.pending == pending
        assert side(app) == "dice-pad"
        assert pad.query_one("#dice-box").has_focus
        await press(pilot, "u")  # with the box focused, u is still the game's key
        assert game.pending != pending


async def test_the_dice_pad_says_a_wrong_count_and_takes_several_dice_at_once():
    game = at_table(TABLE_DICE)
    count = game.pending.info.count
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pad = app.screen.query_one(DicePad)
        assert not await pad.give("1" * (count + 1))
        assert f"you typed {count + 1}" in pad.refusal
        assert await pad.give("3" * count)
        assert game.history[-1].choice.text() == f"dice {'3' * count}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_card_drawn_at_the_table_is_answered_from_the_list(size):
    game = at_table(TABLE_DRAW, TableModes("program", "table", "program"))
    pending = game.pending
    app = make_app(game)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert side(app) == "choices"
        panel = app.screen.query_one(ChoicePanel)
        assert panel.offer is not None and len(panel.offer.options) == len(pending.options) > 10
        last = len(pending.options) - 1
        for _ in range(last):  # ↓ in the filter: the list scrolls to its last card
            await pilot.press("down")
        await pilot.pause()
        options = panel.query_one("#choice-list")
        assert options.scroll_offset.y > 0 or options.size.height > last
        assert options.highlighted == last
        await press(pilot, "enter")
        assert game.history[-1].choice == pending.options[last]
        assert game.pending != pending


async def test_the_table_modes_are_switched_from_the_game_and_the_log_says_so():
    game = at_table(TABLE_DICE)
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "M")
        from tripoli_tui.tui.screens.table_modes import TableModesDialog

        assert isinstance(app.screen, TableModesDialog)
        app.screen.query_one("#mode-dice-program").value = True
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, GameScreen)
        assert game.state.table == TableModes("program", "table", "table")
        assert game.history[-1].choice.text() == "table-modes dice=program,deck=table,hand=table"
        assert "the program rolls every die" in game.state.log[-1].text
        await press(pilot, "u")  # the switch is a step of the timeline
        assert game.state.table == ALL_TYPED


async def test_the_modes_key_is_only_a_table_campaigns():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "M")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.check_action("table_modes", ()) is False


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_at_the_table_on_the_title_starts_a_table_campaign(size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        from tripoli_tui.tui.screens.table_new import TableCampaignScreen

        assert isinstance(app.screen, TableCampaignScreen)
        app.screen.query_one("#mode-dice-all").value = True
        app.screen.query_one("#mode-hand-program").value = True
        app.screen.query_one("#table-new-seed").value = "12"
        app.screen.query_one("#table-new-name").value = "Kitchen table"
        await press(pilot, "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.game
        assert game.state.table == TableModes("all", "table", "program")
        assert game.state.seed == 12
        assert game.campaign_facts.name == "Kitchen table"


async def test_a_bad_seed_on_the_table_screen_is_said_and_nothing_starts():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        app.screen.query_one("#table-new-seed").value = "9" * 20
        await pilot.pause()
        await press(pilot, "ctrl+s")
        from tripoli_tui.tui.screens.table_new import TableCampaignScreen

        assert isinstance(app.screen, TableCampaignScreen)
        assert "too large" in str(app.screen.query_one("#table-new-error").render())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_typing_a_cards_name_finds_it_in_a_long_draw(size):
    game = at_table(TABLE_DRAW, TableModes("program", "table", "program"))
    pending = game.pending
    wanted = pending.options[-1]
    name = d.card_name(wanted.card)
    app = make_app(game)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(ChoicePanel)
        assert panel.query_one("#choice-filter").has_focus
        for key in name.lower():
            await pilot.press("space" if key == " " else key)
        await pilot.pause()
        assert [pending.options[i] for i in panel.shown][0] == wanted
        await press(pilot, "enter")
        assert game.history[-1].choice == wanted


async def test_a_filter_that_finds_nothing_picks_nothing_and_escape_goes_back():
    game = at_table(TABLE_DRAW, TableModes("program", "table", "program"))
    pending = game.pending
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "z", "z", "z", "enter")
        assert app.screen.query_one(ChoicePanel).shown == []
        assert game.pending == pending
        await press(pilot, "escape")  # the name typed is cleared: the whole pile again
        assert len(app.screen.query_one(ChoicePanel).shown) == len(pending.options)
        await press(pilot, "z", "escape", "escape")  # and again: back to the hand
        assert side(app) == "hand"
        await press(pilot, "c")  # asked again, the whole pile
        assert side(app) == "choices"
        assert len(app.screen.query_one(ChoicePanel).shown) == len(pending.options)


async def test_the_palette_switches_the_modes_and_lists_a_draw_but_no_dice():
    from tripoli_tui.tui.screens.choice_palette import ChoicePalette
    from tripoli_tui.tui.screens.table_modes import TableModesDialog

    app = make_app(at_table(TABLE_DICE))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = {name: run for name, run, _ in ChoicePalette(app.screen)._commands()}
        assert not any(name.startswith("Choose:") for name in commands)  # typed in the pad
        commands["Switch the table's modes"]()
        await pilot.pause()
        assert isinstance(app.screen, TableModesDialog)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen) and app.game.state.table == ALL_TYPED
    game = at_table(TABLE_DRAW, TableModes("program", "table", "program"))
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = [name for name, _, _ in ChoicePalette(app.screen)._commands()]
        assert sum(name.startswith("Choose:") for name in names) == len(game.pending.options)
    app = make_app(Game.new(2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = [name for name, _, _ in ChoicePalette(app.screen)._commands()]
        assert "Switch the table's modes" not in names


async def test_a_name_that_finds_nothing_is_said_and_stays_to_be_mended():
    """Enter on a name no card of the pile has keeps the box and its focus, says so, and the name
    mended finds the card (the focus left the box once, and the keys typed next went nowhere)."""
    game = at_table(TABLE_DRAW, TableModes("program", "table", "program"))
    wanted = game.pending.options[0]
    app = make_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(ChoicePanel)
        await press(pilot, "z", "z", "enter")
        box = panel.query_one("#choice-filter")
        assert box.has_focus
        assert "No card this pile can hold is called that" in str(panel.query_one("#choice-note").render())
        await press(pilot, "backspace", "backspace")
        for key in d.card_name(wanted.card).lower():
            await pilot.press("space" if key == " " else key)
        await press(pilot, "enter")
        assert game.history[-1].choice == wanted


async def test_only_a_table_campaign_s_screen_has_the_dice_pad():
    """A solitaire game never asks for dice rolled on the table (its modes never change to the
    table's: a table campaign starts as one), so its screen is built without the pad, one less
    panel to mount before the first paint."""
    for game, has_pad in ((Game.new(3), False), (at_table(TABLE_DICE), True)):
        app = make_app(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert len(app.screen.query(DicePad)) == has_pad, game.state.table
