"""The campaign timeline: its turns from a seeded game against the real T-bot, rollback to the start
of each kind of turn, the screen at 80x24 by Pilot (trace, rollback in place, as a new campaign),
snapshots, and `tripoli history`."""

from __future__ import annotations

import datetime as dt
import json
import signal
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable, Static

from bot.turn_trace import tbot_turn_numbered
from tests.campaigns.conftest import tbot_game
from tripoli_tui import storage
from tripoli_tui.cli.main import main
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.saves import first_difference
from tripoli_tui.play.timeline import dice_that_mattered, sparkline, timeline
from tripoli_tui.storage.campaigns import rolled_back, start_campaign
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.choice_trace import TraceScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.timeline import (
    IN_PLACE,
    NEW_CAMPAIGN,
    RollbackDialog,
    TimelineScreen,
)

WHEN = dt.datetime(2026, 11, 26, 9, 30, tzinfo=dt.UTC)
SEED = 6
"""A seed whose game against the T-bot is still going when 1804 begins."""


@pytest.fixture(scope="module")
def played() -> Game:
    return tbot_game(SEED, 1804)


def campaign(game: Game) -> Game:
    again = Game.replay(game.origin, game.history)
    return start_campaign(again, when=WHEN)


def test_the_timeline_has_every_turn_in_order_with_its_start(played: Game) -> None:
    line = timeline(played)
    assert line.choices == len(played.history)
    assert [t.side for t in line.turns[:4]] == [d.US, d.TRIPOLITANIA, d.US, d.TRIPOLITANIA]
    assert [(t.year, t.season) for t in line.turns[:2]] == [(1801, 0), (1801, 0)]
    starts = [t.start for t in line.turns]
    assert starts == sorted(starts) and starts[0] == 0
    numbers = [t.tbot_turn for t in line.turns if t.tbot_turn]
    assert numbers == list(range(1, len(numbers) + 1))
    for turn in line.turns:
        if turn.tbot_turn:  # each T-bot row opens its own turn's trace
            assert tbot_turn_numbered(played.state.log, turn.tbot_turn).title.endswith(turn.when)
    assert len(line.seasons) == len(played.state.history_season)
    assert line.turns[-1].gold == played.state.gold


@pytest.mark.parametrize("side", [d.US, d.TRIPOLITANIA])
def test_rollback_to_each_turn_start_replays_exactly(played: Game, side: str) -> None:
    """The position a rollback reaches is the one the history reached then: at the turn's first
    decision, whose side is the turn's."""
    states = [Game.replay(played.origin, []).state]  # the position after each choice, as the
    # history reached it
    Game.replay(played.origin, played.history, on_step=lambda game: states.append(game.state.clone()))
    turns = [t for t in timeline(played).turns if t.side == side and t.start < len(played.history)]
    assert turns
    for turn in turns:
        back = rolled_back(played, turn.start)
        assert first_difference(states[turn.start], back.state) == "", turn
        assert back.state.log == states[turn.start].log
        assert back.pending is not None and back.pending.side == side
        assert (back.state.year, back.state.season) == (turn.year, turn.season)


def test_dice_that_changed_nothing_are_left_out() -> None:
    from tripoli_tui.engine.state import LogEntry

    entries = [LogEntry(1801, 0, d.US, "dice", "Interception from the Tripoli patrol zone: [3] [4] - 0 "
                        "corsairs sunk"),
               LogEntry(1801, 0, d.TRIPOLITANIA, "dice", "Corsairs hunt merchant ships (5-6 "
                        "captures): [6] [1] - 1 merchant ship captured")]
    assert dice_that_mattered(entries) == ("Corsairs hunt merchant ships: 1 merchant ship captured",)
    assert sparkline([0, 6, 12], 12) == "▁▅█"


def test_tripoli_history_prints_every_turn(played: Game, save_folder: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    storage.write_save(campaign(played), "mine")
    assert main(["history", "mine"]) == 0
    out = capsys.readouterr().out.splitlines()
    line = timeline(played)
    assert out[0] == f"Seed {SEED}, 26 Nov 2026: {len(line.turns)} turns, {line.choices} choices"
    assert out[1].startswith("gold   ") and out[2].startswith("sunk   ")
    assert out[4] == "Spring 1801"
    assert out[5] == f"    1. American {line.turns[0].did}"
    assert sum(1 for row in out if row.startswith("  ") and ". T-bot " in row) == sum(
        1 for t in line.turns if t.side == d.TRIPOLITANIA)
    assert main(["history", "mine", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["campaign"]["name"] == f"Seed {SEED}, 26 Nov 2026"
    assert len(data["turns"]) == len(line.turns) and data["choices"] == line.choices
    assert data["turns"][1]["side"] == "tripolitania" and data["turns"][1]["tbot_turn"] == 1


def test_tripoli_history_on_no_save_says_why(save_folder: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "nothing"]) == 1
    assert "no save at" in capsys.readouterr().err


async def _open(pilot: object, app: TripoliApp) -> TimelineScreen:
    for _ in range(3):
        await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, GameScreen)
    await pilot.press("i")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, TimelineScreen)
    return app.screen


