"""The campaign record: each finished game appended once, with win/loss/draw totals."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.engine.saves import SaveError

from .helpers import late_game

WHEN = dt.datetime(2026, 11, 21, 8, 0, tzinfo=dt.UTC)


def finished(seed: int):  # type: ignore[no-untyped-def]
    game = late_game(seed, 1807)
    assert game.is_over
    return game


def test_finished_games_are_recorded_with_totals(save_folder: Path) -> None:
    assert storage.read_record().games == 0
    games = [finished(s) for s in (3, 152, 2122)]
    for i, game in enumerate(games):
        storage.record_result(game, when=WHEN + dt.timedelta(days=i))
    record = storage.read_record()
    assert record.problem == "" and record.games == 3
    winners = [g.state.result.winner for g in games]
    assert (record.wins, record.losses, record.draws) == (
        winners.count("us"), winners.count("tripolitania"), winners.count("draw"))
    first = record.entries[0]
    r = games[0].state.result
    assert r is not None
    assert (first.date, first.seed, first.winner, first.how) == (WHEN, 3, r.winner, r.how)
    assert (first.us_points, first.tripolitan_points) == (r.us_points, r.tripolitan_points)
    assert first.ending and first.start == "setup"
    assert [e.seed for e in record.entries] == [3, 152, 2122]


def test_a_game_is_recorded_once(save_folder: Path) -> None:
    game = finished(3)
    storage.record_result(game, when=WHEN)
    storage.record_result(game, when=WHEN + dt.timedelta(hours=1))
    assert storage.read_record().games == 1


def test_an_unfinished_game_is_not_recorded(save_folder: Path) -> None:
    with pytest.raises(SaveError, match="not over"):
        storage.record_result(late_game(152, 1803), when=WHEN)
    assert not (save_folder / storage.RECORD_FILE).exists()


def test_an_unreadable_record_is_kept_aside_not_lost(save_folder: Path) -> None:
    save_folder.mkdir()
    path = save_folder / storage.RECORD_FILE
    path.write_text("this is = = not toml")
    broken = storage.read_record()
    assert broken.games == 0 and "not valid TOML" in broken.problem
    storage.record_result(finished(3), when=WHEN)
    assert (save_folder / f"{storage.RECORD_FILE}.unreadable-1").read_text() == "this is = = not toml"
    assert storage.read_record().games == 1
    assert storage.list_saves() == []
