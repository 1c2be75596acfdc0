"""One client's connection to the SSH host: a public key logs in (nothing else does), a session
is all it may ask for (no forwarding), and one log line says how it went."""

from __future__ import annotations

import datetime as dt
import time

import asyncssh

from .host import Host, source_of
from .players import Player, player_of, record_visit
from .session import GameSession


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


class Connection(asyncssh.SSHServer):
    """One client's connection: its login, its sessions, its log line."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.started = time.monotonic()
        self.player: Player | None = None
        self._offered: asyncssh.SSHKey | None = None
        self._offered_name = ""
        self.refused: list[str] = []
        """What was refused, in words, for the log (keys, passwords, requests)."""
        self.endings: list[str] = []
        """How each session ended."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = f"{peer[0]}:{peer[1]}"
        self.host.wait_for_login(self, source_of(str(peer[0])))

    def drop(self, why: str) -> None:
        """Close this connection before it logs in, to make room for another (why: for the log)."""
        self.refused.append(f"dropped: {why}")
        if self.conn is not None:
            self.conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.host.logged_in(self)
        who = f"player {self.player.name!r} {self.player.fingerprint}" if self.player else "no player"
        if self.endings:
            how = "; ".join(self.endings)
        elif self.player is None:
            reason = str(exc) if exc is not None else "closed before logging in"
            how = f"not logged in ({reason})"
        else:
            how = "no game (" + (str(exc) if exc is not None else "closed") + ")"
        if self.refused:
            how += "; refused: " + ", ".join(dict.fromkeys(self.refused))
        lasted = _duration(time.monotonic() - self.started)
        self.host.write_log(f"from {self.address} {who} for {lasted}: {how}")

    # --- login: a key, nothing else --------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        name = self.host.allows(key)
        if name is None:
            self.refused.append(f"key {key.get_fingerprint('sha256')}")
            return False
        # asyncssh checks one login request at a time, and the signature right after this call:
        # the key that logs in is the last one allowed here.
        self._offered, self._offered_name = key, name
        return True

    def auth_completed(self) -> None:
        assert self._offered is not None
        self.host.logged_in(self)
        self.player = player_of(self._offered, self._offered_name)
        record_visit(self.player, self.host.config.data, dt.datetime.now(dt.UTC))

    # --- what a logged-in player may ask for: a session ------------------------------

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return GameSession(self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        self.refused.append("port forwarding")
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        self.refused.append("port forwarding")
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        self.refused.append("socket forwarding")
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        self.refused.append("socket forwarding")
        return False
