"""The host in this process on a loopback port, with asyncssh's client: who gets in, what they
get, what is refused, and the limits that keep players from hurting each other."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from tripoli_tui.serve.host import Config
from tripoli_tui.serve.limits import Limits
from tripoli_tui.serve.session import REFUSE_COMMAND

from .helpers import (
    SMALL_GAME,
    TIMEOUT,
    authorized,
    connect,
    hosting,
    logged,
    new_key,
    play,
    read_until,
    said_line,
)


def config(tmp_path: Path, *, keys: Path | None = None, command: list[str] | None = None,
           **limits: float) -> Config:
    return Config(tmp_path / "host", keys, Limits(**limits),  # type: ignore[arg-type]
                  command=command or SMALL_GAME)


async def game_line(game: asyncssh.SSHClientProcess[bytes]) -> list[str]:
    """What the stand-in game says as it starts: its saves folder, TERM, COLORTERM, size, folder."""
    return await said_line(game.stdout, b"GAME")


def test_a_key_in_the_file_plays_others_and_passwords_are_refused(tmp_path: Path) -> None:
    alice, bob = new_key(tmp_path, "alice"), new_key(tmp_path, "bob")
    keys = authorized(tmp_path / "authorized_keys", alice)

    async def run() -> None:
        async with hosting(config(tmp_path, keys=keys)) as (port, _, log):
            async with await connect(port, alice) as conn:
                game = await play(conn)
                await read_until(game.stdout, b"GAME")
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(port, bob)
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(port, None, password="alice", preferred_auth="password")
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(port, None, kbdint_auth=True, preferred_auth="keyboard-interactive")
            # bob is let in once the host adds his line: the file is read at every login
            authorized(keys, alice, bob)
            async with await connect(port, bob) as conn:
                await read_until((await play(conn)).stdout, b"GAME")
            refused = f"refused: key {bob.get_fingerprint('sha256')}"
            text = await logged(log, refused, "player 'alice'", "player 'bob'")
            assert refused in text
            assert "player 'alice'" in text and "player 'bob'" in text

    asyncio.run(run())


def test_a_command_a_subsystem_and_forwarding_are_refused(tmp_path: Path) -> None:
    alice = new_key(tmp_path, "alice")

    async def run() -> None:
        async with hosting(config(tmp_path)) as (port, _, log):
            async with await connect(port, alice) as conn:
                result = await asyncio.wait_for(conn.run("cat /etc/passwd", encoding=None), TIMEOUT)
                assert result.exit_status == 1
                assert b"root:" not in result.stdout
                assert REFUSE_COMMAND.encode() in result.stderr
                with pytest.raises(asyncssh.ChannelOpenError):
                    await asyncio.wait_for(conn.start_sftp_client(), TIMEOUT)
                with pytest.raises(asyncssh.ChannelOpenError):
                    await asyncio.wait_for(conn.open_connection("127.0.0.1", port), TIMEOUT)
                with pytest.raises(asyncssh.ChannelListenError):
                    await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port),
                                           TIMEOUT)
                # without a terminal there is no game either (ssh -T), only words saying why
                result = await asyncio.wait_for(conn.run(encoding=None), TIMEOUT)
                assert result.exit_status == 1 and b"needs a terminal" in result.stderr
            said = "refused: subsystem sftp, port forwarding"
            assert said in await logged(log, said)

    asyncio.run(run())


def test_each_key_has_its_own_folder_terminal_and_size(tmp_path: Path) -> None:
    alice, bob = new_key(tmp_path, "alice"), new_key(tmp_path, "bob")

    async def run() -> None:
        async with hosting(config(tmp_path)) as (port, _, _):
            async with await connect(port, alice) as conn:
                game = await play(conn, term_type="xterm", term_size=(100, 30),
                                  env={"COLORTERM": "truecolor", "TRIPOLI_SAVE_DIR": "/etc", "PATH": "/x"})
                folder, term, colorterm, size, cwd = await game_line(game)
                assert (term, colorterm, size) == ("xterm", "truecolor", "100x30")
                assert folder == cwd and Path(folder).parent == tmp_path / "host" / "players"
                game.change_terminal_size(120, 40)
                game.stdin.write(b"size\n")
                await read_until(game.stdout, b"SIZE 120x40")
                alice_folder = folder
            async with await connect(port, bob) as conn:
                game = await play(conn, env={"COLORTERM": "$(reboot)"})
                folder, term, colorterm = (await game_line(game))[:3]
                assert colorterm == "-" and term == "xterm-256color"
                assert folder != alice_folder and Path(folder).parent == Path(alice_folder).parent
            async with await connect(port, alice) as conn:  # the same key: the same folder
                game = await play(conn)
                assert (await game_line(game))[0] == alice_folder
        assert (Path(alice_folder).stat().st_mode & 0o777) == 0o700

    asyncio.run(run())
