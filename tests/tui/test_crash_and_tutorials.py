"""A crash is not a loss (crash save, crash log, Continue), a tutorial takes no autosave, and the
save dialog never lets a name silently replace another campaign's save."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp, new_campaign
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.save_dialog import SaveDialog
from tripoli_tui.tui.screens.title import TitleScreen
from tripoli_tui.tui.widgets.tutorial_note import TutorialNote


class Boom(RuntimeError):
    """An error no code path expects."""


async def test_an_unexpected_error_saves_the_game_and_writes_a_log(monkeypatch):
    game = new_campaign(11)
    app = make_app(game, walkthrough=False)

    def broken(self: GameScreen) -> None:
        raise Boom("the help is broken")

    monkeypatch.setattr(GameScreen, "action_help", broken)
    with pytest.raises(Boom):
        async with app.run_test(size=(80, 24)) as pilot:
            await press(pilot, "b")  # a gunboat built, and the T-bot's turn played
            assert len(app.game.history) > 1
            await press(pilot, "question_mark")
    report = app.crash
    assert report is not None and app.return_code == 1
    assert report.save == storage.save_dir() / f"crash-{game.campaign}.toml"
    crashed = storage.read_save(report.save)
    assert crashed.state == game.state and crashed.campaign == game.campaign
    assert report.log is not None and report.log.parent == storage.save_dir()
    log = report.log.read_text()
    assert "Traceback" in log and "Boom: the help is broken" in log
    line = report.line()
    assert "\n" not in line and "Traceback" not in line
    assert str(report.save) in line and str(report.log) in line and "Continue" in line
    latest = storage.latest_save()
    assert latest is not None and latest.path == report.save, "Continue offers the crash save"


async def test_a_tutorial_takes_no_autosave_and_never_becomes_continue():
    example = storage.resolve_save_path("01-five-corsair-check")
    app = TripoliApp()
    app.walkthrough = False
    async with app.run_test(size=(80, 24)) as pilot:
        app._load(example)
        await pilot.pause()
        assert app.tutorial and isinstance(app.screen, GameScreen)
        note = app.screen.query_one(TutorialNote)
        assert note.tutorial.title == "Five Corsair Check"
        assert "Five Corsair Check" in note.border_title and note.region.height <= 3
        assert "corsairs in the harbor of Tripoli" in str(note.render())
        await press(pilot, "f2")
        assert note.has_class("open") and note.region.height > 3, "F2 shows the whole text"
        await press(pilot, "f2")
        assert not note.has_class("open")
        screen = app.screen
        for _ in range(12):  # play on to the American turn, where a campaign would be autosaved
            pending = app.game.pending
            if pending is None or pending.kind == "american_play":
                break
            if pending.side == "us":
                if app.screen is not screen:
                    await press(pilot, "escape")
                await screen.submit(pending.options[-1])
            else:
                await press(pilot, "f")
            await pilot.pause()
        assert app.game.pending is not None and app.game.pending.kind == "american_play"
        app.autosave(quiet=True)
        await press(pilot, "q")  # a lesson left: back to the title, and quit from there
        assert isinstance(app.screen, TitleScreen)
        await press(pilot, "q")
    assert app.return_code == 0
    assert storage.list_saves() == [] and storage.latest_save() is None


async def test_saving_over_another_campaigns_save_asks_first():
    theirs = new_campaign(21)
    storage.write_save(theirs, "Tripoli")
    before = (storage.save_dir() / "Tripoli.toml").read_text()
    mine = new_campaign(22)
    app = make_app(mine, walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "s")
        assert isinstance(app.screen, SaveDialog)
        app.screen.query_one("#save-name").value = "Tripoli"
        await press(pilot, "enter")
        assert isinstance(app.screen, SaveDialog), "the question is asked, nothing written yet"
        assert "another campaign" in str(app.screen.query_one("#save-error").render())
        assert (storage.save_dir() / "Tripoli.toml").read_text() == before
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
    assert storage.read_save(storage.save_dir() / "Tripoli.toml").campaign == mine.campaign


async def test_a_name_that_is_not_a_file_name_is_refused_in_the_dialog():
    app = make_app(new_campaign(23), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "s")
        app.screen.query_one("#save-name").value = "a\u2215b"
        await press(pilot, "enter")
        assert isinstance(app.screen, SaveDialog)
        assert "not a save name" in str(app.screen.query_one("#save-error").render())
        app.screen.query_one("#save-name").value = "\U0001d538" * 60
        await press(pilot, "enter")
        assert "bytes" in str(app.screen.query_one("#save-error").render())
        await press(pilot, "escape")
    assert all(info.name.startswith("autosave-") for info in storage.list_saves())


def test_a_new_campaign_has_its_own_label():
    a, b = new_campaign(5), new_campaign(5)
    assert a.campaign.startswith("5-") and a.campaign != b.campaign
    assert Game.new(5).campaign == ""


async def test_a_campaign_shows_no_tutorial_note_and_no_tutorial_key():
    app = make_app(new_campaign(24), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query(TutorialNote)
        assert app.screen.check_action("tutorial_note", ()) is False


async def test_textual_s_panic_is_a_crash_like_any_other():
    """Textual ends the app by `panic` on errors it caught itself (printing a traceback, exit
    status 0): the game is crash-saved and logged, and nothing is printed but our line."""
    game = new_campaign(12)
    app = make_app(game, walkthrough=False)
    with pytest.raises(RuntimeError, match="the input is broken"):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.panic("Traceback (most recent call last):\n  File 'x'\nRuntimeError: the input is broken")
            await pilot.pause()
    report = app.crash
    assert report is not None and app.return_code == 1
    assert report.error == "TextualPanic: RuntimeError: the input is broken"
    assert report.save == storage.save_dir() / f"crash-{game.campaign}.toml"
    assert report.log is not None and "File 'x'" in report.log.read_text()
    assert not app._exit_renderables
