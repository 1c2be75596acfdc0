"""Who a key is, where its saves go, and what `--players` and `--openssh` print."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tripoli_tui.serve.authorized_keys import read_authorized_keys
from tripoli_tui.serve.limits import Limits
from tripoli_tui.serve.openssh import authorized_lines
from tripoli_tui.serve.players import host_key, player_of

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
    assert player_of(key).name == f"player-{player.id[:8]}"


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
    for line, key in zip(lines, (alice, bob), strict=True):
        folder = tmp_path / "host" / "players" / player_of(key).id
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
