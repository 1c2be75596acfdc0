"""A served game confined with Landlock (issue 33, point 6): it writes its own folder, and the
host's key, the host's log and another player's folder are out of its reach; a player's folder
that is a link is never followed; the host's log says how games are confined."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from tripoli_tui.serve.host import Config
from tripoli_tui.serve.landlock import abi_version, host_note, readable, within
from tripoli_tui.serve.limits import Limits
from tripoli_tui.serve.players import player_of

from .helpers import connect, hosting, logged, new_key, play, said_line

needs_landlock = pytest.mark.skipif(abi_version() <= 0, reason="no Landlock on this kernel")

PROBE = [sys.executable, "-c", (
    "import os, sys, pathlib\n"
    "folder = pathlib.Path(os.environ['TRIPOLI_SAVE_DIR'])\n"
    "data = folder.parent.parent\n"
    "def tried(what, act):\n"
    "    try:\n"
    "        act()\n"
    "        return what + '=yes'\n"
    "    except OSError as exc:\n"
    "        return what + '=no'\n"
    "results = [\n"
    "    tried('own', lambda: (folder / 'mine.toml').write_text('x')),\n"
    "    tried('hostkey', lambda: (data / 'host_key').read_bytes()),\n"
    "    tried('players', lambda: os.listdir(data / 'players')),\n"
    "    tried('other', lambda: (data / 'players' / 'other' / 'theirs.toml').read_text()),\n"
    "    tried('otherwrite', lambda: (data / 'players' / 'other' / 'planted.toml').write_text('x')),\n"
    "]\n"
    "print('PROBE', *results, flush=True)\n"
    "sys.stdin.readline()\n")]


@needs_landlock
def test_a_game_writes_its_own_folder_and_reads_nothing_of_the_host_s(tmp_path: Path) -> None:
    key = new_key(tmp_path / "keys", "alice")
    other = tmp_path / "host" / "players" / "other"
    other.mkdir(parents=True)
    (other / "theirs.toml").write_text("bob's campaign")

    async def run() -> list[str]:
        async with hosting(Config(tmp_path / "host", None, Limits(), command=PROBE)) as (port, _, log):
            async with await connect(port, key) as conn:
                game = await play(conn)
                said = await said_line(game.stdout, b"PROBE")
                game.stdin.write(b"\r")
            return said

    said = asyncio.run(run())
    assert said == ["own=yes", "hostkey=no", "players=no", "other=no", "otherwrite=no"], said
    assert not (other / "planted.toml").exists()


@needs_landlock
def test_the_host_says_how_its_games_are_confined(tmp_path: Path) -> None:
    assert host_note(tmp_path / "host").startswith("games confined by Landlock (ABI ")
    inside = Path(readable()[-1]) / "host-data"  # a host folder where every game may read
    assert "which games may read: move it" in host_note(inside)
    assert within(tmp_path, readable()) == ""


def test_a_player_s_folder_that_is_a_link_is_never_followed(tmp_path: Path) -> None:
    key = new_key(tmp_path / "keys", "alice")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    players = tmp_path / "host" / "players"
    players.mkdir(parents=True)
    os.symlink(elsewhere, players / player_of(key).id)

    async def run() -> str:
        async with hosting(Config(tmp_path / "host", None, Limits(), command=PROBE)) as (port, _, log):
            async with await connect(port, key) as conn:
                game = await play(conn)
                result = await asyncio.wait_for(game.wait(), 30)
                assert result.exit_status == 1
            return await logged(log, "the player's folder is a link: not followed")

    text = asyncio.run(run())
    assert "the player's folder is a link: not followed" in text, text
    assert list(elsewhere.iterdir()) == []


SHELL_PROBE = ["/bin/sh", "-c", (
    'own=no; (echo x > "$TRIPOLI_SAVE_DIR/mine.toml") 2>/dev/null && own=yes; '
    'key=no; (cat "$TRIPOLI_SAVE_DIR/../../host_key" > /dev/null) 2>/dev/null && key=yes; '
    'echo "PROBE uid=$(id -u) own=$own hostkey=$key"; read line')]
"""A game of the system's shell: the game's account must run it (a Python kept in root's home
could not be run by another account; the game's own is installed where it can, docs/serve.md)."""


@pytest.mark.skipif(os.geteuid() != 0, reason="--game-user needs the host started as root")
def test_games_run_as_the_game_user_in_a_folder_of_its_own(tmp_path: Path) -> None:
    import pwd

    nobody = pwd.getpwnam("nobody")
    user = (nobody.pw_uid, nobody.pw_gid)
    key = new_key(tmp_path / "keys", "alice")
    import shutil
    import tempfile

    place = Path(tempfile.mkdtemp(prefix="tripoli-host-", dir="/tmp"))  # others may pass through
    place.chmod(0o711)  # (pytest's own folder lets no other account through)
    data = place / "host"

    async def run() -> list[str]:
        config = Config(data, None, Limits(), command=SHELL_PROBE, game_user=user)
        async with hosting(config) as (port, _, _):
            async with await connect(port, key) as conn:
                game = await play(conn)
                said = await said_line(game.stdout, b"PROBE")
                game.stdin.write(b"\r")
            return said

    try:
        said = asyncio.run(run())
        assert said == [f"uid={user[0]}", "own=yes", "hostkey=no"], said
        folder = data / "players" / player_of(key).id
        assert folder.stat().st_uid == user[0] and (folder / "mine.toml").stat().st_uid == user[0]
        assert (data / "host_key").stat().st_uid == 0  # the host's, out of its reach
    finally:
        shutil.rmtree(place, ignore_errors=True)


def test_a_game_landlock_refuses_to_confine_never_starts(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Where the kernel has Landlock and it refuses (a rule, the ruleset), the launcher does not
    become the game unconfined: it says so and ends with NOT_CONFINED, which the log names."""
    import signal

    from tripoli_tui.serve import child, landlock

    monkeypatch.setattr(child, "limit", lambda which, value: None)  # (this process keeps its own)
    monkeypatch.setattr(signal, "signal", lambda *args: None)
    monkeypatch.setattr(landlock, "confine", lambda folder: "Landlock refused the rule for /usr")
    monkeypatch.setattr(landlock, "abi_version", lambda: 7)
    ran: list[list[str]] = []
    monkeypatch.setattr(child.os, "execvp", lambda program, args: ran.append(args))
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", "/nonexistent")
    assert child.main(["1000000000", "60", "1000000", "--", "tripoli"]) == landlock.NOT_CONFINED
    assert ran == [] and "could not be confined on this host" in capsys.readouterr().err
    monkeypatch.setattr(landlock, "abi_version", lambda: 0)  # no Landlock: the log said so
    child.main(["1000000000", "60", "1000000", "--", "tripoli"])
    assert ran == [["tripoli"]]
