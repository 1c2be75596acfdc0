"""A host on a free loopback port, in this process (with any program for a game) or as the real
`tripoli serve` command, and clients: asyncssh's, or the system's `ssh`."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

import asyncssh
import pytest

from tripoli_tui.serve.host import Config, Host
from tripoli_tui.serve.server import start_server

SSH = shutil.which("ssh")
needs_ssh = pytest.mark.skipif(SSH is None, reason="the system ssh client is not installed")
SSH_OPTIONS = ["-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
               "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10",
               "-F", "/dev/null"]
TIMEOUT = 30.0

SMALL_GAME = [sys.executable, "-c", (
    "import os, sys\n"
    "size = os.get_terminal_size(0)\n"
    "print('GAME', os.environ['TRIPOLI_SAVE_DIR'], os.environ['TERM'], os.environ.get('COLORTERM', '-'),\n"
    "      f'{size.columns}x{size.lines}', os.getcwd(), flush=True)\n"
    "for line in sys.stdin:\n"
    "    if line.strip() == 'size':\n"
    "        size = os.get_terminal_size(0)\n"
    "        print('SIZE', f'{size.columns}x{size.lines}', flush=True)\n"
    "    elif line.strip() == 'quit':\n"
    "        sys.exit(0)\n")]
"""A stand-in game, light enough to open 33 of at once: it says where it saves, its terminal and
size, answers `size` and ends on `quit` (and, as any program on a terminal, on a hang-up)."""


def new_key(folder: Path, name: str) -> asyncssh.SSHKey:
    """A fresh key, written as `name` (private) and `name.pub` for ssh -i."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=name)
    folder.mkdir(parents=True, exist_ok=True)
    key.write_private_key(str(folder / name))
    os.chmod(folder / name, 0o600)
    key.write_public_key(str(folder / f"{name}.pub"))
    return key


def authorized(path: Path, *keys: asyncssh.SSHKey) -> Path:
    path.write_text("".join(key.export_public_key().decode() for key in keys))
    return path


@contextlib.asynccontextmanager
async def hosting(config: Config) -> AsyncIterator[tuple[int, Host, io.StringIO]]:
    """A host in this process on a free loopback port: (port, host, its log)."""
    log = io.StringIO()
    host = Host(config, log)
    acceptor = await start_server(config, host, 0, "127.0.0.1")
    try:
        yield acceptor.sockets[0].getsockname()[1], host, log
    finally:
        acceptor.close()
        for session in list(host.sessions):
            session.end_game("host", signal.SIGTERM)
        end = time.monotonic() + 20
        while host.sessions and time.monotonic() < end:
            await asyncio.sleep(0.05)


async def connect(port: int, key: asyncssh.SSHKey | None, **options: object) -> asyncssh.SSHClientConnection:
    return await asyncio.wait_for(asyncssh.connect(
        "127.0.0.1", port, username="player", client_keys=[key] if key else None, known_hosts=None,
        agent_path=options.pop("agent_path", None),
        preferred_auth=options.pop("preferred_auth", "publickey"), **options), TIMEOUT)


async def read_until(stream: asyncssh.SSHReader[bytes], marker: bytes, seconds: float = TIMEOUT) -> bytes:
    """What the stream gives until `marker` shows (AssertionError, with what came, if it does not)."""
    seen = b""
    end = time.monotonic() + seconds
    while marker not in seen:
        left = end - time.monotonic()
        if left <= 0:
            break
        try:
            chunk = await asyncio.wait_for(stream.read(65536), left)
        except TimeoutError:
            break
        if not chunk:
            break
        seen += chunk
    assert marker in seen, f"{marker!r} never came; got {seen[-600:]!r}"
    return seen


async def said_line(stream: asyncssh.SSHReader[bytes], marker: bytes) -> list[str]:
    """The words after `marker` on the line a stand-in game writes with it."""
    output = await read_until(stream, marker)
    while b"\n" not in output[output.index(marker):]:
        output += await read_until(stream, b"\n")
    line = output[output.index(marker):].split(b"\n")[0].rstrip(b"\r")
    return line.decode().split()[1:]


