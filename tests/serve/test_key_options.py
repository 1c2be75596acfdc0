"""The options of an authorized_keys line mean what they mean to OpenSSH's sshd: `from=`,
`expiry-time=`, `restrict` and `no-pty` hold; any other option keeps the line's key out, loudly."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
from pathlib import Path

import asyncssh
import pytest

from tripoli_tui.serve.authorized_keys import address_allowed, parse_expiry
from tripoli_tui.serve.host import Config, Host
from tripoli_tui.serve.session import NO_TERMINAL_FOR_KEY

from .helpers import SMALL_GAME, TIMEOUT, Served, hosting, logged, new_key, play, read_until, wait_for
from .test_strangers import connect_from


def line(key: asyncssh.SSHKey, options: str = "") -> str:
    return (options + " " if options else "") + key.export_public_key().decode()


def keys_config(tmp_path: Path, *lines: str) -> Config:
    keys = tmp_path / "players.keys"
    keys.write_text("".join(lines))
    return Config(tmp_path / "host", keys, command=SMALL_GAME)


def test_from_lets_a_key_in_only_from_the_addresses_it_names(tmp_path: Path) -> None:
    alice, bob = new_key(tmp_path, "alice"), new_key(tmp_path, "bob")
    config = keys_config(tmp_path, line(alice, 'from="10.9.9.9"'),
                         line(bob, 'from="127.0.0.0/24,!127.0.0.2"'))

    async def run() -> None:
        async with hosting(config) as (port, _, log):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect_from("127.0.0.1", port, alice)
            with pytest.raises(asyncssh.PermissionDenied):
                await connect_from("127.0.0.2", port, bob)  # the ! pattern wins
            async with await connect_from("127.0.0.1", port, bob) as conn:
                await read_until((await play(conn)).stdout, b"GAME")
            said = "line 1 does not allow 127.0.0.1 (from=10.9.9.9)"
            assert said in await logged(log, said)

    asyncio.run(run())


def test_from_patterns_match_as_sshd_matches_them() -> None:
    assert address_allowed("10.9.9.9", "10.9.9.9") and not address_allowed("10.9.9.9", "10.9.9.8")
    assert address_allowed("192.0.2.0/24", "192.0.2.77") and not address_allowed("192.0.2.0/24", "192.0.3.1")
    assert address_allowed("10.0.*", "10.0.4.5") and not address_allowed("10.0.*", "10.1.4.5")
    assert address_allowed("192.0.2.?", "192.0.2.7") and not address_allowed("192.0.2.?", "192.0.2.70")
    assert not address_allowed("*,!192.0.2.0/24", "192.0.2.1")
    assert address_allowed("*,!192.0.2.0/24", "10.0.0.1")
    assert not address_allowed("!10.0.0.1", "10.0.0.2")  # a negation alone allows nothing
    assert address_allowed("2001:db8::/32", "2001:db8::5")
    assert address_allowed("127.0.0.1", "::ffff:127.0.0.1")
    assert not address_allowed("192.0.2.1/24", "192.0.2.1")  # host bits set: sshd refuses the pattern


def test_expiry_time_is_read_as_sshd_reads_it() -> None:
    assert parse_expiry("20000101Z") == dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
    assert parse_expiry("203001021530Z") == dt.datetime(2030, 1, 2, 15, 30, tzinfo=dt.UTC)
    assert parse_expiry("20300102153007z") == dt.datetime(2030, 1, 2, 15, 30, 7, tzinfo=dt.UTC)
    assert parse_expiry("20300102") == dt.datetime(2030, 1, 2).astimezone()
    for wrong in ("2030-01-02", "20301302", "203001", "tomorrow"):
        with pytest.raises(ValueError):
            parse_expiry(wrong)


def test_an_expired_key_is_refused_one_not_yet_expired_plays(tmp_path: Path) -> None:
    alice, bob = new_key(tmp_path, "alice"), new_key(tmp_path, "bob")
    config = keys_config(tmp_path, line(alice, 'expiry-time="20000101"'),
                         line(bob, 'expiry-time="29991231Z"'))

    async def run() -> None:
        async with hosting(config) as (port, _, log):
            with pytest.raises(asyncssh.PermissionDenied):
                await connect_from("127.0.0.1", port, alice)
            async with await connect_from("127.0.0.1", port, bob) as conn:
                await read_until((await play(conn)).stdout, b"GAME")
            said = "line 1 expired (expiry-time=20000101)"
            assert said in await logged(log, said)

    asyncio.run(run())


def test_a_key_without_a_terminal_is_told_it_cannot_play(tmp_path: Path) -> None:
    alice, bob, carol = (new_key(tmp_path, name) for name in ("alice", "bob", "carol"))
    config = keys_config(tmp_path, line(alice, "no-pty"), line(bob, "restrict"),
                         line(carol, "restrict,pty,no-port-forwarding,no-agent-forwarding,no-X11-forwarding,"
                                     "no-user-rc"))

    async def run() -> None:
        async with hosting(config) as (port, host, log):
            for key in (alice, bob):
                async with await connect_from("127.0.0.1", port, key) as conn:
                    refused = await play(conn)
                    said = await asyncio.wait_for(refused.stderr.read(), TIMEOUT)
                    assert NO_TERMINAL_FOR_KEY.encode() in said
                    assert (await asyncio.wait_for(refused.wait(), TIMEOUT)).exit_status == 1
            assert host.open_games == 0
            async with await connect_from("127.0.0.1", port, carol) as conn:  # pty gives it back
                await read_until((await play(conn)).stdout, b"GAME")
            said = "refused: no terminal for this key (no-pty or restrict)"
            assert said in await logged(log, said)

    asyncio.run(run())


def test_a_line_with_another_option_is_refused_loudly_at_start_and_at_each_reread(tmp_path: Path) -> None:
    alice, bob = new_key(tmp_path, "alice"), new_key(tmp_path, "bob")
    config = keys_config(tmp_path, "# the club\n", line(alice, 'command="/bin/sh",pty'), "not a key\n",
                         line(bob))
    log = io.StringIO()
    host = Host(config, log)
    assert host.admit(alice, "127.0.0.1")[0] is None
    assert host.admit(bob, "127.0.0.1")[0] is not None
    keys = config.authorized_keys
    text = log.getvalue()
    assert f"{keys} line 2: option 'command=\"/bin/sh\"' is not one this host honours" in text
    assert f"{keys} line 3: not a public key" in text
    host.admit(bob, "127.0.0.1")
    assert log.getvalue() == text  # the same file: said once
    assert keys is not None
    keys.write_text(line(bob, "port-forwarding") + line(alice, 'environment="A=b"'))
    host.admit(bob, "127.0.0.1")
    text = log.getvalue()
    assert f"{keys} line 1: option 'port-forwarding' is not one this host honours" in text
    assert f"{keys} line 2: option 'environment=\"A=b\"' is not one this host honours" in text
    assert host.admit(bob, "127.0.0.1")[0] is None


def test_the_host_names_a_refused_line_as_it_starts(tmp_path: Path) -> None:
    keys = tmp_path / "players.keys"
    keys.write_text(line(new_key(tmp_path, "alice"), 'permitopen="10.0.0.1:80"'))
    served = Served(tmp_path, "--authorized-keys", str(keys))
    try:
        assert wait_for(lambda: "line 1: option 'permitopen" in served.log_text()), served.log_text()
    finally:
        served.stop()
