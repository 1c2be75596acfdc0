"""The limits that keep one player from hurting the others: games open (per player and in all),
logins that never finish, idle games, processor time, memory, the saves folder's size."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from tripoli_tui.serve.session import BYE, HOST_FULL, PLAYER_FULL

from .helpers import TIMEOUT, connect, hosting, logged, new_key, play, read_until
from .test_host import config


def test_32_games_hold_and_the_33rd_is_refused_with_a_message(tmp_path: Path) -> None:
    key = new_key(tmp_path, "club")

    async def run() -> None:
        async with hosting(config(tmp_path, sessions_per_player=99, sessions_per_address=99,
                                  connections_per_address=99)) as (port, host, log):
            conns = [await connect(port, key) for _ in range(4)]
            games = await asyncio.gather(*(play(conns[i % 4]) for i in range(32)))
            await asyncio.gather(*(read_until(g.stdout, b"GAME") for g in games))
            assert host.open_games == 32
            refused = await play(conns[0])
            said = await asyncio.wait_for(refused.stderr.read(), TIMEOUT)
            assert HOST_FULL.format(n=32).encode() in said
            assert (await asyncio.wait_for(refused.wait(), TIMEOUT)).exit_status == 1
            for game in games:
                assert game.exit_status is None  # the 32 still play
            games[0].stdin.write(b"quit\n")
            await asyncio.wait_for(games[0].wait(), TIMEOUT)
            again = await play(conns[0])  # a game ended: there is room again
            await read_until(again.stdout, b"GAME")
            for conn in conns:
                conn.close()
            assert "refused: the host was full" in await logged(log, "refused: the host was full")

    asyncio.run(run())


def test_a_player_may_have_two_games_others_still_play(tmp_path: Path) -> None:
    alice, bob = new_key(tmp_path, "alice"), new_key(tmp_path, "bob")

    async def run() -> None:
        async with hosting(config(tmp_path)) as (port, _, _):
            async with await connect(port, alice) as one, await connect(port, alice) as two:
                first, second = await play(one), await play(two)
                await read_until(first.stdout, b"GAME")
                await read_until(second.stdout, b"GAME")
                third = await play(one)
                said = await asyncio.wait_for(third.stderr.read(), TIMEOUT)
                assert PLAYER_FULL.format(n=2).encode() in said
                async with await connect(port, bob) as other:
                    await read_until((await play(other)).stdout, b"GAME")

    asyncio.run(run())


def test_a_connection_that_never_logs_in_is_dropped_after_its_grace(tmp_path: Path) -> None:
    async def run() -> None:
        async with hosting(config(tmp_path, login_seconds=1)) as (port, _, log):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            assert (await asyncio.wait_for(reader.readline(), TIMEOUT)).startswith(b"SSH-2.0-")
            started = time.monotonic()
            while await asyncio.wait_for(reader.read(4096), TIMEOUT):
                pass  # the host's key exchange offer, then nothing: we never answer
            dropped = time.monotonic() - started
            writer.close()
            assert dropped < 5
            text = await logged(log, "no player", "not logged in")
            assert "no player" in text and "not logged in" in text

    asyncio.run(run())


def test_an_idle_game_is_closed_with_a_message(tmp_path: Path) -> None:
    key = new_key(tmp_path, "alice")

    async def run() -> None:
        async with hosting(config(tmp_path, idle_minutes=0.02)) as (port, _, log):
            async with await connect(port, key) as conn:
                game = await play(conn)
                await read_until(game.stdout, b"GAME")
                await read_until(game.stdout, b"No key was pressed for 0.02 minutes")
                await asyncio.wait_for(game.wait(), TIMEOUT)
            assert "idle timeout" in await logged(log, "idle timeout")

    asyncio.run(run())


def test_a_game_past_its_processor_time_is_stopped_with_a_message(tmp_path: Path) -> None:
    key = new_key(tmp_path, "alice")
    busy = [sys.executable, "-c", "print('GAME', flush=True)\nwhile True: pass"]

    async def run() -> None:
        async with hosting(config(tmp_path, command=busy, cpu_minutes=0.01)) as (port, _, log):
            async with await connect(port, key) as conn:
                game = await play(conn)
                await read_until(game.stdout, BYE["cpu"].format(minutes=0.01).encode()[:40])
            assert "processor time used up" in await logged(log, "processor time used up")

    asyncio.run(run())


def test_each_game_runs_under_its_memory_cap(tmp_path: Path) -> None:
    """The launcher's limits hold in the game's process: an allocation past the cap fails there
    (the advisor thinks in that process, so it is held too)."""
    program = ("import resource\n"
               "print(resource.getrlimit(resource.RLIMIT_AS)[0] // 2**20,\n"
               "      resource.getrlimit(resource.RLIMIT_CORE))\n"
               "try:\n    block = bytearray(400 * 2**20)\nexcept MemoryError:\n    print('refused')\n")
    done = subprocess.run([sys.executable, "-m", "tripoli_tui.serve.child", str(300 * 2**20), "60",
                           str(2**20), "--", sys.executable, "-c", program],
                          capture_output=True, text=True, timeout=TIMEOUT)
    assert done.stdout.split() == ["300", "(0,", "0)", "refused"], done.stdout + done.stderr
