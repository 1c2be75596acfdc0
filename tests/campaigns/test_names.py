"""A campaign's name: checked (never empty, one line, no control or invisible character, at most 60
characters), given at the start, and changed later everywhere it is shown (Load, Continue, the
record, the timeline, `tripoli history`) without a save file being rewritten, moved or renamed."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from tests.saves.helpers import late_game, play_to_end, players
from tripoli_tui import storage
from tripoli_tui.cli.main import main
from tripoli_tui.engine import Game
from tripoli_tui.engine.saves import load_game_text
from tripoli_tui.storage import files
from tripoli_tui.storage.campaigns import (
    campaign_rows,
    list_campaigns,
    rename_campaign,
    rename_game,
    start_campaign,
)
from tripoli_tui.storage.identity import check_campaign_name
from tripoli_tui.storage.keeper import open_save
from tripoli_tui.tui.screens.load_rows import campaign_of

WHEN = dt.datetime(2026, 11, 26, 9, 30, tzinfo=dt.UTC)


@pytest.mark.parametrize("typed, kept", [
    ("  The   Barbary   war ", "The Barbary war"),
    ("é 1803 — the blockade (2)", "é 1803 — the blockade (2)"),
    ("x" * 60, "x" * 60),
])
def test_a_name_is_kept_on_one_line(typed: str, kept: str) -> None:
    assert check_campaign_name(typed) == kept


@pytest.mark.parametrize("typed, said", [
    ("", "needs a name"),
    ("   ", "needs a name"),
    ("two\nlines", "control or invisible characters (␊)"),
    ("a\ttab", "(␉)"),
    ("clear \x1b[2J", "(␛)"),
    ("right\u202eleft", "(�)"),
    ("zero\u200bwidth", "(U+200B)"),
    ("x" * 61, "at most 60 characters; this one has 61"),
])
def test_a_bad_name_is_refused_saying_why(typed: str, said: str) -> None:
    with pytest.raises(storage.SaveError, match=re.escape(said)):
        check_campaign_name(typed)
    with pytest.raises(storage.SaveError):
        start_campaign(Game.new(7), typed if typed.strip() else "x" * 61)


def _saves_of(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()
            if p.suffix == ".toml" and p.name != storage.RECORD_FILE}


def _a_campaign_with_saves() -> Game:
    game = start_campaign(late_game(152, 1802), when=WHEN)
    storage.write_save(game, "before the storm")
    storage.autosave(game)
    players(1).step(game)
    storage.autosave(game)
    return game


def test_a_rename_shows_everywhere_and_no_save_file_is_touched(
        save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = start_campaign(late_game(9, 1802), when=WHEN)
    storage.autosave(other)
    game = _a_campaign_with_saves()
    before = _saves_of(save_folder)
    assert rename_campaign(game.campaign, "  The long   blockade ") == "The long blockade"
    assert _saves_of(save_folder) == before  # not one save rewritten, moved or renamed
    names = {c.label: c.name for c in list_campaigns()[0]}
    assert names == {game.campaign: "The long blockade", other.campaign: "Seed 9, 26 Nov 2026"}
    latest = storage.latest_save()
    assert latest is not None and latest.campaign == game.campaign
    assert campaign_of(latest) == "The long blockade"  # what Continue shows
    rows = campaign_rows(list_campaigns()[0], storage.read_record())
    assert "The long blockade" in {r.name for r in rows}
    opened = open_save(latest.path)
    assert storage.game_name(opened) == "The long blockade"
    assert 'name = "The long blockade"' in storage.autosave(opened).read_text(encoding="utf-8")
    assert main(["history", "before the storm"]) == 0
    assert capsys.readouterr().out.startswith("The long blockade: ")


def test_a_finished_campaign_whose_saves_are_gone_is_renamed_in_the_record(
        save_folder: Path) -> None:
    game = play_to_end(start_campaign(late_game(152, 1802), when=WHEN), players(152))
    storage.record_result(game, when=WHEN)
    storage.record_drill(3, 4, "game", when=WHEN)
    rename_campaign(game.campaign, "Lost at sea")
    record = storage.read_record()
    assert [r.name for r in campaign_rows([], record)] == ["Lost at sea"]
    assert len(record.entries) == 1 and len(record.drills) == 1  # the rest of the record kept
    storage.record_tutorial("01-first", when=WHEN)
    assert storage.read_record().names == {game.campaign: "Lost at sea"}


def test_a_rename_that_cannot_be_written_changes_nothing(
        save_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _a_campaign_with_saves()
    before = _saves_of(save_folder)

    def full_disk(path: Path, text: str, **_: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(storage.record, "atomic_write", full_disk)
        with pytest.raises(storage.SaveError, match="No space left"):
            rename_game(game, "The long blockade")
    assert storage.game_name(game) == "Seed 152, 26 Nov 2026"
    assert {c.name for c in list_campaigns()[0]} == {"Seed 152, 26 Nov 2026"}
    assert _saves_of(save_folder) == before
    with pytest.raises(storage.SaveError, match="needs a name"):
        rename_game(game, " ")
    assert storage.read_record().names == {}


def test_a_name_edited_by_hand_into_the_record_that_cannot_be_kept_is_left_out(
        save_folder: Path) -> None:
    game = _a_campaign_with_saves()
    rename_campaign(game.campaign, "Kept")
    path = save_folder / storage.RECORD_FILE
    text = path.read_text(encoding="utf-8")
    path.write_text(text + f'"{"9-abcdef"}" = "{"y" * 70}"\n"seed-3" = "a\\u001bb"\n',
                    encoding="utf-8")
    assert storage.read_record().names == {game.campaign: "Kept"}
    saved = load_game_text(files.read_text(storage.autosave(open_save("before the storm")),
                                           10**6))
    assert storage.game_name(saved) == "Kept"
