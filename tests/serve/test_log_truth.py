"""The host's log, one line per connection, always true (issue 33, point 8): how a game ended is
read from its exit status and its files (a crash is no quit, 'saved' only when a save was
written after the host asked), a connection that drops while its game saves writes its line once
the game has ended, a stopping host writes every connection's line before 'stopped', and X11 and
agent forwarding asked for are logged as refused."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncssh
import pytest

from tripoli_tui.serve.host import Config
from tripoli_tui.serve.limits import Limits
from tripoli_tui.serve.server import stop_hosting

from .helpers import TIMEOUT, connect, hosting, new_key, play, read_until


def game(body: str) -> list[str]:
    """A stand-in game: says READY, then runs `body` (its saves folder is `folder`)."""
    return [sys.executable, "-c", (
        "import os, signal, sys, time, pathlib\n"
        "folder = pathlib.Path(os.environ['TRIPOLI_SAVE_DIR'])\n"
        "def save_and_end(signum, frame):\n"
        "    time.sleep(0.5)\n"
        "    (folder / 'autosave-x-1.toml').write_text('saved')\n"
        "    os._exit(128 + signum)\n"
        "signal.signal(signal.SIGHUP, save_and_end)\n"
        "signal.signal(signal.SIGTERM, save_and_end)\n"
        "print('READY', flush=True)\n" + body)]


QUITS = "sys.stdin.readline(); sys.exit(0)\n"
CRASHES = ("sys.stdin.readline()\n"
           "(folder / 'crash-x.toml').write_text('x'); (folder / 'crash-2026.log').write_text('why')\n"
           "sys.exit(1)\n")
KILLED = "sys.stdin.readline(); os.kill(os.getpid(), signal.SIGKILL)\n"
WAITS = "time.sleep(60)\n"


def config(tmp_path: Path, command: list[str]) -> Config:
    return Config(tmp_path / "host", None, Limits(), command=command)


async def line_of(log: object, needle: str, seconds: float = TIMEOUT) -> str:
    for _ in range(int(seconds * 20)):
        for line in log.getvalue().splitlines():  # type: ignore[attr-defined]
            if needle in line:
                return line
        await asyncio.sleep(0.05)
    raise AssertionError(f"{needle!r} never logged: {log.getvalue()}")  # type: ignore[attr-defined]


def played(tmp_path: Path, body: str) -> str:
    """The log line of one connection whose game runs `body` after a line of input."""
    key = new_key(tmp_path, "alice")

    async def run() -> str:
        async with hosting(config(tmp_path, game(body))) as (port, _, log):
            async with await connect(port, key) as conn:
                process = await play(conn)
                await read_until(process.stdout, b"READY")
                process.stdin.write(b"go\r")
                await asyncio.wait_for(process.wait(), TIMEOUT)
            return await line_of(log, key.get_fingerprint("sha256"))

    return asyncio.run(run())


def test_a_player_who_quits_is_said_to_quit(tmp_path: Path) -> None:
    assert played(tmp_path, QUITS).endswith(": the player quit")


def test_a_crash_is_logged_as_a_crash_never_a_quit(tmp_path: Path) -> None:
    line = played(tmp_path, CRASHES)
    assert line.endswith(": the game crashed (its crash save and log kept)"), line


def test_a_game_killed_is_said_killed_and_not_saved(tmp_path: Path) -> None:
    line = played(tmp_path, KILLED)
    assert line.endswith(": the game was killed by SIGKILL (not saved)"), line


def test_a_dropped_connection_writes_its_line_once_its_game_has_saved(tmp_path: Path) -> None:
    key = new_key(tmp_path, "alice")

    async def run() -> None:
        async with hosting(config(tmp_path, game(WAITS))) as (port, _, log):
            conn = await connect(port, key)
            process = await play(conn)
            await read_until(process.stdout, b"READY")
            conn.abort()  # the player's connection drops: the game is hung up and saves (0.5 s)
            await asyncio.sleep(0.2)
            alice = key.get_fingerprint("sha256")
            assert alice not in log.getvalue(), "written before the game had ended"
            line = await line_of(log, alice)
            assert line.endswith(": the connection closed; the game ended on SIGHUP (saved)"), line

    asyncio.run(run())


def test_a_stopping_host_writes_every_line_then_stopped(tmp_path: Path) -> None:
    alice, bob = new_key(tmp_path, "alice"), new_key(tmp_path, "bob")

    async def run() -> None:
        async with hosting(config(tmp_path, game(WAITS))) as (port, host, log):
            playing = await connect(port, alice)
            process = await play(playing)
            await read_until(process.stdout, b"READY")
            idle = await connect(port, bob)  # logged in, no game yet
            await stop_hosting(host, _Closed(), seconds=10)
            lines = log.getvalue().splitlines()
            assert lines[-1].endswith(" stopped"), lines
            alice_line = next(line for line in lines if alice.get_fingerprint("sha256") in line)
            bob_line = next(line for line in lines if bob.get_fingerprint("sha256") in line)
            assert alice_line.endswith(": the host stopped (ended on SIGTERM, saved)"), alice_line
            assert bob_line.endswith(": no game (closed: the host stopped)"), bob_line
            playing.close()
            idle.close()

    asyncio.run(run())


class _Closed:
    """An acceptor already closed (the test's host closes its own as it ends)."""

    def close(self) -> None:
        pass


def test_x11_and_agent_forwarding_asked_for_are_logged_as_refused(tmp_path: Path) -> None:
    key = new_key(tmp_path, "alice")
    agent_socket = tmp_path / "agent.sock"

    async def run() -> None:
        async with hosting(config(tmp_path, game(QUITS))) as (port, _, log):
            async with await connect(port, key, agent_forwarding=True,
                                     agent_path=str(agent_socket)) as conn:
                with pytest.raises(asyncssh.ChannelOpenError, match="X11 forwarding"):
                    await play(conn, x11_forwarding=True, x11_display="127.0.0.1:9",
                               x11_auth_path=str(tmp_path / "no-xauthority"))
                process = await play(conn)  # the agent asked for again, with the session
                await read_until(process.stdout, b"READY")
                process.stdin.write(b"go\r")
                await asyncio.wait_for(process.wait(), TIMEOUT)
            line = await line_of(log, key.get_fingerprint("sha256"))
            assert "refused: " in line and "X11 forwarding" in line and "agent forwarding" in line, line

    asyncio.run(run())



def test_a_game_that_writes_no_save_is_never_said_saved(tmp_path: Path) -> None:
    """Ended by the host (it stops), a game that writes nothing: the log says 'not saved' and the
    player is not told their game was saved."""
    key = new_key(tmp_path, "alice")
    careless = [sys.executable, "-c", "import sys, time\nprint('READY', flush=True)\ntime.sleep(60)\n"]

    async def run() -> None:
        async with hosting(config(tmp_path, careless)) as (port, host, log):
            conn = await connect(port, key)
            process = await play(conn)
            await read_until(process.stdout, b"READY")
            stopping = asyncio.ensure_future(stop_hosting(host, _Closed(), seconds=10))
            said = await read_until(process.stdout, b"Connect again when it is back.")
            assert b"no save was written" in said and b"your game was saved" not in said, said
            await stopping
            line = next(line for line in log.getvalue().splitlines()
                        if key.get_fingerprint("sha256") in line)
            assert line.endswith(": the host stopped (killed by SIGTERM, not saved)"), line
            conn.close()

    asyncio.run(run())


def test_a_game_landlock_would_not_confine_is_logged_as_not_started(tmp_path: Path) -> None:
    from tripoli_tui.serve.landlock import NOT_CONFINED

    line = played(tmp_path, f"sys.stdin.readline(); sys.exit({NOT_CONFINED})\n")
    assert line.endswith(": the game was not started: Landlock refused to confine it"), line
