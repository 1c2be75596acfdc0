"""Starting, saving, quitting and hanging up: the app around the game screen."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from tests.engine.positions import place
from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, position, press
from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp, open_save, run_app
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.game_over import GameOverScreen
from tripoli_tui.tui.screens.save_dialog import SaveDialog
from tripoli_tui.tui.screens.title import TitleScreen


def saves() -> list[str]:
    folder = storage.save_dir()
    return sorted(p.name for p in folder.glob("*")) if folder.exists() else []


def test_a_missing_save_is_a_clear_message_not_a_traceback(capsys):
    assert run_app(load="no-such-save") == 1
    err = capsys.readouterr().err
    assert "cannot open the save 'no-such-save'" in err
    assert "Traceback" not in err


def test_a_damaged_save_is_a_clear_message(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("this is [not a save")
    assert run_app(load=str(bad)) == 1
    err = capsys.readouterr().err
    assert "cannot open the save" in err and "Traceback" not in err


async def test_no_arguments_open_the_title_and_n_starts_a_game():
    app = TripoliApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await press(pilot, "n", "enter")  # the campaign's name, as offered
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and app.game.pending.kind == "american_play"


async def test_save_under_a_name_then_load_it_straight_in():
    app = make_app(Game.new(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        assert isinstance(app.screen, SaveDialog)
        # the suggested name is selected: typing replaces it
        for ch in "my-campaign":
            await pilot.press(ch)
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
    assert "my-campaign.toml" in saves()
    loaded = open_save("my-campaign")
    assert loaded.state == app.game.state
    app2 = make_app(loaded)
    async with app2.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app2.screen, GameScreen)
        assert app2.game.state.when == "Spring 1801"


async def test_autosave_at_the_start_of_each_american_turn_and_on_quit():
    app = make_app(Game.new(3), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = saves()
        assert first, "the first American turn is autosaved"
        await press(pilot, "b")  # the T-bot plays at once; Summer 1801 starts
        assert app.game.state.when == "Summer 1801"
        for _ in range(40):  # (written once the turn is on screen: after a frame, not at the key)
            latest = storage.latest_save()
            if latest is not None and latest.when == "Summer 1801":
                break
            await pilot.pause(0.05)
        assert storage.latest_save() is not None
        assert storage.latest_save().when == "Summer 1801"
        await press(pilot, "q")
    assert app.return_code == 0


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
async def test_a_stop_signal_autosaves_and_exits_with_its_status(signum):
    game = Game.new(3)
    game.campaign = "3-sig"
    app = TripoliApp(game, handle_signals=True)
    app.walkthrough = False
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        os.kill(os.getpid(), signum)
        for _ in range(20):
            if not app.is_running:
                break
            await asyncio.sleep(0.05)
        assert not app.is_running, "the signal ends the game without a key pressed"
    assert app.return_code == 128 + signum and app.stopped_by == signum
    latest = storage.latest_save()
    assert latest is not None and latest.when == "Summer 1801"
    assert latest.name.startswith("autosave-3-sig-")


async def test_a_finished_game_is_recorded_once_and_game_over_is_shown():
    s = position("naval_movement")
    place(s, "sunk_us_frigates", "us_frigate", 3)
    s.forced_dice = [1, 1, 6, 6, 1, 1, 1]
    app = make_app(game_of(s), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m", "g", "t", "0")
        assert app.game.is_over
        assert app.game.state.result.winner == "tripolitania"
        assert isinstance(app.screen, GameOverScreen)
        app.record_result(app.game)  # a second call must not record it again
        assert len(storage.read_record().entries) == 1
        await press(pilot, "n", "enter")  # a new campaign, under the name offered
        assert isinstance(app.screen, GameScreen)
        assert not app.game.is_over


async def test_quit_stays_when_the_game_cannot_be_saved(monkeypatch):
    def full_disk(game):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "autosave", full_disk)
    app = make_app(Game.new(3), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "q")
        assert app.is_running and isinstance(app.screen, GameScreen), "q must not lose the turn"
        assert app.quit_unsaved and "No space left on device" in app.save_error
        await press(pilot, "q")
    assert app.return_code == 1


async def test_quit_after_a_failed_save_that_then_succeeds_exits_cleanly(monkeypatch):
    real_autosave = storage.autosave
    calls = []

    def flaky(game):
        calls.append(1)
        if len(calls) <= 2:
            raise OSError(30, "Read-only file system")
        return real_autosave(game)

    monkeypatch.setattr(storage, "autosave", flaky)
    app = make_app(Game.new(3), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "q")
        assert app.is_running
        await press(pilot, "q")
    assert app.return_code == 0 and storage.latest_save() is not None


async def test_the_app_clears_stale_temp_files_when_it_starts():
    folder = storage.save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stale = folder / ".autosave-1.toml.x1y2z3.tmp"
    stale.write_text("half a save")
    os.utime(stale, (1_000_000, 1_000_000))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
    assert not stale.exists()


def test_tripoli_new_takes_the_campaign_s_name(capsys):
    from tripoli_tui.cli.main import build_parser
    from tripoli_tui.tui.app import new_campaign

    args = build_parser().parse_args(["new", "--seed", "5", "--name", "  Fall of   Derne "])
    game = new_campaign(args.seed, args.name)
    assert game.campaign_facts.name == "Fall of Derne"
    assert new_campaign(5).campaign_facts.name.startswith("Seed 5, ")


def test_a_name_that_cannot_be_kept_is_refused_before_the_game_starts(capsys):
    assert run_app(new_seed=5, new_game=True, new_name="bad\x1b[2Jname") == 2
    err = capsys.readouterr().err
    assert "cannot name the campaign" in err and "control or invisible" in err
    assert "\x1b" not in err and "Traceback" not in err
