"""What checking each save found is kept beside the saves (storage/checked.py): the next list of
saves reads no save that has not changed since, and lists exactly what checking it would; a save
changed, a game changed or a kept file that is not what the game writes means checking again."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.engine import Game
from tripoli_tui.storage import checked, listing
from tripoli_tui.storage.kept import kept_name

from .helpers import late_game

KEPT = kept_name(checked.WHAT)


def new_process() -> None:
    """What a new start of the game knows: nothing checked in the process."""
    listing._CHECKED.clear()
    checked.forget()


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the saves read and checked (listing._check_text), in order."""
    read: list[str] = []
    check = listing._check_text

    def counting(path: Path) -> listing.Checked:
        read.append(path.name)
        return check(path)

    monkeypatch.setattr(listing, "_check_text", counting)
    return read


@pytest.fixture
def folder(save_folder: Path) -> Iterator[Path]:
    """A save folder of four saves (a named one, an autosave of a campaign, a new game's, and one
    that does not open), in a new process."""
    new_process()
    storage.write_save(late_game(152, 1803), "named")
    auto = late_game(152, 1804)
    auto.campaign = "152-a"
    storage.autosave(auto)
    (save_folder / "broken.toml").write_text("format = 1\n[position]\nyear = 'soon'\n")
    storage.write_save(Game.new(5), "fresh")
    yield save_folder
    new_process()


def listed() -> list[storage.SaveInfo]:
    return storage.list_saves()


def test_an_unchanged_folder_is_listed_again_without_reading_a_save(
        folder: Path, counted: list[str]) -> None:
    first = listed()
    assert sorted(counted) == sorted(p.name for p in folder.glob("*.toml")) and (folder / KEPT).is_file()
    new_process()
    counted.clear()
    again = listed()
    assert counted == [] and again == first
    assert any(not info.readable and "position.season: missing" in info.error for info in again)
    latest = storage.latest_save()
    assert counted == [] and latest is not None and latest == next(i for i in first if i.readable)


def test_a_changed_save_alone_is_checked_again(folder: Path, counted: list[str]) -> None:
    listed()
    new_process()
    counted.clear()
    storage.write_save(late_game(152, 1805), "named")  # the same name, another game
    os.utime(folder / "named.toml", ns=(1, 1))  # (even with an older time: another time is enough)
    again = {info.name: info for info in listed()}
    assert counted == ["named.toml"]
    game = storage.read_save(folder / "named.toml")
    assert (again["named"].year, again["named"].gold) == (game.state.year, game.state.gold)


def test_a_save_gone_leaves_the_kept_file(folder: Path) -> None:
    listed()
    (folder / "fresh.toml").unlink()
    storage.write_save(Game.new(6), "another")
    listed()
    kept = json.loads((folder / KEPT).read_text())
    assert "fresh.toml" not in kept["saves"] and "another.toml" in kept["saves"]


def test_another_game_checks_every_save_again(folder: Path, counted: list[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    first = listed()
    new_process()
    counted.clear()
    monkeypatch.setattr(checked, "_code", ["the game updated"])  # its rules changed, say
    assert listed() == first and len(counted) == len(first)


NOT_KEPT_CHECKS = [
    b"", b"not json at all", b"\xff\xfe", b"[1, 2, 3]", b'{"format": "tripoli checked saves 0"}',
    b'{"format": "tripoli checked saves 1", "code": "another game", "saves": {}}',
]


@pytest.mark.parametrize("content", NOT_KEPT_CHECKS)
def test_a_kept_file_not_the_games_own_means_checking_again(
        folder: Path, counted: list[str], content: bytes) -> None:
    first = listed()
    (folder / KEPT).write_bytes(content)
    new_process()
    counted.clear()
    assert listed() == first and len(counted) == len(first)


def _edit_entries(folder: Path, change) -> None:
    kept = json.loads((folder / KEPT).read_text())
    for entry in kept["saves"].values():
        change(entry)
    (folder / KEPT).write_text(json.dumps(kept))


@pytest.mark.parametrize("change", [
    lambda entry: entry.__setitem__(2, ["facts", "1803"]),  # fields missing
    lambda entry: entry[2].__setitem__(1, "1803") if entry[2][0] == "facts" else entry.clear(),
    lambda entry: entry[2].__setitem__(-1, 1) if entry[2][0] == "facts" else entry.append(0),
    lambda entry: entry[2].__setitem__(12, ["", "", "0", ""]) if entry[2][0] == "facts"
    else entry[2].__setitem__(2, "yes"),
    lambda entry: entry.__setitem__(2, ["opens", 1]),
    lambda entry: entry.__setitem__(0, True),
], ids=["fields missing", "year as text", "flag as a number", "rollbacks as text", "no kind",
        "time not a number"])
def test_an_entry_not_the_games_own_means_checking_that_save_again(
        folder: Path, counted: list[str], change) -> None:
    first = listed()
    _edit_entries(folder, change)
    new_process()
    counted.clear()
    assert listed() == first and len(counted) == len(first)


def test_text_kept_is_shown_safely_whatever_the_file_says(folder: Path) -> None:
    listed()

    def hostile(entry: list) -> None:
        if entry[2][0] == "facts":
            entry[2][6] = "\x1b]52;c;aGk=\x07 the title"  # a terminal command, and a bell
        else:
            entry[2][1] = "\x1b[2J cleared"

    _edit_entries(folder, hostile)
    new_process()
    for info in listed():
        assert "\x1b" not in info.title + info.error and "\x07" not in info.title


def test_a_hosted_game_keeps_no_checks(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SERVED_ENV, "1")
    listed()
    assert not (folder / KEPT).exists()


def test_saves_elsewhere_are_checked_but_not_kept(tmp_path: Path, folder: Path,
                                                  counted: list[str]) -> None:
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_bytes((folder / "fresh.toml").read_bytes())
    for _ in range(2):
        new_process()
        facts, error, _ = storage.check_file(elsewhere)
        assert facts is not None and error == ""
    assert counted == ["elsewhere.toml", "elsewhere.toml"] and not (folder / KEPT).exists()


def test_the_tutorials_checks_are_kept_beside_the_saves(folder: Path, counted: list[str]) -> None:
    first = storage.list_examples()
    assert len(counted) == len(first) > 0
    listed()  # (a list of the saves keeps the tutorials' checks)
    new_process()
    counted.clear()
    assert storage.list_examples() == first and counted == []


def test_every_fact_a_list_shows_is_of_a_kind_the_kept_checks_hold() -> None:
    """A field added to SaveFacts (or CampaignFacts) of another kind would never be read back
    from the kept file: every save would be checked again at every start, and nothing would say
    so."""
    from dataclasses import fields

    from tripoli_tui.engine.game import CampaignFacts

    kinds = {str(f.type) for kind in (listing.SaveFacts, CampaignFacts) for f in fields(kind)}
    assert kinds <= {*listing._KINDS, "CampaignFacts"}, kinds
