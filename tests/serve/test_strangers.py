"""What a stranger can do to the club without a key: connections that never log in (many, from
one address) and logged-in connections that open no game. Neither shuts anyone else out."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import asyncssh

from tripoli_tui.serve.host import Config, Host, source_of
from tripoli_tui.serve.limits import Limits

from .helpers import (
    SMALL_GAME,
    TIMEOUT,
    closed_then_logged,
    hosting,
    logged,
    new_key,
    play,
    read_until,
    refused_with,
)


def config(tmp_path: Path, **figures: float) -> Config:
    return Config(tmp_path / "host", None, Limits(**figures), command=SMALL_GAME)  # type: ignore[arg-type]


async def connect_from(source: str, port: int, key: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
    """A client whose connection comes from `source` (any 127.x.y.z is this machine on Linux)."""
    return await asyncio.wait_for(asyncssh.connect(
        "127.0.0.1", port, local_addr=(source, 0), username="player", client_keys=[key], known_hosts=None,
        agent_path=None, preferred_auth="publickey"), TIMEOUT)


async def stranger(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection from 127.0.0.1 that reads the host's greeting and then never answers."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.1", 0))
    assert (await asyncio.wait_for(reader.readline(), TIMEOUT)).startswith(b"SSH-2.0-")
    return reader, writer


async def closed(reader: asyncio.StreamReader) -> bool:
    """Whether the host has closed this connection (it reads to its end at once)."""
    try:
        while await asyncio.wait_for(reader.read(65536), 0.5):
            pass
    except TimeoutError:
        return False
    except ConnectionError:
        return True
    return True


def test_a_flood_of_idle_connections_from_one_address_never_shuts_another_out(tmp_path: Path) -> None:
    key = new_key(tmp_path, "alice")

    async def run() -> None:
        async with hosting(config(tmp_path, logins=6, logins_per_address=3)) as (port, _, log):
            flood = [await stranger(port) for _ in range(20)]  # long past both limits
            async with await connect_from("127.0.0.2", port, key) as conn:
                await read_until((await play(conn)).stdout, b"GAME")
            # the oldest of the flood were dropped to make room; the newest still wait
            assert await closed(flood[0][0]) and not await closed(flood[-1][0])
            async with await connect_from("127.0.0.1", port, key) as conn:  # the flood's address too
                await read_until((await play(conn)).stdout, b"GAME")
            for _, writer in flood:
                writer.close()
            said = "dropped: too many connections not logged in from 127.0.0.1"
            assert said in await logged(log, said)

    asyncio.run(run())


def test_a_logged_in_connection_without_a_game_is_closed_after_the_login_time(tmp_path: Path) -> None:
    key = new_key(tmp_path, "alice")

    async def run() -> None:
        async with hosting(config(tmp_path, login_seconds=1)) as (port, _, log):
            conn = await connect_from("127.0.0.1", port, key)  # as `ssh -N`: logged in, no session
            await asyncio.wait_for(conn.wait_closed(), TIMEOUT)
            # one with a game stays past it, and is closed that long after its game ends
            async with await connect_from("127.0.0.1", port, key) as conn:
                game = await play(conn)
                await read_until(game.stdout, b"GAME")
                await asyncio.sleep(1.5)
                game.stdin.write(b"size\n")
                await read_until(game.stdout, b"SIZE")
            said = "no game within 1s of logging in (closed)"
            assert said in await logged(log, said)

    asyncio.run(run())


def test_logged_in_connections_are_capped_per_key_and_in_all(tmp_path: Path) -> None:
    alice, bob, carol = (new_key(tmp_path, name) for name in ("alice", "bob", "carol"))

    async def run() -> None:
        async with hosting(config(tmp_path, connections=3, connections_per_player=2)) as (port, _, log):
            held = [await connect_from("127.0.0.1", port, alice) for _ in range(2)]
            said = await refused_with(port, alice)  # a key past its connections
            assert any("2 connections open" in words for words in said), said
            held.append(await connect_from("127.0.0.1", port, bob))
            try:
                await connect_from("127.0.0.1", port, carol)
            except asyncssh.PermissionDenied:
                pass
            else:
                raise AssertionError("a key logged in past the host's connections")
            held[0].close()
            await held[0].wait_closed()
            await asyncio.sleep(0.2)
            async with await connect_from("127.0.0.1", port, carol) as conn:  # room again
                await read_until((await play(conn)).stdout, b"GAME")
            saids = ("refused: too many connections for this key",
                     "refused: too many connections on the host")
            text = await closed_then_logged(held[1:], log, *saids)
            assert saids[0] in text
            assert saids[1] in text

    asyncio.run(run())


class Stranger:
    """A connection not logged in, for the host's bookkeeping alone."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.dropped = ""

    def drop(self, why: str) -> None:
        self.dropped = why


def test_when_every_place_is_taken_the_oldest_of_the_source_with_the_most_makes_room(tmp_path: Path) -> None:
    host = Host(config(tmp_path, logins=5, logins_per_address=3), io.StringIO())
    waiting = [Stranger(name) for name in ("a1", "b1", "a2", "b2", "c1")]
    for stranger in waiting:
        host.wait_for_login(stranger, stranger.name[0])
    newcomer = Stranger("d1")
    host.wait_for_login(newcomer, "d")
    assert [s.name for s in waiting if s.dropped] == ["a1"]  # a and b hold the most; a1 is the oldest
    assert "the most from a" in waiting[0].dropped
    host.wait_for_login(Stranger("d2"), "d")
    assert [s.name for s in waiting if s.dropped] == ["a1", "b1"]
    host.logged_in(newcomer)  # a login frees its place
    assert newcomer not in host.waiting and len(host.waiting) == 4


def test_a_source_is_an_ipv4_address_or_an_ipv6_64() -> None:
    assert source_of("192.0.2.7") == "192.0.2.7"
    assert source_of("::ffff:192.0.2.7") == "192.0.2.7"
    assert source_of("2001:db8:1:2:aaaa::1") == source_of("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert source_of("2001:db8:1:3::1") != source_of("2001:db8:1:2::1")
