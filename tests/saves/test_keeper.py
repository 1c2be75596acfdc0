"""The save keeper (storage/keeper.py), which the app calls for every save it makes: tested
without a screen."""

from __future__ import annotations

from pathlib import Path

from tripoli_tui.engine.game import Game
from tripoli_tui.storage.keeper import Keeper


class Wrapper(Exception):
    """Like Textual's WorkerFailed: the error inside is held, not chained."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(f"Worker raised exception: {error!r}")
        self.error = error


def look_up_a_widget() -> None:
    raise LookupError("No nodes match 'CommandList'")


def test_a_crash_log_keeps_the_whole_traceback_the_error_inside_a_wrapper_included(
        save_folder: Path) -> None:
    try:
        look_up_a_widget()
    except LookupError as inner:
        wrapped = Wrapper(inner)
    game = Game.new(2)
    game.campaign = "2-crash"
    report = Keeper.crash(game, wrapped, versions="Python 3, Textual 8.")
    assert report.save is not None and report.save.name == "crash-2-crash.toml"
    assert report.log is not None
    log = report.log.read_text()
    assert "Python 3, Textual 8." in log
    assert "Wrapper: Worker raised exception" in log
    assert "The error inside it:" in log and "in look_up_a_widget" in log
    assert 'raise LookupError("No nodes match' in log


def test_a_tutorial_or_no_game_is_never_autosaved_and_a_game_is(save_folder: Path) -> None:
    keeper = Keeper()
    assert keeper.autosave(Game.new(2), tutorial=True) is None and not keeper.save_error
    assert keeper.autosave(None) is None
    path = keeper.autosave(Game.new(2))
    assert path is not None and path.exists()
