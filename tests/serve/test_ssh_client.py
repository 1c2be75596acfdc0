"""The real `tripoli serve` command, the real game and the system's `ssh` client, on loopback."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .helpers import SSH, SSH_OPTIONS, TIMEOUT, Served, authorized, needs_ssh, new_key, wait_for

pytestmark = needs_ssh
TITLE = b"New campaign"


@contextmanager
def alice_and_mallory(tmp_path: Path, idle_minutes: str) -> Iterator[Served]:
    """A host for alice's key (mallory has one too, not authorized), stopped at the end."""
    alice = new_key(tmp_path / "keys", "alice")
    new_key(tmp_path / "keys", "mallory")
    keys = authorized(tmp_path / "authorized_keys", alice)
    host = Served(tmp_path, "--authorized-keys", str(keys), "--idle-minutes", idle_minutes)
    try:
        yield host
    finally:
        host.stop()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with alice_and_mallory(tmp_path, "0.1") as host:
        yield host


@pytest.fixture
def soon_idle(tmp_path: Path) -> Iterator[Served]:
    """A host whose games are idle after 3 s without a key (the test waits for it)."""
    with alice_and_mallory(tmp_path, "0.05") as host:
        yield host


class Terminal:
    """`ssh -tt` with a pipe for the keys and one for the screen."""

    def __init__(self, host: Served, key: Path) -> None:
        assert SSH is not None
        self.process = subprocess.Popen([SSH, *SSH_OPTIONS, "-tt", "-i", str(key), "-p", str(host.port),
                                         "127.0.0.1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.screen = b""

    def read_until(self, marker: bytes, seconds: float = TIMEOUT) -> bool:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        end = time.monotonic() + seconds
        while marker not in self.screen and time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                self.screen += chunk
        return marker in self.screen

    def press(self, keys: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(keys)
        self.process.stdin.flush()

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()


def player_folders(host: Served) -> list[Path]:
    return sorted((host.data / "players").iterdir())


def test_a_key_gets_the_title_screen_and_a_dropped_connection_autosaves(served: Served,
                                                                        tmp_path: Path) -> None:
    terminal = Terminal(served, tmp_path / "keys" / "alice")
    try:
        assert terminal.read_until(TITLE), terminal.screen[-400:]
        terminal.press(b"n")
        assert terminal.read_until(b"Name of the campaign"), terminal.screen[-400:]
        terminal.press(b"\r")  # the name offered
        assert terminal.read_until(b"Spring"), terminal.screen[-400:]
    finally:
        terminal.close()  # the connection drops, as a closed laptop lid does
    [folder] = player_folders(served)
    assert wait_for(lambda: list(folder.glob("autosave-*.toml")), 20), sorted(folder.iterdir())
    assert wait_for(lambda: "the connection closed" in served.log_text(), 10)
    assert "player 'alice'" in served.log_text()
    listing = subprocess.run([*served.process.args[:3], "serve", "--data", str(served.data), "--players"],
                             capture_output=True, text=True, timeout=TIMEOUT).stdout
    assert "alice" in listing and "SHA256:" in listing


def test_an_idle_game_is_saved_and_closed(soon_idle: Served, tmp_path: Path) -> None:
    served = soon_idle
    terminal = Terminal(served, tmp_path / "keys" / "alice")
    try:
        assert terminal.read_until(TITLE), terminal.screen[-400:]
        terminal.press(b"n")
        assert terminal.read_until(b"Name of the campaign"), terminal.screen[-400:]
        terminal.press(b"\r")  # the name offered
        assert terminal.read_until(b"Spring"), terminal.screen[-400:]
        assert terminal.read_until(b"your game was saved and closed", 30), terminal.screen[-400:]
        assert terminal.process.wait(TIMEOUT) == 128 + signal.SIGHUP  # the game's own status: hung up
    finally:
        terminal.close()
    [folder] = player_folders(served)
    assert list(folder.glob("autosave-*.toml"))
    assert wait_for(lambda: "idle timeout (ended on SIGHUP, saved)" in served.log_text(), 10), \
        served.log_text()


def test_what_is_not_a_game_is_refused(served: Served, tmp_path: Path) -> None:
    alice, mallory = tmp_path / "keys" / "alice", tmp_path / "keys" / "mallory"
    stranger = served.ssh(mallory, "127.0.0.1")
    assert stranger.returncode == 255 and "Permission denied" in stranger.stderr
    password = served.ssh(alice, "-o", "PreferredAuthentications=password,keyboard-interactive",
                          "-o", "BatchMode=no", "-o", "NumberOfPasswordPrompts=1", "127.0.0.1")
    assert password.returncode == 255 and "Permission denied (publickey)" in password.stderr
    command = served.ssh(alice, "127.0.0.1", "cat", "/etc/passwd")
    assert command.returncode == 1 and "root:" not in command.stdout
    assert "plays The Shores of Tripoli and nothing else" in command.stderr
    sftp = served.ssh(alice, "-s", "127.0.0.1", "sftp")
    assert sftp.returncode != 0 and sftp.stdout == ""
    forward = served.ssh(alice, "-o", "ExitOnForwardFailure=yes", "-N", "-R", "0:127.0.0.1:22", "127.0.0.1")
    assert forward.returncode == 255 and "forwarding failed" in forward.stderr
    assert not list(served.data.glob("players/*/*.toml"))


def test_a_full_saves_folder_is_said_in_the_game(tmp_path: Path) -> None:
    new_key(tmp_path / "keys", "alice")
    host = Served(tmp_path, "--open", "--saves-mb", "0.001")
    terminal = Terminal(host, tmp_path / "keys" / "alice")
    try:
        assert terminal.read_until(TITLE), terminal.screen[-400:]
        terminal.press(b"n")  # a new campaign autosaves at the start of the American turn
        assert terminal.read_until(b"Name of the campaign"), terminal.screen[-400:]
        terminal.press(b"\r")  # the name offered
        assert terminal.read_until(b"Autosave failed"), terminal.screen[-400:]
        assert terminal.read_until(b"your saves folder is full"), terminal.screen[-600:]
    finally:
        terminal.close()
        host.stop()
    assert not list(host.data.glob("players/*/*.toml"))
