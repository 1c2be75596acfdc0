"""The settings file beside the saves: a round trip, and a broken or hand-edited file gives the
defaults with a problem in words, never an exception."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.engine.saves import SaveError
from tripoli_tui.storage.settings import SETTINGS_FILE, Settings, read_settings, write_settings


def test_no_file_means_the_defaults_and_no_problem(save_folder: Path) -> None:
    assert read_settings() == (Settings(walkthrough=True, theme=""), "")


def test_settings_round_trip_atomically_beside_the_saves(save_folder: Path) -> None:
    path = write_settings(Settings(walkthrough=False, theme="textual-light", card_marks=False))
    assert path == save_folder / SETTINGS_FILE
    assert read_settings() == (Settings(walkthrough=False, theme="textual-light",
                                        card_marks=False), "")
    assert [p.name for p in save_folder.iterdir()] == [SETTINGS_FILE]  # no temporary file left


def test_the_settings_file_is_not_listed_as_a_save(save_folder: Path) -> None:
    write_settings(Settings(walkthrough=False))
    assert storage.list_saves() == [] and storage.latest_save() is None


@pytest.mark.parametrize("text", ["walkthrough = tru", "\x00\xff", "[walkthrough\n", "= 1"])
def test_a_broken_file_gives_the_defaults_and_says_why(save_folder: Path, text: str) -> None:
    save_folder.mkdir()
    (save_folder / SETTINGS_FILE).write_bytes(text.encode("latin-1"))
    settings, problem = read_settings()
    assert settings == Settings()
    assert SETTINGS_FILE in problem and "default" in problem


def test_a_wrong_value_is_named_and_the_others_kept(save_folder: Path) -> None:
    save_folder.mkdir()
    (save_folder / SETTINGS_FILE).write_text('walkthrough = "off"\ntheme = "nord"\nextra = 1\n'
                                             'card_marks = 0\n')
    settings, problem = read_settings()
    assert settings == Settings(walkthrough=True, theme="nord", card_marks=True)
    assert "walkthrough = 'off' is not true or false" in problem
    assert "card_marks = 0 is not true or false" in problem


def test_a_settings_folder_in_place_of_the_file_is_a_problem_not_a_crash(save_folder: Path) -> None:
    (save_folder / SETTINGS_FILE).mkdir(parents=True)
    settings, problem = read_settings()
    assert settings == Settings() and problem
    with pytest.raises(SaveError, match=r"settings.toml could not be written \(Is a directory\)") \
            as refused:
        write_settings(Settings(walkthrough=False))
    assert ".tmp" not in str(refused.value), "the temporary file is never named"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_folder_raises_for_the_caller_to_report(save_folder: Path) -> None:
    save_folder.mkdir()
    save_folder.chmod(0o500)
    try:
        with pytest.raises(SaveError, match="settings.toml could not be written"):
            write_settings(Settings(walkthrough=False))
    finally:
        save_folder.chmod(0o700)


@pytest.mark.parametrize("name", ["settings", "Settings"])
def test_a_save_cannot_take_the_settings_file_s_name(save_folder: Path, name: str) -> None:
    """A save named 'settings' would be written over settings.toml, then hidden from the list and
    overwritten by the next preference changed: the name is refused."""
    from tripoli_tui.engine.game import Game

    with pytest.raises(storage.SaveError, match="keeps for itself"):
        storage.save_conflict(Game.new(1), name)
    with pytest.raises(storage.SaveError, match="keeps for itself"):
        storage.write_save(Game.new(1), name)


def test_a_save_folder_that_cannot_be_read_gives_the_defaults_and_says_why(
        save_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(self: Path) -> bool:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(Path, "exists", denied)  # (as root a chmod would not deny it)
    settings, problem = read_settings()
    assert settings == Settings() and "Permission denied" in problem and "default" in problem


def test_a_settings_file_too_large_says_its_own_limit(save_folder: Path) -> None:
    save_folder.mkdir()
    (save_folder / SETTINGS_FILE).write_text("# x\n" * 20_000)
    settings, problem = read_settings()
    assert settings == Settings() and "(64 KB)" in problem
