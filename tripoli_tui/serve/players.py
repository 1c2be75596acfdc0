"""Who a key is: its player (a name, from the authorized-keys comment: the keys sharing a name are
one player), the player's saves folder and visits.

A player's folder is DATA/players/<id>/, <id> 32 hex digits: of the SHA-256 of the player's name
(folded to lower case) when the key's line names one, else of the public key (a key with no name,
and every key of `--open`, is a player of its own). Only hex digits, so no key, comment or name
ever shapes a path. Two keys of Alice's (a new laptop, a key rotated) share her folder and her
campaigns. A folder kept by key before players were names is taken over by the player's name the
first time that key plays (`adopt_key_folder`). The folder is the game's saves folder
(TRIPOLI_SAVE_DIR); the player's name, keys and last visit are kept beside the saves in `.player`
(no `.toml`, so the game never lists it).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ..storage.files import SUFFIX, atomic_write, folder_bytes
from ..storage.slots import AUTOSAVE_PREFIX, CRASH_PREFIX

PLAYERS = "players"
VISIT_FILE = ".player"
MAX_NAME = 40


@dataclass(frozen=True)
class Player:
    id: str
    """32 hex digits from the key's SHA-256: the folder's name."""
    fingerprint: str
    """The key's fingerprint as `ssh-keygen -l` prints it (SHA256:...)."""
    name: str
    """The comment of the key's line in the authorized keys, or a name made from the key."""
    key_id: str = ""
    """32 hex digits from the key's SHA-256: the folder a key had before players were names."""

    def folder(self, data: Path) -> Path:
        return data / PLAYERS / self.id


def player_of(key: asyncssh.SSHKey, name: str = "") -> Player:
    """The player of a key: its line's name (shared by every key of that name), or the key alone."""
    sha = hashlib.sha256(key.public_data).hexdigest()
    named = clean_name(name)
    player = (hashlib.sha256(f"name\0{named.casefold()}".encode()).hexdigest()[:32] if named
              else sha[:32])
    return Player(player, key.get_fingerprint("sha256"), named or f"player-{sha[:8]}", sha[:32])


def adopt_key_folder(player: Player, data: Path) -> str:
    """Take over the folder the player's key had before players were names: renamed to the
    player's when the player has none yet, else its files moved in (a file of the same name
    already there stays in the old folder). What was done, for the log ('' for nothing)."""
    old = data / PLAYERS / player.key_id
    new = player.folder(data)
    if not player.key_id or player.key_id == player.id or not old.is_dir() or old.is_symlink():
        return ""
    try:
        if not new.exists():
            os.rename(old, new)
            return f"the saves of key {player.fingerprint} are now player {player.name!r}'s"
        kept = []
        for path in sorted(old.iterdir()):
            target = new / path.name
            if path.name == VISIT_FILE or path.is_symlink() or target.exists():
                if path.name != VISIT_FILE:
                    kept.append(path.name)
                continue
            os.rename(path, target)
        if not kept:
            with contextlib.suppress(OSError):
                (old / VISIT_FILE).unlink(missing_ok=True)
                old.rmdir()
            return f"the saves of key {player.fingerprint} moved into player {player.name!r}'s"
        return (f"the saves of key {player.fingerprint} moved into player {player.name!r}'s, but "
                f"for {len(kept)} of the same name as one there, left in {old}")
    except OSError as exc:
        return f"the saves of key {player.fingerprint} could not be moved from {old}: {exc.strerror or exc}"


def clean_name(text: str) -> str:
    """A name for the log and the players' list: printable, one line, at most MAX_NAME characters."""
    kept = "".join(ch for ch in text.strip() if ch.isprintable() and ch not in "\t\r\n")
    return kept[:MAX_NAME]


