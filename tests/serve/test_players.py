"""Who a key is, where its saves go, and what `--players` and `--openssh` print."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys
from pathlib import Path

from tripoli_tui.serve.authorized_keys import read_authorized_keys
from tripoli_tui.serve.limits import Limits
from tripoli_tui.serve.openssh import authorized_lines
from tripoli_tui.serve.players import (
    adopt_key_folder,
    host_key,
    list_players,
    player_of,
    record_visit,
)

from .helpers import TIMEOUT, new_key


def test_no_comment_or_name_shapes_a_players_folder(tmp_path: Path) -> None:
    key = new_key(tmp_path, "k")
    keys = tmp_path / "authorized_keys"
    keys.write_text("# the club\n\nnot a key\n"
                    f'restrict,pty,from="127.0.0.1" {key.export_public_key().decode().split()[0]} '
                    f"{key.export_public_key().decode().split()[1]} ../../etc/passwd\x1b[2J\n")
    [[found]] = read_authorized_keys(keys).lines.values()
    player = player_of(found.key, found.name)
    assert re.fullmatch(r"[0-9a-f]{32}", player.id)
    assert player.folder(tmp_path / "host") == tmp_path / "host" / "players" / player.id
    assert player.name == "../../etc/passwd[2J"  # a name for the log, never a path; no escape codes
    assert player.fingerprint == key.get_fingerprint("sha256")
    assert player_of(key).name == f"player-{player.key_id[:8]}"
    assert player_of(key).id == player.key_id != player.id  # no name: the key alone


def test_the_host_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    first = host_key(tmp_path / "host")
    assert (tmp_path / "host" / "host_key").stat().st_mode & 0o777 == 0o600
    assert host_key(tmp_path / "host").public_data == first.public_data
    (tmp_path / "host" / "host_key").chmod(0o644)
    try:
        host_key(tmp_path / "host")
    except OSError as exc:
        assert "chmod 600" in str(exc)
    else:
        raise AssertionError("a host key others may read is used")


def test_openssh_lines_force_the_game_in_each_players_folder(tmp_path: Path) -> None:
    alice, bob = new_key(tmp_path, "alice"), new_key(tmp_path, "bob")
    keys = tmp_path / "authorized_keys"
    carol = new_key(tmp_path, "carol")
    keys.write_text(alice.export_public_key().decode() + 'from="192.0.2.0/24",expiry-time="20300101" '
                    + bob.export_public_key().decode() + "no-pty " + carol.export_public_key().decode())
    lines = authorized_lines(read_authorized_keys(keys), tmp_path / "host", Limits(memory_mb=512))
    assert len(lines) == 2  # carol's line takes the terminal away: she cannot play
    for line, key, name in zip(lines, (alice, bob), ("alice", "bob"), strict=True):
        folder = tmp_path / "host" / "players" / player_of(key, name).id
        assert line.startswith('command="') and ",restrict,pty ssh-ed25519 " in line
        assert (',from="192.0.2.0/24",expiry-time="20300101",' in line) == (key is bob)
        assert f"TRIPOLI_SAVE_DIR={folder} " in line and f"cd {folder} " in line
        assert "tripoli_tui.serve.child 536870912 3600 20971520 -- " in line
        assert key.export_public_key().decode().split()[1] in line


def test_serve_says_who_may_play(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "tripoli_tui.cli.main", "serve", "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 2 and "--authorized-keys FILE (those keys) or --open (any key)" in done.stderr
    done = subprocess.run([sys.executable, "-m", "tripoli_tui.cli.main", "serve", "--open", "--sessions", "0",
                           "--data", str(tmp_path)], capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 2 and "--sessions must be at least 1" in done.stderr
    done = subprocess.run([sys.executable, "-m", "tripoli_tui.cli.main", "serve", "--data", str(tmp_path),
                           "--players"], capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0 and done.stdout == "No player has visited yet.\n"


def test_openssh_says_which_lines_change_the_whole_sshd_and_leaves_out_lines_that_cannot_play(
        tmp_path: Path) -> None:
    keys = tmp_path / "players.keys"
    keys.write_text(new_key(tmp_path, "alice").export_public_key().decode()
                    + 'command="/bin/sh" ' + new_key(tmp_path, "bob").export_public_key().decode())
    done = subprocess.run([sys.executable, "-m", "tripoli_tui.cli.main", "serve", "--openssh",
                           "--authorized-keys", str(keys), "--data", str(tmp_path / "host"),
                           "--logins-per-address", "3"],
                          capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    assert "EVERY account on this machine" in done.stdout
    assert "\nPerSourceMaxStartups 3\n" in done.stdout and "UnusedConnectionTimeout 20s" in done.stdout
    assert done.stdout.count(",restrict,pty ssh-ed25519 ") == 1
    assert f"{keys} line 2: option 'command=\"/bin/sh\"' is not one this host honours" in done.stderr


def test_a_players_saves_are_counted_without_the_files_beside_them(tmp_path: Path) -> None:
    """The campaign record, the settings and the keymap are in the player's folder: not saves."""
    from tripoli_tui.serve.players import PLAYERS, list_players

    folder = tmp_path / PLAYERS / "p1"
    folder.mkdir(parents=True)
    for name in ("autosave-7-c0ffee-1.toml", "mine.toml", "campaign-record.toml", "settings.toml",
                 "keymap.toml"):
        (folder / name).write_text("format = 1\n")
    [player] = list_players(tmp_path)
    assert (player.saves, player.campaigns) == (2, 1)


