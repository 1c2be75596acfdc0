"""--open bounded (issue 33, point 9): a folder only for a game played (a login alone, or a
refused one, makes none), a cap on keys never seen before per hour (a returning player always
comes in), and per-address limits on logged-in connections and games, so one person with many
keys takes neither every connection nor every game."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tripoli_tui.serve.session import ADDRESS_FULL

from .helpers import (
    TIMEOUT,
    closed_then_logged,
    hosting,
    logged,
    new_key,
    play,
    read_until,
    refused_with,
)
from .test_strangers import config, connect_from


def folders(tmp_path: Path) -> list[str]:
    players = tmp_path / "host" / "players"
    return sorted(p.name for p in players.iterdir()) if players.exists() else []


def test_a_folder_is_made_for_a_game_played_never_for_a_login(tmp_path: Path) -> None:
    alice = new_key(tmp_path, "alice")

    async def run() -> None:
        async with hosting(config(tmp_path)) as (port, _, _):
            async with await connect_from("127.0.0.1", port, alice):
                await asyncio.sleep(0.2)
            assert folders(tmp_path) == [], "a login alone made a folder"
            async with await connect_from("127.0.0.1", port, alice) as conn:
                await read_until((await play(conn)).stdout, b"GAME")
            assert len(folders(tmp_path)) == 1

    asyncio.run(run())


def test_new_keys_past_the_hour_s_cap_are_refused_and_a_returning_player_comes_in(
        tmp_path: Path) -> None:
    alice, bob, carol = (new_key(tmp_path, name) for name in ("alice", "bob", "carol"))

    async def run() -> None:
        async with hosting(config(tmp_path, new_players_per_hour=2)) as (port, _, log):
            for key in (alice, bob):
                async with await connect_from("127.0.0.1", port, key) as conn:
                    await read_until((await play(conn)).stdout, b"GAME")
            said = await refused_with(port, carol)
            assert any("takes 2 new players an hour" in words and "try again in 60 minutes" in words
                       for words in said), said
            assert len(folders(tmp_path)) == 2, "the refused key made a folder"
            async with await connect_from("127.0.0.1", port, alice) as conn:  # known: let in
                await read_until((await play(conn)).stdout, b"GAME")
            said = "refused: a new player past the 2 new players an hour"
            assert said in await logged(log, said)

    asyncio.run(run())


def test_one_address_with_many_keys_takes_neither_every_connection_nor_every_game(
        tmp_path: Path) -> None:
    keys = [new_key(tmp_path, f"key{n}") for n in range(5)]

    async def run() -> None:
        figures = {"connections_per_address": 3, "sessions_per_address": 2}
        async with hosting(config(tmp_path, **figures)) as (port, _, log):
            held = [await connect_from("127.0.0.1", port, key) for key in keys[:3]]
            said = await refused_with(port, keys[3])
            assert any("Your address has 3 connections open already" in w for w in said), said
            games = [await play(conn) for conn in held]
            for game in games[:2]:
                await read_until(game.stdout, b"GAME")
            third = await asyncio.wait_for(games[2].wait(), TIMEOUT)
            assert third.exit_status == 1
            assert ADDRESS_FULL.format(n=2).encode() in (third.stderr or b"")
            # another address is not held back by this one
            async with await connect_from("127.0.0.2", port, keys[4]) as conn:
                await read_until((await play(conn)).stdout, b"GAME")
            saids = ("refused: too many connections from 127.0.0.1",
                     "refused: the address had as many games open as allowed")
            text = await closed_then_logged(held, log, *saids)
            assert saids[0] in text
            assert saids[1] in text

    asyncio.run(run())


def test_a_host_that_takes_no_new_players_says_so(tmp_path: Path) -> None:
    alice = new_key(tmp_path, "alice")

    async def run() -> None:
        async with hosting(config(tmp_path, new_players_per_hour=0)) as (port, _, log):
            said = await refused_with(port, alice)
            assert any("takes no new players" in words for words in said), said
            assert folders(tmp_path) == []

    asyncio.run(run())
