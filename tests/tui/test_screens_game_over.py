"""GameOverScreen: the result in words, tournament points, the season chart, and the three choices."""

from __future__ import annotations

import asyncio
import dataclasses

from textual.app import App
from textual.widgets import Static

from tripoli_tui.engine import Game, GameState
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.state import GameResult, Phase, SeasonRecord
from tripoli_tui.tui.screens.game_over import GameOverScreen, result_lines, season_chart


def treaty_state() -> GameState:
    """A finished campaign: the Treaty in Fall 1805, after 19 seasons of rising gold and 2 sunk."""
    state = GameState(year=1805, season=2, phase=Phase.GAME_OVER)
    gold = [0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 8, 9, 9, 9]
    sunk = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    state.history_season = [
        SeasonRecord(1801 + i // 4, i % 4, g, s)
        for i, (g, s) in enumerate(zip(gold, sunk, strict=True))]
    state.result = GameResult("us", "treaty",
                              "The Treaty of Peace and Amity is signed: the United States wins.",
                              1805, 2, us_points=15, tripolitan_points=15, gold_at_end=9,
                              frigates_sunk_at_end=2)
    return state


def played_to_the_end(seed: int) -> Game:
    """A real game, both sides choosing at random, played to its end."""
    game = Game.new(seed)
    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1)})
    return game


class Host(App[None]):
    def __init__(self, game: object) -> None:
        super().__init__()
        self.animation_level = "none"
        self.game = game
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(GameOverScreen(self.game), self.results.append)


def test_result_and_points_in_words() -> None:
    result = treaty_state().result
    assert result is not None
    text = result_lines(result).plain
    assert "United States wins" in text
    assert "Treaty of Peace and Amity · Fall 1805" in text
    assert "Tournament points: United States 15 · Tripolitania 15" in text
    low = dataclasses.replace(result, us_points=12, tripolitan_points=18)
    assert "low-point win" in result_lines(low).plain


def test_chart_reads_without_colour() -> None:
    lines = season_chart(treaty_state().history_season).plain.splitlines()
    gold_values = next(line for line in lines if line.startswith("  │ 0  1"))
    assert gold_values.split("│")[1].split() == [str(g) for g in
                                                   [0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 8, 9, 9, 9]]
    top_gold_row = next(line for line in lines if line.startswith("10│"))
    assert "▄▄" in top_gold_row and "██" not in top_gold_row  # 9 gold: half of the 9-10 row
    assert lines[-2].startswith("  └Sp─Su─Fa─Wi─Sp")
    assert lines[-1].split() == ["1801", "1802", "1803", "1804", "1805"]
    assert max(len(line) for line in lines) <= 3 + 3 * 24  # 24 seasons fit in 76 columns
    assert "nothing to chart" in season_chart([]).plain


def test_a_real_finished_game_is_shown_with_its_own_numbers() -> None:
    game = played_to_the_end(6)
    assert game.is_over
    asyncio.run(_test_real_game(game))


async def _test_real_game(game: Game) -> None:
    app = Host(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chart = str(app.screen.query_one("#over-chart", Static).render())
        history = game.state.history_season
        gold_values = chart.splitlines()[7].split("│")[1].split()
        assert gold_values == [str(h.gold) for h in history]
        result = str(app.screen.query_one("#over-result", Static).render())
        assert game.state.result is not None and game.state.result.text in result


def test_keys_and_buttons_dismiss_with_the_choice() -> None:
    for keys, expected in ((["n"], "new"), (["t"], "title"), (["escape"], "title"), (["q"], "quit"),
                           (["enter"], "new"), (["tab", "enter"], "title"),
                           (["tab", "tab", "enter"], "quit")):
        asyncio.run(_test_choice(keys, expected))


async def _test_choice(keys: list[str], expected: str) -> None:
    app = Host(treaty_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        assert app.results == [expected], keys


def test_a_game_without_a_result_is_said_not_crashed() -> None:
    asyncio.run(_test_no_result())


async def _test_no_result() -> None:
    app = Host(GameState())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "not recorded" in str(app.screen.query_one("#over-result", Static).render())


def test_snapshot_game_over_80x24(snap_compare: object) -> None:
    assert snap_compare(Host(treaty_state()), terminal_size=(80, 24))


def test_snapshot_game_over_120x40(snap_compare: object) -> None:
    assert snap_compare(Host(treaty_state()), terminal_size=(120, 40))