def test_keys_sharing_a_name_are_one_player_and_a_key_s_old_folder_is_taken_over(
        tmp_path: Path) -> None:
    """Issue 33, point 10: Alice's two keys (a laptop and a phone) share her folder; her older
    folder, kept by key before players were names, becomes hers (or its files move in)."""
    data = tmp_path / "host"
    laptop, phone, bob = new_key(tmp_path, "laptop"), new_key(tmp_path, "phone"), new_key(tmp_path, "b")
    alice_laptop, alice_phone = player_of(laptop, "alice"), player_of(phone, "Alice")
    assert alice_laptop.id == alice_phone.id != player_of(bob, "bob").id
    assert re.fullmatch(r"[0-9a-f]{32}", alice_laptop.id)
    old_laptop = data / "players" / alice_laptop.key_id
    old_laptop.mkdir(parents=True)
    (old_laptop / "autosave-1-aaaaaa-1.toml").write_text("laptop")
    said = adopt_key_folder(alice_laptop, data)
    assert "are now player 'alice'" in said and not old_laptop.exists()
    assert (alice_laptop.folder(data) / "autosave-1-aaaaaa-1.toml").read_text() == "laptop"
    old_phone = data / "players" / alice_phone.key_id
    old_phone.mkdir()
    (old_phone / "autosave-2-bbbbbb-1.toml").write_text("phone")
    (old_phone / "autosave-1-aaaaaa-1.toml").write_text("a clash")
    said = adopt_key_folder(alice_phone, data)
    assert "but for 1 of the same name" in said, said
    assert (alice_phone.folder(data) / "autosave-2-bbbbbb-1.toml").read_text() == "phone"
    assert (alice_phone.folder(data) / "autosave-1-aaaaaa-1.toml").read_text() == "laptop"
    assert (old_phone / "autosave-1-aaaaaa-1.toml").read_text() == "a clash"  # nothing lost
    assert adopt_key_folder(player_of(bob), data) == ""  # no name: its own folder, as before
    record_visit(alice_laptop, data, dt.datetime(2026, 11, 29, tzinfo=dt.UTC))
    record_visit(alice_phone, data, dt.datetime(2026, 11, 30, tzinfo=dt.UTC))
    [row] = [p for p in list_players(data) if p.id == alice_laptop.id]
    assert row.fingerprint == f"{phone.get_fingerprint('sha256')} (+1 more)"
    assert [p.id for p in list_players(data)].count(alice_laptop.id) == 1


def test_two_keys_of_one_name_play_in_one_folder_over_ssh(tmp_path: Path) -> None:
    import asyncio

    from tripoli_tui.serve.host import Config

    from .helpers import SMALL_GAME, connect, hosting, logged, play, said_line

    laptop, phone, bob = new_key(tmp_path, "laptop"), new_key(tmp_path, "phone"), new_key(tmp_path, "b")
    keys = tmp_path / "authorized_keys"
    keys.write_text("".join(f"{k.export_public_key().decode().split()[0]} "
                            f"{k.export_public_key().decode().split()[1]} {name}\n"
                            for k, name in ((laptop, "alice"), (phone, "alice"), (bob, "bob"))))

    async def folder_of(port: int, key: object) -> str:
        async with await connect(port, key) as conn:  # type: ignore[arg-type]
            return (await said_line((await play(conn)).stdout, b"GAME"))[0]

    async def run() -> None:
        async with hosting(Config(tmp_path / "host", keys, Limits(), command=SMALL_GAME)) as (
                port, _, log):
            first, second, other = [await folder_of(port, k) for k in (laptop, phone, bob)]
            assert first == second != other
            assert (await logged(log, "player 'alice'", times=2)).count("player 'alice'") == 2

    asyncio.run(run())