async def test_the_timeline_screen_at_80x24_opens_a_trace_and_rolls_back_in_place(
        played: Game, save_folder: Path) -> None:
    game = campaign(played)
    app = TripoliApp(game)
    app.walkthrough = True
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        table = screen.query_one("#timeline-table", DataTable)
        line = timeline(game)
        assert table.row_count == len(line.turns)
        assert table.cursor_row == len(line.turns) - 1  # the latest turn first
        await pilot.press("home")
        await pilot.press("down")  # the T-bot's first turn
        await pilot.pause()
        detail = str(screen.query_one("#timeline-detail", Static).render())
        assert detail.startswith("T-bot turn, Spring 1801:")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TraceScreen)
        assert app.screen.trace == tbot_turn_numbered(game.state.log, 1)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("down", "down")  # the T-bot's second turn (Summer 1801)
        target = line.turns[3]
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, RollbackDialog)
        await pilot.press("p")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game is not game and app.game.campaign == game.campaign
        assert app.game.history[:target.start] == game.history[:target.start]
        assert app.game.campaign_facts.rollbacks == 1
        said = [n.message for n in app._notifications if n.title == "Rolled back"]
        assert said == [f"“{storage.game_name(game)}” is back to {app.game.state.when}. Its turns "
                        f"after it, to {game.state.when}, are kept as the campaign "
                        f"“{storage.game_name(game)} (branch, {app.game.state.when})”."], said
    branch = storage.read_save(save_folder / f"branch-{game.campaign}-1.toml")
    assert branch.history == game.history


async def test_rollback_as_a_new_campaign_and_escape_changes_nothing(
        played: Game, save_folder: Path) -> None:
    game = campaign(played)
    app = TripoliApp(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(pilot, app)
        await pilot.press("home", "b")
        await pilot.pause()
        await pilot.press("escape")  # not going back after all
        await pilot.pause()
        assert isinstance(app.screen, TimelineScreen) and app.game is game
        await pilot.press("b", "n")
        for _ in range(3):
            await pilot.pause()
        assert app.game is not game and app.game.campaign != game.campaign
        assert app.game.campaign_facts.branch_of == game.campaign
        assert app.game.history == []  # back to the first turn's start: the first choice
    campaigns, _ = storage.list_campaigns()
    assert {c.label for c in campaigns} == {game.campaign, app.game.campaign}


class Host(App[None]):
    def __init__(self, game: Game) -> None:
        super().__init__()
        self.animation_level = "none"
        self.game = game

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(TimelineScreen(self.game, "The long blockade"))


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
def test_snapshot_timeline(played: Game, size: tuple[int, int], snap_compare: object) -> None:
    assert snap_compare(Host(played), terminal_size=size)  # type: ignore[operator]


def test_the_turn_in_play_says_so_and_is_not_a_rollback_point() -> None:
    line = timeline(Game.new(7))
    assert [(t.side, t.did, t.start) for t in line.turns] == [(d.US, "In play.", 0)]
    assert line.choices == 0 and line.seasons == ()


async def test_i_opens_the_timeline_in_the_t_bot_s_steps_where_the_footer_has_no_room_for_it(
        played: Game, save_folder: Path) -> None:
    from tripoli_tui.tui.widgets.key_footer import KeyFooter

    tbot = next(t for t in timeline(played).turns if t.side == d.TRIPOLITANIA and t.start > 0)
    game = start_campaign(rolled_back(played, tbot.start), when=WHEN)
    app = TripoliApp(game)
    app.walkthrough = True
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert game.pending is not None and game.pending.side == d.TRIPOLITANIA
        footer = app.screen.query_one(KeyFooter)
        footer.render()
        assert "i" not in {key for _, _, key in footer.spans} and footer.spans[-1][2] == "q"
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, TimelineScreen)


@pytest.mark.parametrize("how", [IN_PLACE, NEW_CAMPAIGN])
async def test_a_signal_as_the_rollback_is_chosen_names_the_save_continue_opens(
        played: Game, save_folder: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """A stopping signal that arrives between the rollback's choice and the rollback (its answer
    waits in the queue): the game ends as it stood, saved where the closing line says, and the
    rollback does not come after it to leave a newer save than the one named (issue 32, 5a)."""
    game = campaign(played)
    app = TripoliApp(game)
    dismiss = TimelineScreen.dismiss

    def dismissed_then_signal(screen: TimelineScreen, result: object = None) -> object:
        done = dismiss(screen, result)  # type: ignore[arg-type]
        app.stop_for_signal(signal.SIGTERM)
        return done

    monkeypatch.setattr(TimelineScreen, "dismiss", dismissed_then_signal)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(pilot, app)
        await pilot.press("home", "b")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollbackDialog)
        dialog.dismiss(how)  # as its key does (the app ends with the signal: no pilot's wait)
    assert app.stopped_by == signal.SIGTERM and app.stopped_save is not None
    assert app.game is game
    assert not list(save_folder.glob("branch-*"))
    latest = storage.latest_save()
    assert latest is not None and latest.path == app.stopped_save
    assert storage.read_save(app.stopped_save).history == game.history


async def test_at_80_columns_each_row_keeps_its_dice_and_answers_in_view(
        played: Game, save_folder: Path) -> None:
    """What happened is cut (…) to the room the other columns leave, the turn's dice (⚄) and
    T-bot answers (⚑) kept at its end: at 80 columns they were past the table's edge, the words
    cut mid-word. Widened, the words are whole again."""
    game = campaign(played)
    line = timeline(game)
    app = TripoliApp(game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app)
        table = screen.query_one("#timeline-table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        rows = [str(table.get_row_at(n)[4]) for n in range(table.row_count)]
        with_dice = [n for n, turn in enumerate(line.turns) if turn.dice]
        assert with_dice and all(rows[n].endswith(f"⚄{len(line.turns[n].dice)}")
                                 or "⚑" in rows[n] for n in with_dice)
        assert any("…" in row for row in rows)
        await pilot.resize_terminal(130, 40)
        await pilot.pause()
        wide = [str(table.get_row_at(n)[4]) for n in range(table.row_count)]
        assert sum("…" in row for row in wide) < sum("…" in row for row in rows)
        assert table.virtual_size.width <= table.scrollable_content_region.width
