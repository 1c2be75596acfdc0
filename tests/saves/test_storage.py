"""The save folder: names, slots, autosaves, listing, and nothing written outside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.engine import Game
from tripoli_tui.engine.saves import SaveError

from .conftest import files_under
from .helpers import late_game, players

T0 = 1_800_000_000.0
"""A fixed modification time for listing tests (no clock)."""


def test_save_dir_defaults_to_saves_under_the_current_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRIPOLI_SAVE_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    assert storage.save_dir() == tmp_path / "saves"
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path / "elsewhere"))
    assert storage.save_dir() == tmp_path / "elsewhere"


@pytest.mark.parametrize("raw, name", [
    ("My campaign", "My campaign"),
    ("  spaced   out  ", "spaced   out"),
    ("game.toml", "game"),
    ("Élan 1805", "Élan 1805"),
    ("E\u0301lan", "Élan"),
    ("v1.2_b-3", "v1.2_b-3"),
    ("x" * 64, "x" * 64),
])
def test_names_are_used_exactly(raw: str, name: str) -> None:
    assert storage.check_name(raw) == name


@pytest.mark.parametrize("raw, message", [
    ("../../etc/passwd", "not '/'"),
    ("..", "no '.' at its start or end"),
    ("/", "not '/'"),
    ("a/b", "not '/'"),
    ("a\\b", "not '\\\\'"),
    ("a\u2215b", "not '\u2215'"),
    ("a\uff0fb", "not '\uff0f'"),
    ("bell\x07", "not U+0007"),
    ("new\nline", "not U+000A"),
    ("tab\there", "not U+0009"),
    (".hidden", "no '.' at its start or end"),
    ("a..b", "no '..'"),
    ("\u202eevil", "not U+202E"),
    ("x" * 65, "at most 64"),
    ("\U0001d538" * 60, "240 bytes in UTF-8, at most 160"),
    ("", "a save needs a name"),
    ("   ", "a save needs a name"),
    (".toml", "a save needs a name"),
])
def test_names_that_are_not_file_names_are_refused_saying_why(raw: str, message: str) -> None:
    with pytest.raises(SaveError) as refused:
        storage.check_name(raw)
    assert message in str(refused.value)


def test_two_names_never_share_a_file(save_folder: Path) -> None:
    written = {storage.write_save(Game.new(1), name) for name in ("a-b", "a b", "a_b", "A-b.toml")}
    assert len(written) == 4 or len({str(p).casefold() for p in written}) == 3
    for name in ("a/b", "a\\b", "a\u2215b"):
        with pytest.raises(SaveError):
            storage.write_save(Game.new(1), name)
    assert files_under(save_folder) == {p.name for p in written}


HOSTILE = ["../outside", "../../outside", "/tmp/absolute", "sub/dir", "..\\win", "\x00", "a" * 5000,
           "~/home", "$HOME", "con", ".", ".toml"]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_never_write_outside_the_save_folder(save_folder: Path, name: str) -> None:
    root = save_folder.parent
    before = files_under(root)
    game = Game.new(1)
    try:
        path = storage.write_save(game, name)
    except SaveError as exc:
        assert "name" in str(exc)
        assert files_under(root) == before
        return
    assert path.parent == save_folder
    assert files_under(root) - before == {f"saves/{path.name}"}


def test_reserved_names_are_refused(save_folder: Path) -> None:
    for name in ("latest", "autosave-2", "autosave-7-abc-1", "crash-7-abc", "campaign-record"):
        with pytest.raises(SaveError, match="keeps for itself"):
            storage.write_save(Game.new(1), name)
    assert not save_folder.exists() or files_under(save_folder) == set()


def test_write_then_read_by_name(save_folder: Path) -> None:
    game = late_game(152, 1803)
    path = storage.write_save(game, "Siege of Tripoli")
    assert path == save_folder / "Siege of Tripoli.toml"
    assert storage.resolve_save_path("Siege of Tripoli") == path
    assert storage.read_save(path).state == game.state
    assert [p.name for p in save_folder.iterdir()] == ["Siege of Tripoli.toml"]


def test_overwriting_a_save_replaces_it_whole(save_folder: Path) -> None:
    storage.write_save(late_game(152, 1803), "slot")
    later = late_game(152, 1805)
    path = storage.write_save(later, "slot")
    assert storage.read_save(path).state == later.state
    assert files_under(save_folder) == {"slot.toml"}


def test_autosaves_rotate_keeping_the_newest_five(save_folder: Path) -> None:
    game = Game.new(152)
    game.campaign = "152-abc"
    who = players(152)
    for n in range(1, 8):
        for _ in range(4):
            who.step(game)
        assert storage.autosave(game) == save_folder / f"autosave-152-abc-{n}.toml"
        assert storage.read_save(save_folder / f"autosave-152-abc-{n}.toml").state == game.state
    assert files_under(save_folder) == {f"autosave-152-abc-{n}.toml" for n in range(3, 8)}
    ring = storage.campaign_autosaves("152-abc")
    assert [p.name for p in ring] == [f"autosave-152-abc-{n}.toml" for n in range(3, 8)]
    assert [len(storage.read_save(p).history) for p in ring] == [12, 16, 20, 24, 28]


def test_each_campaign_keeps_its_own_autosaves(save_folder: Path) -> None:
    old, new = Game.new(5), Game.new(6)
    old.campaign, new.campaign = "5-old", "6-new"
    storage.autosave(old)
    who = players(6)
    for _ in range(8):  # many turns of the new campaign
        who.step(new)
        storage.autosave(new)
    assert [p.name for p in storage.campaign_autosaves("5-old")] == ["autosave-5-old-1.toml"]
    assert len(storage.campaign_autosaves("6-new")) == storage.AUTOSAVES_KEPT
    assert storage.read_save(save_folder / "autosave-5-old-1.toml").campaign == "5-old"


def test_the_same_position_is_not_autosaved_twice(save_folder: Path) -> None:
    game = late_game(152, 1803)
    game.campaign = "152-x"
    first = storage.autosave(game)
    _touch(first, 1_000_000_000)
    again = storage.read_save(first)  # loaded, then quit at once
    assert storage.autosave(again) == first
    assert files_under(save_folder) == {first.name}
    assert first.stat().st_mtime > 1_000_000_000, "the loaded autosave becomes the latest played"


def test_a_kill_during_the_rotation_leaves_no_gap(save_folder: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(152)
    game.campaign = "152-k"
    who = players(152)
    for _ in range(5):
        who.step(game)
        storage.autosave(game)
    who.step(game)

    def die(self: Path, missing_ok: bool = False) -> None:
        raise Killed

    with monkeypatch.context() as patched:
        patched.setattr(Path, "unlink", die)
        with pytest.raises(Killed):
            storage.autosave(game)
    ring = storage.campaign_autosaves("152-k")
    assert [p.name for p in ring] == [f"autosave-152-k-{n}.toml" for n in range(1, 7)]
    assert storage.read_save(ring[-1]).state == game.state
    who.step(game)
    storage.autosave(game)
    assert [p.name for p in storage.campaign_autosaves("152-k")] == [
        f"autosave-152-k-{n}.toml" for n in range(3, 8)]


def test_replacing_another_campaigns_save_asks_first(save_folder: Path) -> None:
    mine, theirs = late_game(152, 1803), late_game(153, 1804)
    mine.campaign, theirs.campaign = "152-me", "153-them"
    assert storage.save_conflict(mine, "Tripoli") == ""
    storage.write_save(theirs, "Tripoli")
    question = storage.save_conflict(mine, "Tripoli")
    assert "'Tripoli' holds a save of another campaign" in question
    assert f"{theirs.state.year}, gold {theirs.state.gold}" in question
    written = storage.write_save(mine, "Mine")
    assert storage.save_conflict(mine, "Mine", ours=storage.slots.stamp_of(written)) == ""
    assert "that this window did not write" in storage.save_conflict(mine, "Mine")
    (save_folder / "Junk.toml").write_text("not a save")
    assert "not a save this game can read" in storage.save_conflict(mine, "Junk")
    with pytest.raises(SaveError, match="not a save name"):
        storage.save_conflict(mine, "a/b")


def _touch(path: Path, seconds: float) -> None:
    os.utime(path, (seconds, seconds))


def test_list_saves_newest_first_with_their_facts(save_folder: Path) -> None:
    a = storage.write_save(late_game(152, 1803), "older")
    b = storage.write_save(late_game(152, 1805), "newer")
    auto = late_game(152, 1804)
    auto.campaign = "152-a"
    c = storage.autosave(auto)
    _touch(a, T0)
    _touch(b, T0 + 200)
    _touch(c, T0 + 100)
    infos = storage.list_saves()
    assert [i.name for i in infos] == ["newer", "autosave-152-a-1", "older"]
    newer = infos[0]
    game = storage.read_save(b)
    assert (newer.year, newer.season, newer.gold, newer.frigates_sunk) == (
        game.state.year, game.state.season, game.state.gold, game.state.frigates_sunk)
    assert newer.modified == T0 + 200 and newer.readable and newer.path == b
    assert newer.pending_side == (game.pending.side if game.pending else "")
    latest = storage.latest_save()
    assert latest is not None and latest.name == "newer"
    assert storage.resolve_save_path("latest") == b


def test_unreadable_saves_are_flagged_not_fatal(save_folder: Path) -> None:
    good = storage.write_save(Game.new(3), "good")
    bad = save_folder / "broken.toml"
    bad.write_text("format = 1\n[position]\nyear = 'soon'\n")
    huge = save_folder / "huge.toml"
    huge.write_bytes(b"#" * (storage.MAX_SAVE_BYTES + 1))
    (save_folder / "subfolder.toml").mkdir()
    _touch(good, T0)
    _touch(bad, T0 + 10)
    _touch(huge, T0 + 5)
    infos = storage.list_saves()
    assert [i.name for i in infos] == ["broken", "huge", "good"]
    assert "position.season: missing" in infos[0].error and "not read" in infos[1].error
    assert not infos[0].readable and infos[2].readable
    latest = storage.latest_save()
    assert latest is not None and latest.name == "good"


def test_no_saves_yet(save_folder: Path) -> None:
    assert storage.list_saves() == []
    assert storage.latest_save() is None
    with pytest.raises(SaveError, match="no save to continue"):
        storage.resolve_save_path("latest")
    with pytest.raises(SaveError, match="no save at"):
        storage.read_save(storage.resolve_save_path("nothing here"))


def test_a_failed_write_leaves_the_old_save_and_no_temporary_file(
        save_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = late_game(152, 1803)
    path = storage.write_save(game, "slot")
    old = path.read_bytes()

    def no_space(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(SaveError, match="No space left on device; the previous save is unchanged"):
        storage.write_save(late_game(152, 1805), "slot")
    assert path.read_bytes() == old
    assert files_under(save_folder) == {"slot.toml"}


class Killed(BaseException):
    """Stands for the process dying between two system calls."""


@pytest.mark.parametrize("call", ["replace", "fsync"])
def test_dying_in_the_middle_of_a_write_leaves_the_old_save(
        save_folder: Path, monkeypatch: pytest.MonkeyPatch, call: str) -> None:
    path = storage.write_save(late_game(152, 1803), "slot")
    old = path.read_bytes()

    def die(*args: object) -> None:
        raise Killed

    monkeypatch.setattr(os, call, die)
    with pytest.raises(Killed):
        storage.write_save(late_game(152, 1805), "slot")
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert storage.read_save(path).state == late_game(152, 1803).state


def test_examples_are_found_by_name(save_folder: Path) -> None:
    path = storage.resolve_save_path("03-tripoli-attacks")
    assert path == storage.examples_dir() / "03-tripoli-attacks.toml"
    examples = storage.list_examples()
    assert 5 <= len(examples) <= 16
    assert all(e.readable and e.title and e.description for e in examples)
    assert [e.lesson for e in examples] == sorted(e.lesson for e in examples)  # the course's order


def test_temp_files_left_by_an_interrupted_write_are_removed_once_stale(tmp_path, monkeypatch):
    import os as _os

    from tripoli_tui.storage.files import STALE_TEMP_SECONDS, remove_stale_temp_files

    folder = tmp_path / "saves"
    folder.mkdir()
    stale = folder / ".autosave-1.toml.k3j2h1.tmp"
    fresh = folder / ".my-campaign.toml.a9b8c7.tmp"
    save = folder / "my-campaign.toml"
    other = folder / ".notes.tmp"
    for path in (stale, fresh, save, other):
        path.write_text("x")
    now = stale.stat().st_mtime + STALE_TEMP_SECONDS + 5
    _os.utime(fresh, (now - 1, now - 1))
    assert remove_stale_temp_files(folder, now=now) == 1
    assert sorted(p.name for p in folder.iterdir()) == [
        ".my-campaign.toml.a9b8c7.tmp", ".notes.tmp", "my-campaign.toml"]


def test_rewriting_a_save_keeps_its_permissions(save_folder: Path) -> None:
    game = Game.new(3)
    path = storage.write_save(game, "shared")
    os.chmod(path, 0o644)
    storage.write_save(game, "shared")
    assert (path.stat().st_mode & 0o777) == 0o644
    auto = storage.autosave(game)
    os.chmod(auto, 0o640)
    who = players(3)
    who.step(game)
    following = storage.autosave(game)
    assert following != auto and (following.stat().st_mode & 0o777) == 0o640


def test_a_new_save_gets_the_usual_permissions_for_this_user(save_folder: Path) -> None:
    old = os.umask(0o022)
    try:
        path = storage.write_save(Game.new(3), "fresh")
        auto = storage.autosave(Game.new(3))
    finally:
        os.umask(old)
    assert (path.stat().st_mode & 0o777) == 0o644
    assert (auto.stat().st_mode & 0o777) == 0o644


@pytest.mark.parametrize("exists", [True, False])
def test_a_failed_save_says_the_previous_one_is_unchanged_only_if_there_was_one(
        save_folder: Path, monkeypatch: pytest.MonkeyPatch, exists: bool) -> None:
    game = Game.new(3)
    if exists:
        storage.write_save(game, "mine")

    def disk_full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(SaveError) as caught:
        storage.write_save(game, "mine")
    assert "No space left on device" in str(caught.value)
    assert ("the previous save is unchanged" in str(caught.value)) is exists
