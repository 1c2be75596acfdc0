"""One game: the real `tripoli` program on its own pseudo-terminal, in the player's folder.

The host reads what the game writes from the terminal's master side and hands it to the
connection; what the player types goes the other way. A closed connection hangs the game up
(SIGHUP) as a closed terminal does: the game saves and ends. Output waits while the connection
cannot take more (the game then blocks on its own writes), so a slow client never makes the host
hold the game's output in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import struct
import sys
import termios
from collections.abc import Callable, Mapping
from pathlib import Path

from ..storage.files import SAVE_DIR_ENV, SAVE_LIMIT_ENV, SERVED_ENV
from .limits import Limits

TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}")
"""A terminal type the game may be told (TERM): a name, nothing a terminal database lookup or a
shell could read anything else into."""
COLORTERMS = frozenset({"truecolor", "24bit"})
"""The COLORTERM values passed on from the client (the ones that mean anything to the game)."""
HANGUP_WAIT = 15.0
"""Seconds a hung-up game has to save and end before it is killed."""
READ_SIZE = 65536
PENDING_INPUT = 256 * 1024
"""Bytes of typing held for a game that is not reading before the connection stops reading."""


def game_command() -> list[str]:
    """The real program: this Python, running the `tripoli` command (-P: nothing in the player's
    folder can be imported as a module)."""
    return [sys.executable, "-P", "-m", "tripoli_tui.cli.main"]


def game_environment(folder: Path, term: str, client_env: Mapping[str, str], limits: Limits,
                     extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The game's whole environment: nothing of the host's but where programs and modules are;
    of the client's only its terminal type and COLORTERM."""
    env = {name: os.environ[name] for name in ("PATH", "PYTHONPATH", "LANG", "LC_ALL") if name in os.environ}
    env.update({
        "HOME": str(folder),
        "TMPDIR": str(folder),  # a confined game writes nowhere else
        "TERM": term if TERM_NAME.fullmatch(term) else "xterm-256color",
        SAVE_DIR_ENV: str(folder),
        SAVE_LIMIT_ENV: str(limits.saves_bytes),
        "PYTHONDONTWRITEBYTECODE": "1",
        # the advisor thinks in the game's own process: its limits hold the whole game
        "TRIPOLI_ADVISOR_WORKERS": "1",
        SERVED_ENV: "1",  # the player is told of saves by name, never by the host's paths
    })
    env.setdefault("LANG", "C.UTF-8")
    if client_env.get("COLORTERM", "") in COLORTERMS:
        env["COLORTERM"] = client_env["COLORTERM"]
    env.update(extra or {})
    return env


def set_size(fd: int, columns: int, rows: int) -> None:
    """Tell the terminal its size (the kernel tells the game: SIGWINCH)."""
    columns = max(1, min(columns, 1000))
    rows = max(1, min(rows, 1000))
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class GameProcess:
    """The program on a pseudo-terminal: start, type, resize, hang up; `on_output` gets what it
    writes, `on_exit` its exit status once it has ended and all it wrote was handed on."""

    def __init__(self, command: list[str], env: dict[str, str], folder: Path, limits: Limits,
                 on_output: Callable[[bytes], None], on_exit: Callable[[int], None],
                 user: tuple[int, int] | None = None) -> None:
        self.command = command
        self.user = user
        """(uid, gid) the game runs as (--game-user), None for the host's own."""
        self.env = env
        self.folder = folder
        self.limits = limits
        self.on_output = on_output
        self.on_exit = on_exit
        self.master = -1
        self.process: asyncio.subprocess.Process | None = None
        self.status: int | None = None
        self._pending = b""
        self._reading = False
        self._paused = False
        self._closed = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        self._waiter: asyncio.Task[None] | None = None
        self.input_drained: Callable[[], None] | None = None
        """Called when typing held back (see `write`) has all reached the game."""

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    async def start(self, columns: int, rows: int) -> None:
        master, slave = os.openpty()
        try:
            set_size(slave, columns, rows)
            if self.user is not None:  # its terminal is the game's own account's
                os.fchown(slave, *self.user)
            user = [f"{self.user[0]}:{self.user[1]}"] if self.user is not None else []
            launcher = [sys.executable, "-P", "-m", "tripoli_tui.serve.child",
                        str(self.limits.memory_mb * 1024 * 1024), str(int(self.limits.cpu_minutes * 60)),
                        str(self.limits.saves_bytes), *user, "--", *self.command]
            self.process = await asyncio.create_subprocess_exec(
                *launcher, stdin=slave, stdout=slave, stderr=slave, cwd=self.folder, env=self.env,
                start_new_session=True, close_fds=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._start_reading()
        self._waiter = asyncio.ensure_future(self._wait())

    # --- the game's output ------------------------------------------------------------

    def _start_reading(self) -> None:
        if not self._reading and self.master >= 0 and not self._paused:
            self._loop.add_reader(self.master, self._read)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading:
            self._loop.remove_reader(self.master)
            self._reading = False

    def _read(self) -> None:
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: the game has closed its terminal (it ended)
            data = b""
        if not data:
            self._stop_reading()
            self._closed.set()
            return
        self.on_output(data)

    def pause_output(self) -> None:
        """The connection cannot take more for now."""
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._paused = False
        self._start_reading()

    # --- the player's input -----------------------------------------------------------

    def write(self, data: bytes) -> bool:
        """Type `data` into the game; False when PENDING_INPUT bytes wait already (stop reading
        the connection until `input_drained`)."""
        if self.master < 0 or self.status is not None:
            return True
        self._pending += data
        self._flush()
        return len(self._pending) < PENDING_INPUT

    def _flush(self) -> None:
        while self._pending and self.master >= 0:
            try:
                sent = os.write(self.master, self._pending)
            except BlockingIOError:
                self._loop.add_writer(self.master, self._writable)
                return
            except OSError:
                self._pending = b""
                return
            self._pending = self._pending[sent:]
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_writer(self.master)

    def _writable(self) -> None:
        self._flush()
        if not self._pending and self.input_drained is not None:
            self.input_drained()

    def resize(self, columns: int, rows: int) -> None:
        if self.master >= 0:
            set_size(self.master, columns, rows)

    # --- the end ----------------------------------------------------------------------

    def hang_up(self, signum: int = signal.SIGHUP) -> None:
        """Ask the game to save and end (SIGHUP as a closed terminal, SIGTERM as a stop); it is
        killed if it has not ended HANGUP_WAIT seconds later."""
        process = self.process
        if process is None or self.status is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signum)
        self._loop.call_later(HANGUP_WAIT, self._kill)

    def _kill(self) -> None:
        if self.process is not None and self.status is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)

    def cpu_seconds(self) -> float | None:
        """The processor time the game has used so far (Linux: from /proc), or None."""
        if self.process is None or self.status is not None:
            return None
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    async def _wait(self) -> None:
        assert self.process is not None
        status = await self.process.wait()
        # Everything the game wrote before it ended goes out (bounded: a stuck reader gives up).
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._closed.wait(), 2.0)
        self.status = status
        self._stop_reading()
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_writer(self.master)
        with contextlib.suppress(OSError):
            os.close(self.master)
        self.master = -1
        self.on_exit(status)
