"""The SSH host: asyncssh does the protocol; this says who may log in and what they get (a game,
nothing else), keeps the limits and writes one log line per connection.

Public-key login only. With authorized keys, only the keys in the file (read again at every
login); open, any key, each its own player. A logged-in player gets one game per session, on a
terminal they must ask for (`ssh -t`, the default for a login); a command, a subsystem (SFTP, SCP)
or any forwarding is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import signal
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import asyncssh

from .game import GameProcess, game_command, game_environment
from .limits import Limits
from .players import Player, host_key, make_folder, player_of, read_authorized_keys, record_visit

REFUSE_COMMAND = ("This host plays The Shores of Tripoli and nothing else: connect without a command "
                  "(ssh -p PORT HOST).")
NEEDS_TERMINAL = ("The Shores of Tripoli needs a terminal: connect with `ssh -t -p PORT HOST` "
                  "(a login without a command asks for one).")
HOST_FULL = "The host has {n} games open, as many as it allows: try again in a while."
PLAYER_FULL = "You have {n} games open already, as many as this host allows each player: close one first."
BYE = {
    "idle": "No key was pressed for {minutes:g} minutes: your game was saved and closed. "
            "Connect again to go on.",
    "cpu": "Your game used the {minutes:g} minutes of computing time this host allows each game: it was "
           "saved and closed. Connect again to go on.",
    "host": "The host is stopping: your game was saved. Connect again when it is back.",
}


@dataclass
class Config:
    data: Path
    """The host's folder: host_key, players/<id>/."""
    authorized_keys: Path | None
    """The keys allowed in (None: any key, each its own player)."""
    limits: Limits = field(default_factory=Limits)
    logins: int = 16
    """Connections not logged in yet, at once."""
    command: list[str] = field(default_factory=game_command)
    """The game (tests put a smaller program here)."""
    extra_env: Mapping[str, str] = field(default_factory=dict)
    """Added to every game's environment (tests and benchmarks: TEXTUAL_ANIMATIONS)."""


