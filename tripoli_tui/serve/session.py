"""One SSH session: a game on its own terminal, or a refusal in words; its idle and processor
limits while it runs, and the words the player reads when the host ends it."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import os
import signal
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

import asyncssh

from ..cli.signals import signal_name
from ..storage.files import SUFFIX
from ..storage.slots import CRASH_PREFIX
from .game import GameProcess, game_environment
from .host import Host
from .landlock import NOT_CONFINED
from .players import Player, adopt_key_folder, make_folder, record_visit

REFUSE_COMMAND = ("This host plays The Shores of Tripoli and nothing else: connect without a command "
                  "(ssh -p PORT HOST).")
NEEDS_TERMINAL = ("The Shores of Tripoli needs a terminal: connect with `ssh -t -p PORT HOST` "
                  "(a login without a command asks for one).")
NO_TERMINAL_FOR_KEY = ("Your key's line in this host's authorized keys takes the terminal away (no-pty, or "
                       "restrict without pty), and the game needs one: this key cannot play here. Ask the "
                       "host to change its line.")
HOST_FULL = "The host has {n} games open, as many as it allows: try again in a while."
PLAYER_FULL = "You have {n} games open already, as many as this host allows each player: close one first."
ADDRESS_FULL = ("Your address has {n} games open already, as many as this host allows one address: "
                "close one first.")
BYE = {
    "idle": "No key was pressed for {minutes:g} minutes: your game was saved and closed. "
            "Connect again to go on.",
    "cpu": "Your game used the {minutes:g} minutes of computing time this host allows each game: it was "
           "saved and closed. Connect again to go on.",
    "host": "The host is stopping: your game was saved. Connect again when it is back.",
}
BYE_UNSAVED = {
    "idle": "No key was pressed for {minutes:g} minutes: your game was closed, and no save was "
            "written (nothing was in play, or the save failed). Connect again to go on.",
    "cpu": "Your game used the {minutes:g} minutes of computing time this host allows each game: it "
           "was closed, and no save was written (nothing was in play, or the save failed).",
    "host": "The host is stopping: your game was closed, and no save was written (nothing was in "
            "play, or the save failed). Connect again when it is back.",
}
"""What the player reads when no save was written after the host asked the game to end."""



class Login(Protocol):
    """What a session needs of its connection: the host, who logged in, and its log line's parts."""

    host: Host
    player: Player | None
    refused: list[str]
    """What was refused, in words, for the log."""
    endings: list[str]
    """How each session ended."""
    terminal_allowed: bool
    """False when the key's line takes the terminal away (no-pty, restrict): it cannot play."""
    source: str
    """The connection's source (an IPv4 address, an IPv6 /64): games are counted by it too."""

    def game_started(self) -> None:
        """A game of this connection's is open (it is not closed for having none)."""

    def game_ended(self) -> None:
        """That game is over (a connection with none left is closed after the login time)."""


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One session: a game on its own terminal, or a refusal in words."""

    def __init__(self, connection: Login) -> None:
        self.connection = connection
        self.host = connection.host
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.game: GameProcess | None = None
        self.counted = ""
        """The player whose game count this session holds ('' when none)."""
        self.source = ""
        """The source whose game count this session holds."""
        self.ending = ""
        """Why the host is ending the game (a key of BYE), '' while the player plays."""
        self.last_input = time.monotonic()
        self._ticker: asyncio.TimerHandle | None = None
        self.folder: Path | None = None
        """The player's folder the game saves in (once started)."""
        self.started = 0.0
        """When the game started (the clock of the files' times)."""
        self.asked_to_end = 0.0
        """When the host asked the game to end (a hang-up, a stop), 0 if it did not."""
        self.dropped = False
        """The connection closed under the game."""

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
        if not self.connection.terminal_allowed:
            return self._refuse(NO_TERMINAL_FOR_KEY, "refused: no terminal for this key (no-pty or restrict)")
        if self.term is None:
            return self._refuse(NEEDS_TERMINAL, "refused: no terminal")
        if self.host.open_games >= limits.sessions:
            return self._refuse(HOST_FULL.format(n=limits.sessions), "refused: the host was full")
        if self.host.games[player.id] >= limits.sessions_per_player:
            return self._refuse(PLAYER_FULL.format(n=limits.sessions_per_player),
                                "refused: the player had as many games open as allowed")
        source = self.connection.source
        if self.host.games_from[source] >= limits.sessions_per_address:
            return self._refuse(ADDRESS_FULL.format(n=limits.sessions_per_address),
                                "refused: the address had as many games open as allowed")
        self.counted, self.source = player.id, source
        self.connection.game_started()
        self.host.games[player.id] += 1
        self.host.games_from[source] += 1
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
        if player.folder(config.data).is_symlink():  # never followed: it could lead anywhere
            self._release()
            return self._refuse("The game could not be started on this host; the host's log says why.",
                                "the game could not start (the player's folder is a link: "
                                "not followed)")
        moved = adopt_key_folder(player, config.data)  # (its key's folder, from before names)
        if moved:
            self.host.write_log(moved)
        folder = make_folder(player.folder(config.data))  # made for a game played, not a login
        if config.game_user is not None:  # the game's account writes it, and only it
            for path in (folder, *folder.iterdir()):
                if not path.is_symlink():
                    os.chown(path, *config.game_user)
        record_visit(player, config.data, dt.datetime.now(dt.UTC))
        self.folder, self.started = folder, time.time()
        env = game_environment(folder, self.term or "", self.chan.get_environment(), config.limits,
                               config.extra_env)
        self.game = GameProcess(config.command, env, folder, config.limits, self._output, self._ended,
                                user=config.game_user)
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
        """Every few seconds: the idle timeout and the processor time (looked at every quarter of
        the shorter limit, between 0.2 and 5 s: a game is stopped soon past either)."""
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
        step = max(0.2, min(5.0, idle / 4, limits.cpu_minutes * 60 / 4))
        self._ticker = asyncio.get_running_loop().call_later(step, self._tick)

    def end_game(self, why: str, signum: int) -> None:
        """The host ends the game (it saves): why is a key of BYE, said to the player after."""
        self.ending = why
        self.asked_to_end = self.asked_to_end or time.time()
        if self.game is not None:
            self.game.hang_up(signum)

    def _ended(self, status: int) -> None:
        # how it ended goes in the connection's line before the game is let go: a connection
        # already closed writes its line as its last game ends
        self.connection.endings.append(self._how_it_ended(status))
        self._release()
        limits = self.host.config.limits
        minutes = {"idle": limits.idle_minutes, "cpu": limits.cpu_minutes}.get(self.ending, 0)
        if self.chan is None or self.chan.is_closing():
            return
        if self.ending:
            bye = BYE if self._written_since(f"*{SUFFIX}", self.asked_to_end) else BYE_UNSAVED
            self.chan.write(("\r\n" + bye[self.ending].format(minutes=minutes) + "\r\n").encode())
        self.chan.exit(max(0, status))

    def connection_lost(self, exc: Exception | None) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        if self.game is not None and self.game.status is None:
            self.dropped = True
            self.asked_to_end = self.asked_to_end or time.time()
            self.game.hang_up(signal.SIGHUP)
        self.chan = None

    def _how_it_ended(self, status: int) -> str:
        """How the game ended, as its files and its exit status show it: never 'saved' unless a
        save was written after the host asked it to end, never 'quit' for a crash."""
        crashed = self._written_since(f"{CRASH_PREFIX}*.log", self.started)
        saved = self._written_since(f"*{SUFFIX}", self.asked_to_end)
        if status == NOT_CONFINED:
            how = "the game was not started: Landlock refused to confine it"
        elif crashed:
            how = "the game crashed (its crash save and log kept)"
        elif status == 0 and not self.asked_to_end:
            how = "the player quit"
        else:
            reason = {"idle": "idle timeout", "cpu": "processor time used up",
                      "host": "the host stopped"}.get(self.ending, "")
            if status < 0:
                ended, verb = f"killed by {signal_name(-status) or -status}", "was "
            elif status > 128 and signal_name(status - 128):
                ended, verb = f"ended on {signal_name(status - 128)}", ""
            else:
                ended, verb = f"exit status {status}", "ended with "
            kept = "saved" if saved else "not saved"
            how = f"{reason} ({ended}, {kept})" if reason else f"the game {verb}{ended} ({kept})"
        return f"the connection closed; {how}" if self.dropped else how

    def _written_since(self, pattern: str, since: float) -> bool:
        """Whether a file of the player's folder matching `pattern` was written at `since` or
        after (False when `since` is 0: the host never asked)."""
        if not since or self.folder is None:
            return False
        with contextlib.suppress(OSError):
            return any(path.stat().st_mtime >= since - 0.01 for path in self.folder.glob(pattern)
                       if not path.is_symlink())
        return False

    def _release(self) -> None:
        if self.counted:
            self.connection.game_ended()
            for counter, which in ((self.host.games, self.counted),
                                   (self.host.games_from, self.source)):
                counter[which] -= 1
                if counter[which] <= 0:
                    del counter[which]
            self.counted = ""
        self.host.sessions.discard(self)