async def logged(log: io.StringIO, text: str, *more: str, times: int = 1,
                 seconds: float = TIMEOUT) -> str:
    """The host's log once `text` and each of `more` is in it `times` times, or as it stands after
    `seconds` (the caller's assertion then says what is missing). A connection's line is written
    as it ends, after its game has ended: a busy machine delayed it past the fixed 0.2 s these
    tests slept (test_players failed in two whole runs in a row on this shared machine)."""
    end = time.monotonic() + seconds
    while True:
        now = log.getvalue()
        if all(now.count(wanted) >= times for wanted in (text, *more)) or time.monotonic() > end:
            return now
        await asyncio.sleep(0.02)


async def closed_then_logged(conns: Iterable[asyncssh.SSHClientConnection], log: io.StringIO,
                             text: str, *more: str) -> str:
    """Close the connections held and return the host's log once it holds `text` and `more`."""
    for conn in conns:
        conn.close()
    return await logged(log, text, *more)


async def play(conn: asyncssh.SSHClientConnection, **options: object) -> asyncssh.SSHClientProcess[bytes]:
    """A session with a terminal, as `ssh HOST` opens one."""
    options.setdefault("term_type", "xterm-256color")
    options.setdefault("term_size", (80, 24))
    return await conn.create_process(encoding=None, **options)  # type: ignore[arg-type]


def wait_for(condition: object, seconds: float = TIMEOUT) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return bool(condition())  # type: ignore[operator]


class Served:
    """The real `tripoli serve` command on a free loopback port, logging to a file."""

    def __init__(self, tmp: Path, *flags: str) -> None:
        self.data = tmp / "host"
        self.log = tmp / "serve.log"
        env = {**os.environ, "TEXTUAL_ANIMATIONS": "none"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tripoli_tui.cli.main", "serve", "--allow-root",
             "--port", "0", "--address", "127.0.0.1",
             "--data", str(self.data), "--log", str(self.log), *flags],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        found = None
        end = time.monotonic() + TIMEOUT
        while found is None and time.monotonic() < end and self.process.poll() is None:
            time.sleep(0.1)
            found = re.search(r"listening on 127\.0\.0\.1:(\d+)", self.log_text())
        assert found, f"the host did not start: {self.log_text()} {self.stderr()}"
        self.port = int(found.group(1))

    def log_text(self) -> str:
        try:
            return self.log.read_text()
        except OSError:
            return ""

    def stderr(self) -> str:
        if self.process.poll() is None or self.process.stderr is None:
            return ""
        return self.process.stderr.read().decode(errors="replace")

    def ssh(self, key: Path, *args: str, seconds: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
        assert SSH is not None
        return subprocess.run([SSH, *SSH_OPTIONS, "-i", str(key), "-p", str(self.port), *args], text=True,
                              capture_output=True, timeout=seconds, stdin=subprocess.DEVNULL)

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(25)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        return self.process.returncode


class BannerReader(asyncssh.SSHClient):
    """A client that keeps what the host says before the login (its banner)."""

    said: list[str]

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.said.append(msg)


async def refused_with(port: int, key: asyncssh.SSHKey, source: str = "127.0.0.1") -> list[str]:
    """What the host said to a login it refused (AssertionError if it let the key in)."""
    said: list[str] = []

    def reader() -> BannerReader:
        client = BannerReader()
        client.said = said
        return client

    try:
        await asyncio.wait_for(asyncssh.connect(
            "127.0.0.1", port, local_addr=(source, 0), username="player", client_keys=[key],
            known_hosts=None, agent_path=None, client_factory=reader), TIMEOUT)
    except asyncssh.PermissionDenied:
        return said
    raise AssertionError("the key was let in")