class Host:
    """What all connections share: the configuration, who is playing, the log."""

    def __init__(self, config: Config, log: IO[str]) -> None:
        self.config = config
        self.log = log
        self.games: Counter[str] = Counter()
        self.sessions: set[GameSession] = set()
        self.waiting = 0
        """Connections not logged in yet."""

    @property
    def open_games(self) -> int:
        return sum(self.games.values())

    def allows(self, key: asyncssh.SSHKey) -> str | None:
        """The name a key logs in under ('' without one), or None when it may not log in."""
        path = self.config.authorized_keys
        if path is None:
            return ""
        try:
            keys = read_authorized_keys(path)
        except OSError as exc:
            self.write_log(f"cannot read the authorized keys {path}: {exc.strerror or exc}; no key is let in")
            return None
        entry = keys.get(key.public_data)
        return None if entry is None else entry.name

    def write_log(self, line: str) -> None:
        stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        with contextlib.suppress(OSError, ValueError):
            self.log.write(f"{stamp} {line}\n")
            self.log.flush()


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
        self._waiting = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = f"{peer[0]}:{peer[1]}"
        if self.host.waiting >= self.host.config.logins:
            self.refused.append("too many logins at once")
            conn.close()
            return
        self.host.waiting += 1
        self._waiting = True

    def _done_waiting(self) -> None:
        if self._waiting:
            self._waiting = False
            self.host.waiting -= 1

    def connection_lost(self, exc: Exception | None) -> None:
        self._done_waiting()
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
        self._done_waiting()
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


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One session: a game on its own terminal, or a refusal in words."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.host = connection.host
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.game: GameProcess | None = None
        self.counted = ""
        """The player whose game count this session holds ('' when none)."""
        self.ending = ""
        """Why the host is ending the game (a key of BYE), '' while the player plays."""
        self.last_input = time.monotonic()
        self._ticker: asyncio.TimerHandle | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term = term_type
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True  # accepted, to say in words why it will not run

    def subsystem_requested(self, subsystem: str) -> bool:
        self.connection.refused.append(f"subsystem {subsystem[:20]}")
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        player = self.connection.player
        assert player is not None
        limits = self.host.config.limits
        if self.command is not None:
            return self._refuse(REFUSE_COMMAND, "refused a command")
        if self.term is None:
            return self._refuse(NEEDS_TERMINAL, "refused: no terminal")
        if self.host.open_games >= limits.sessions:
            return self._refuse(HOST_FULL.format(n=limits.sessions), "refused: the host was full")
        if self.host.games[player.id] >= limits.sessions_per_player:
            return self._refuse(PLAYER_FULL.format(n=limits.sessions_per_player),
                                "refused: the player had as many games open as allowed")
        self.counted = player.id
        self.host.games[player.id] += 1
        self.host.sessions.add(self)
        asyncio.ensure_future(self._start(player))

    def _refuse(self, words: str, ending: str) -> None:
        assert self.chan is not None
        self.connection.endings.append(ending)
        self.chan.write_stderr((words + "\r\n").encode())
        self.chan.exit(1)

    async def _start(self, player: Player) -> None:
        assert self.chan is not None
        config = self.host.config
        folder = make_folder(player.folder(config.data))
        env = game_environment(folder, self.term or "", self.chan.get_environment(), config.limits,
                               config.extra_env)
        self.game = GameProcess(config.command, env, folder, config.limits, self._output, self._ended)
        self.game.input_drained = self._input_drained
        try:
            await self.game.start(*self.size)
        except OSError as exc:
            self.game = None
            self._release()
            return self._refuse("The game could not be started on this host; the host's log says why.",
                                f"the game could not start ({exc.strerror or exc})")
        if self.chan is None:  # the connection closed while the game was starting
            self.game.hang_up(signal.SIGHUP)
            return
        self._tick()

    # --- while the game runs ----------------------------------------------------------

    def _output(self, data: bytes) -> None:
        # once the connection is closing, what the game writes (saving as it ends) goes nowhere
        if self.chan is not None and not self.chan.is_closing():
            with contextlib.suppress(BrokenPipeError):
                self.chan.write(data)

    def pause_writing(self) -> None:
        if self.game is not None:
            self.game.pause_output()

    def resume_writing(self) -> None:
        if self.game is not None:
            self.game.resume_output()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_input = time.monotonic()
        if self.game is not None and not self.game.write(data) and self.chan is not None:
            self.chan.pause_reading()

    def _input_drained(self) -> None:
        if self.chan is not None:
            self.chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            if self.game is not None:
                self.game.resize(width, height)

    def eof_received(self) -> bool:
        return True  # half-closed: the game goes on until the connection closes

    def _tick(self) -> None:
        """Every few seconds: the idle timeout and the processor time."""
        game = self.game
        if game is None or game.status is not None:
            return
        limits = self.host.config.limits
        idle = limits.idle_minutes * 60
        if not self.ending and time.monotonic() - self.last_input >= idle:
            self.end_game("idle", signal.SIGHUP)
        used = game.cpu_seconds()
        if not self.ending and used is not None and used >= limits.cpu_minutes * 60:
            self.end_game("cpu", signal.SIGTERM)
        step = max(0.2, min(5.0, idle / 4))
        self._ticker = asyncio.get_running_loop().call_later(step, self._tick)

    def end_game(self, why: str, signum: int) -> None:
        """The host ends the game (it saves): why is a key of BYE, said to the player after."""
        self.ending = why
        if self.game is not None:
            self.game.hang_up(signum)

    def _ended(self, status: int) -> None:
        self._release()
        limits = self.host.config.limits
        minutes = {"idle": limits.idle_minutes, "cpu": limits.cpu_minutes}.get(self.ending, 0)
        how = {"idle": "idle timeout (saved)", "cpu": "processor time used up (saved)",
               "host": "the host stopped (saved)"}.get(self.ending)
        if how is None:
            how = "the player quit" if status == 0 else f"the game ended with status {status}"
        if self.chan is None or self.chan.is_closing():
            return
        self.connection.endings.append(how)
        if self.ending:
            self.chan.write(("\r\n" + BYE[self.ending].format(minutes=minutes) + "\r\n").encode())
        self.chan.exit(max(0, status))

    def connection_lost(self, exc: Exception | None) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        if self.game is not None and self.game.status is None:
            self.connection.endings.append("the connection closed (the game saves as it ends)")
            self.game.hang_up(signal.SIGHUP)
        self.chan = None

    def _release(self) -> None:
        if self.counted:
            self.host.games[self.counted] -= 1
            if self.host.games[self.counted] <= 0:
                del self.host.games[self.counted]
            self.counted = ""
        self.host.sessions.discard(self)


async def start_server(config: Config, host: Host, port: int, address: str = "") -> asyncssh.SSHAcceptor:
    """Listen for players (on every address when `address` is '')."""
    key = host_key(config.data)
    make_folder(config.data / "players")
    return await asyncssh.create_server(
        lambda: Connection(host), address or None, port, server_host_keys=[key],
        encoding=None, line_editor=False, allow_pty=True, x11_forwarding=False, agent_forwarding=False,
        allow_scp=False, sftp_factory=None, login_timeout=config.limits.login_seconds,
        keepalive_interval=60, keepalive_count_max=3)


async def serve(config: Config, port: int, address: str, log: IO[str],
                ready: Callable[[asyncssh.SSHAcceptor], None] | None = None) -> int:
    """Run the host until SIGINT or SIGTERM; then every game is saved and ended."""
    host = Host(config, log)
    acceptor = await start_server(config, host, port, address)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    listening = ", ".join(f"{s.getsockname()[0]}:{s.getsockname()[1]}" for s in acceptor.sockets)
    who = f"the keys in {config.authorized_keys}" if config.authorized_keys else "any key (open)"
    host.write_log(f"listening on {listening} for {who}; data in {config.data}")
    if ready is not None:
        ready(acceptor)
    await stop.wait()
    acceptor.close()
    for session in list(host.sessions):
        session.end_game("host", signal.SIGTERM)
    deadline = time.monotonic() + 20
    while host.sessions and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    host.write_log("stopped")
    return 0