def make_folder(folder: Path) -> Path:
    """A private folder (mode 0700), made with its parents if missing."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def has_played(player: Player, data: Path) -> bool:
    """Whether the player has a folder here: has played a game (a folder is made for a game
    played, never for a login alone)."""
    return player.folder(data).is_dir()


def record_visit(player: Player, data: Path, when: dt.datetime) -> None:
    """Remember the player's name, the keys they played with (this one last) and this visit
    beside their saves."""
    folder = make_folder(player.folder(data))
    keys = [k for k in _keys(_visit(folder)) if k != player.fingerprint] + [player.fingerprint]
    text = json.dumps({"name": player.name, "fingerprint": player.fingerprint, "keys": keys,
                       "last_visit": when.isoformat(timespec="seconds")})
    with contextlib.suppress(OSError):
        atomic_write(folder / VISIT_FILE, text + "\n")


def _keys(visit: dict[str, object]) -> list[str]:
    """The fingerprints of the keys a player played with, oldest first."""
    keys = visit.get("keys", [])
    return [k for k in keys if isinstance(k, str)] if isinstance(keys, list) else []


def _visit(folder: Path) -> dict[str, object]:
    """What `.player` holds ({} when it cannot be read)."""
    with contextlib.suppress(OSError, ValueError):
        loaded = json.loads((folder / VISIT_FILE).read_text(encoding="utf-8"))
        if isinstance(loaded, dict):
            return loaded
    return {}


@dataclass(frozen=True)
class PlayerSummary:
    id: str
    name: str
    fingerprint: str
    last_visit: str
    campaigns: int
    saves: int
    bytes: int


def list_players(data: Path) -> list[PlayerSummary]:
    """Every player who has visited, most recent first: their campaigns (those with an autosave),
    save files and the bytes their folder holds."""
    from ..storage.listing import save_files  # (the rules it loads, only for `--players`)

    found = []
    root = data / PLAYERS
    try:
        folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.is_symlink())
    except OSError:
        return []
    for folder in folders:
        loaded = _visit(folder)
        facts = {k: str(v) for k, v in loaded.items() if k != "keys"}
        keys = _keys(loaded)
        key = facts.get("fingerprint", "?") + (f" (+{len(keys) - 1} more)" if len(keys) > 1 else "")
        saves = save_files(folder)
        campaigns = {_campaign(p.name) for p in saves}
        found.append(PlayerSummary(folder.name, clean_name(facts.get("name", "")) or "?",
                                   key, facts.get("last_visit", "never"),
                                   len(campaigns - {""}), len(saves), folder_bytes(folder)))
    return sorted(found, key=lambda p: p.last_visit, reverse=True)


def _campaign(file_name: str) -> str:
    """The campaign an autosave or a crash save belongs to, by its name (`autosave-<campaign>-N`,
    `crash-<campaign>`); '' for any other file (a named save may be of any campaign)."""
    stem = file_name[: -len(SUFFIX)]
    if stem.startswith(AUTOSAVE_PREFIX):
        return stem[len(AUTOSAVE_PREFIX):].rsplit("-", 1)[0]
    if stem.startswith(CRASH_PREFIX):
        return stem[len(CRASH_PREFIX):]
    return ""


def format_players(players: list[PlayerSummary]) -> str:
    if not players:
        return "No player has visited yet."
    rows = [("player", "key", "campaigns", "saves", "KB", "last visit")]
    rows += [(p.name, p.fingerprint, str(p.campaigns), str(p.saves), f"{p.bytes // 1024:,}", p.last_visit)
             for p in players]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                     for row in rows)


def host_key(data: Path) -> asyncssh.SSHKey:
    """The host's key: DATA/host_key, made once (mode 0600) and kept, so clients can pin it.

    OSError, in words, when the file is readable by others (as sshd, the host refuses to use a key
    anyone else could copy) or is not a key."""
    path = data / "host_key"
    make_folder(data)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            raise OSError(f"{path} may be read by others (mode {mode:o}): "
                          f"`chmod 600 {path}` and start again") from None
        try:
            return asyncssh.read_private_key(str(path))
        except (asyncssh.KeyImportError, ValueError) as exc:
            raise OSError(f"{path} is not a private key ({exc})") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
        f.flush()
        os.fsync(f.fileno())
    return key
