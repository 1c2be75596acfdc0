"""Pilot tests of "Your board": after the T-bot's moves, B shows the moves to make on the table
one at a time (the same moves play.board_instructions gives), each beside its reasons at the
level chosen; the level is remembered for every campaign."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tests.tui.test_table_screens import SIZES
from tripoli_tui.engine import Game
from tripoli_tui.engine.decisions import AMERICAN_PLAY, DiscardToBuild
from tripoli_tui.engine.state import TableModes
from tripoli_tui.play.board_instructions import instructions
from tripoli_tui.play.reasoning_levels import LEVELS
from tripoli_tui.storage.settings import REASONING_LEVELS, read_settings, settings_path
from tripoli_tui.tui.screens.table_board import BoardScreen

MODES = TableModes("program", "program", "program")


def moves_step_by_step(game: Game) -> list[str]:
    """The moves for the board after each choice and T-bot decision of the game, in order (told
    as they happen: over a whole turn some words, such as what a card was played as, are lost)."""
    states = [Game(game.origin.clone()).state.clone()]
    Game.replay(game.origin, game.history, on_step=lambda g: states.append(g.state.clone()))
    return [i.text for before, after in zip(states, states[1:], strict=False)
            for i in instructions(before, after)]


def moves_text(app) -> str:
    return str(app.screen.query_one("#board-list").render())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_tbots_moves_for_the_board_come_one_at_a_time(size):
    game = Game.new(11, MODES)
    app = make_app(game, walkthrough=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        build = next(o for o in game.pending.options if isinstance(o, DiscardToBuild))
        await app.screen.submit(build)
        await pilot.pause()
        assert game.pending.kind == AMERICAN_PLAY and game.state.season == 1  # the T-bot played
        expected = moves_step_by_step(game)
        await press(pilot, "B")
        assert isinstance(app.screen, BoardScreen)
        board = app.screen.board
        assert [s.text for s in board.to_make] == expected
        assert f"{len(expected)} to make on your table" in str(app.screen.query_one("#board-count").render())
        assert "▶ " + expected[0][:20] in moves_text(app)
        await press(pilot, "enter")
        assert board.done == 1
        assert "✔ " + expected[0][:20] in moves_text(app)
        assert "▶ " + expected[1][:20] in moves_text(app)
        for _ in expected[1:]:
            await press(pilot, "enter")
        assert board.to_make == []
        assert "Your table matches" in str(app.screen.query_one("#board-count").render())
        await press(pilot, "enter")
        assert not isinstance(app.screen, BoardScreen)


async def test_the_reasoning_level_shows_less_and_is_remembered():
    game = Game.new(11, MODES)
    app = make_app(game, walkthrough=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        build = next(o for o in game.pending.options if isinstance(o, DiscardToBuild))
        await app.screen.submit(build)
        await pilot.pause()
        await press(pilot, "B")
        board = app.screen.board
        while board.to_make and board.to_make[0].trace is None:  # to the T-bot's first move
            await press(pilot, "enter")
        seen = {}
        for _ in LEVELS:
            level = app.screen.level
            text = str(app.screen.query_one("#board-reasoning").render())
            seen[level] = len(text.splitlines()) if app.screen.query_one("#board-reasoning").display else 0
            await press(pilot, "r")
        assert seen["off"] == 0 < seen["concise"] <= seen["verbose"]
        while app.screen.level != "off":
            await press(pilot, "r")
        await press(pilot, "escape")
        assert app.screen.session.reasoning == "off"  # the walkthrough's level too
    assert read_settings()[0].reasoning == "off"
    assert tomllib.loads(settings_path().read_text())["reasoning"] == "off"


def test_a_broken_reasoning_setting_is_named_and_the_default_used(tmp_path: Path) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('reasoning = "loud"\n')
    settings, problem = read_settings()
    assert settings.reasoning == "verbose"
    assert "reasoning = 'loud' is not one of verbose, concise, off" in problem or "loud" in problem


def test_the_settings_know_the_reasoning_levels_the_game_shows() -> None:
    assert REASONING_LEVELS == LEVELS


async def test_the_board_key_is_a_table_campaigns_only():
    app = make_app(Game.new(11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "B")
        assert not isinstance(app.screen, BoardScreen)
