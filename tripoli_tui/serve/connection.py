"""One client's connection to the SSH host: a public key logs in (nothing else does), a session
is all it may ask for (no forwarding), and one log line says how it went."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import AnyStr

import asyncssh

from .authorized_keys import KeyLine
from .host import Host, source_of
from .players import Player, has_played, player_of
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
        self._offered: KeyLine | None = None
        """The authorized line of the key last allowed (the one that logs in)."""
        self.terminal_allowed = True
        """False when the key's line takes the terminal away (no-pty, restrict): it cannot play."""
        self.peer = ""
        """The client's address."""
        self.source = ""
        """Its source: the address, or for IPv6 its /64 (the per-address limits count by it)."""
        self.refused: list[str] = []
        """What was refused, in words, for the log (keys, passwords, requests)."""
        self.endings: list[str] = []
        """How each session ended."""
        self.counted = ""
        """The player whose logged-in connections this one is counted among ('' when none)."""
        self.games_open = 0
        self.games_played = 0
        self._no_game: asyncio.TimerHandle | None = None
        self._lost: tuple[Exception | None] | None = None
        """Set when the connection is gone while a game of its own still ends (saving): its
        line is written once that game has ended, to say how it did."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.peer = str(peer[0])
        self.source = source_of(self.peer)
        self.address = f"{peer[0]}:{peer[1]}"
        self.host.lines_due.add(self)
        self._log_refusals(conn)
        self.host.wait_for_login(self, self.source)

    def _log_refusals(self, conn: asyncssh.SSHServerConnection) -> None:
        """X11 and agent forwarding are refused by asyncssh itself (the host turns them off) and
        never reach this class: the connection's two methods that refuse them are wrapped, so the
        log says they were asked for (asyncssh 2.x: a test asks for both over real SSH)."""
        x11, agent = conn.attach_x11_listener, conn.create_agent_listener

        async def attach_x11_listener(chan: asyncssh.SSHServerChannel[AnyStr], auth_proto: bytes,
                                      auth_data: bytes, screen: int) -> str | None:
            display = await x11(chan, auth_proto, auth_data, screen)
            if not display:
                self.refused.append("X11 forwarding")
            return display

        async def create_agent_listener() -> bool:
            made = await agent()
            if not made:
                self.refused.append("agent forwarding")
            return made

        conn.attach_x11_listener = attach_x11_listener  # type: ignore[method-assign]
        conn.create_agent_listener = create_agent_listener  # type: ignore[method-assign]

    def drop(self, why: str) -> None:
        """Close this connection before it logs in, to make room for another (why: for the log)."""
        self.refused.append(f"dropped: {why}")
        if self.conn is not None:
            self.conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.host.logged_in(self)
        if self._no_game is not None:
            self._no_game.cancel()
        if self.counted:
            self.host.disconnected(self.counted, self.source)
            self.counted = ""
        self.conn = None  # gone: no timer of its own may close it again
        if self.games_open:  # its game is still ending (saving): the line says how, after
            self._lost = (exc,)
            return
        self._write_line(exc)

    def _write_line(self, exc: Exception | None) -> None:
        """The connection's one log line: who, for how long, how each game ended, what was
        refused."""
        self.host.lines_due.discard(self)
        who = f"player {self.player.name!r} {self.player.fingerprint}" if self.player else "no player"
        if self.endings:
            how = "; ".join(self.endings)
        elif self.player is None:
            reason = ("closed: the host stopped" if self.host.stopping else
                      str(exc) if exc is not None else "closed before logging in")
            how = f"not logged in ({reason})"
        elif self.host.stopping:
            how = "no game (closed: the host stopped)"
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
        line, why_not = self.host.admit(key, self.peer)
        if line is None:
            self.refused.append(why_not)
            return False
        player = player_of(key, line.name)
        full = (self.host.connections_full(player.id, self.source)
                or self.host.new_player_refused(player.id, has_played(player, self.host.config.data)))
        if full is not None:
            for_the_log, for_the_player = full
            self.refused.append(for_the_log)
            if self.conn is not None:
                with contextlib.suppress(OSError):  # told before the login is refused
                    self.conn.send_auth_banner(for_the_player + "\r\n")
            return False
        # asyncssh checks one login request at a time, and the signature right after this call:
        # the key that logs in is the last one allowed here.
        self._offered = line
        return True

    def auth_completed(self) -> None:
        assert self._offered is not None
        self.host.logged_in(self)
        self.player = player_of(self._offered.key, self._offered.name)
        self.terminal_allowed = self._offered.terminal
        full = self.host.connections_full(self.player.id, self.source)
        if full is not None and self.conn is not None:
            # others of this key logged in at the same moment, past the cap the login was checked against
            self.refused.append(full[0])
            self.conn.close()
            return
        self.counted = self.player.id
        self.host.connected(self.counted, self.source,
                            new=not has_played(self.player, self.host.config.data))
        self._wait_for_a_game()  # (a folder is made only for a game played: GameSession)

    # --- a logged-in connection plays, or goes ---------------------------------------

    def _wait_for_a_game(self) -> None:
        """A connection with no game open is closed after the login time (`ssh -N` holds a file of
        the host's and plays nothing)."""
        seconds = self.host.config.limits.login_seconds
        self._no_game = asyncio.get_running_loop().call_later(seconds, self._close_without_a_game)

    def _close_without_a_game(self) -> None:
        self._no_game = None
        if self.games_open or self.conn is None:
            return
        seconds = f"{self.host.config.limits.login_seconds:g}s"
        self.endings.append(f"no game for {seconds} after the last ended (closed)" if self.games_played
                            else f"no game within {seconds} of logging in (closed)")
        self.conn.close()

    def game_started(self) -> None:
        self.games_open += 1
        self.games_played += 1
        if self._no_game is not None:
            self._no_game.cancel()
            self._no_game = None

    def game_ended(self) -> None:
        self.games_open -= 1
        if not self.games_open and self._lost is not None:
            self._write_line(self._lost[0])
            self._lost = None
        elif not self.games_open and self._no_game is None and self.conn is not None:
            self._wait_for_a_game()

    def close(self) -> None:
        """Close the connection (the host is stopping; its games have ended)."""
        if self.conn is not None:
            self.conn.close()

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
