"""The timeline's rows: where the war stood as each turn ended (not at the next decision), and what
the T-bot answered inside an American turn, with its trace (pure tests, `tripoli history`, and the
screen by Pilot at 80x24)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from bot.turn_trace import turn_at
from tests.campaigns.conftest import tbot_game
from tripoli_tui import storage
from tripoli_tui.cli.main import main
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState
from tripoli_tui.engine.turn import flow
from tripoli_tui.play.timeline import render, timeline
from tripoli_tui.storage.campaigns import start_campaign
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.choice_trace import TraceScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.timeline import TimelineScreen

ANSWERED = 30
"""A seed whose game against the T-bot has American turns the T-bot answered in (a battle card
kept), the first in Summer 1802."""


@pytest.fixture(scope="module")
def answered() -> Game:
    return tbot_game(ANSWERED, 1803)


def test_a_row_shows_the_war_as_its_turn_ended_not_at_the_next_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Between an American turn's end and the T-bot's first decision the T-bot's turn may already
    change the war (here a tribute of 1 gold as its turn begins): the American row must not show
    it. The tribute is the T-bot's: its own row counts it."""
    original = flow.tripolitan_play
    began: dict[tuple[int, int], tuple[int, int]] = {}

    def tribute_first(state: GameState) -> Iterator[Any]:
        proc = original(state)
        asked = next(proc)  # (the turn's header is written, its first decision made)
        began[state.year, state.season] = (state.gold, state.frigates_sunk)
        state.gold += 1
        while True:
            choice = yield asked
            try:
                asked = proc.send(choice)
            except StopIteration:
                return

    monkeypatch.setattr(flow, "tripolitan_play", tribute_first)
    game = tbot_game(6, 1802)
    rows = timeline(game).turns
    american = [t for t in rows if t.side == d.US and (t.year, t.season) in began]
    assert len(american) >= 4
    for row in american:
        assert (row.gold, row.frigates_sunk) == began[row.year, row.season], row.when
    for before, after in zip(rows, rows[1:], strict=False):
        if before.side == d.US and after.side == d.TRIPOLITANIA:
            assert after.gold >= before.gold + 1, after.when


def test_rows_that_end_a_season_agree_with_the_season_s_record(answered: Game) -> None:
    line = timeline(answered)
    last = {(t.year, t.season): (t.gold, t.frigates_sunk) for t in line.turns}
    for year, season, gold, sunk in line.seasons:
        assert last[year, season] == (gold, sunk)


def test_an_american_turn_the_t_bot_answered_in_opens_its_answers(answered: Game) -> None:
    line = timeline(answered)
    rows = [t for t in line.turns if t.answers]
    assert rows and all(t.side == d.US and t.has_trace and not t.tbot_turn for t in rows)
    assert not any(t.answers for t in line.turns if t.side == d.TRIPOLITANIA)
    for row in rows:
        trace = turn_at(answered.state.log, row.log_at)
        assert trace is not None and not trace.tbot_turn
        assert trace.title.endswith(row.when)
        assert tuple(x.summary for x in trace.decisions if x.asked) == row.answers
    quiet = [t for t in line.turns if t.side == d.US and not t.answers]
    assert quiet and not any(t.has_trace for t in quiet)
    assert all(turn_at(answered.state.log, t.log_at) is None for t in quiet[:-1])


def test_tripoli_history_says_what_the_t_bot_answered(
        answered: Game, save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = timeline(answered)
    first = next(t for t in line.turns if t.answers)
    text = render(line)
    assert f"            T-bot answered: {first.answers[0]}" in text
    storage.write_save(start_campaign(Game.replay(answered.origin, answered.history)), "answered")
    assert main(["history", "answered", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["turns"]
    assert [r["answers"] for r in rows] == [list(t.answers) for t in line.turns]


async def test_enter_on_an_american_turn_opens_what_the_t_bot_answered_at_80x24(
        answered: Game, save_folder: Path) -> None:
    game = start_campaign(Game.replay(answered.origin, answered.history))
    line = timeline(game)
    row = next(n for n, t in enumerate(line.turns) if t.answers)
    app = TripoliApp(game)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("i")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimelineScreen)
        screen.query_one("#timeline-table", DataTable).move_cursor(row=row)
        await pilot.pause()
        detail = str(screen.query_one("#timeline-detail", Static).render())
        assert f"the T-bot answered: {line.turns[row].answers[0]}" in detail
        assert "⏎ the trace of the T-bot's answers" in detail
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TraceScreen)
        assert app.screen.trace == turn_at(game.state.log, line.turns[row].log_at)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        quiet = next(n for n, t in enumerate(line.turns) if t.side == d.US and not t.has_trace)
        screen.query_one("#timeline-table", DataTable).move_cursor(row=quiet)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen  # nothing to open: a notice says so


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
def test_snapshot_an_american_turn_the_t_bot_answered_in(answered: Game, size: tuple[int, int],
                                                         snap_compare: Any) -> None:
    from tests.campaigns.test_timeline import Host

    row = next(n for n, t in enumerate(timeline(answered).turns) if t.answers)

    async def highlight(pilot: Any) -> None:
        await pilot.pause()
        pilot.app.screen.query_one("#timeline-table", DataTable).move_cursor(row=row)
        await pilot.pause()

    assert snap_compare(Host(answered), terminal_size=size, run_before=highlight)
