"""What might the T-bot draw next? (O, and the palette; issue 34, point 6): the T-bot's public
odds over the game screen, at 80x24 and 120x40; nothing changes; never during a drill (each card's
fate drawn now would answer the drill's question)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.odds import draw_odds
from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine import Game
from tripoli_tui.tui.screens.choice_palette import ChoicePalette
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.tbot_odds import OddsScreen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_o_shows_the_odds_of_the_next_draw_and_changes_nothing(size: tuple[int, int]) -> None:
    game = Game.new(3)
    before = game.state.clone()
    app = make_app(game, walkthrough=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "O")
        screen = app.screen
        assert isinstance(screen, OddsScreen)
        shown = str(screen.query_one("#odds-text").render())
        odds = draw_odds(game.state)
        assert f"Its draw pile holds {odds.pile} cards" in shown
        for card in odds.cards:
            assert card.name in shown
        assert "played at once" in shown and "discarded to Raid or Build" in shown
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
    assert game.state == before


async def test_the_odds_are_in_the_palette_and_wait_for_a_drill_s_end() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        names = [name for name, _, _ in ChoicePalette._commands(
            type("P", (), {"screen": screen})())]  # type: ignore[arg-type]
        assert any(name.startswith("What might the T-bot draw next?") for name in names)
        await press(pilot, "d", "b")  # the drill on; a discard to build: the T-bot's turn
        assert screen.drilling
        await press(pilot, "O")
        assert isinstance(app.screen, GameScreen), "O is no key during a drill"
        screen.action_tbot_odds()  # (as the palette calls it)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), "no odds during a drill"
        assert any("wait for the drill's end" in n.message for n in app._notifications)


def test_snapshot_tbot_odds_80x24(snap_compare: Any) -> None:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("O")
        await pilot.pause()

    assert snap_compare(make_app(Game.new(3), walkthrough=False), terminal_size=(80, 24),
                        run_before=run_before)
