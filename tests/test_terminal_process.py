"""The real program in a pseudo-terminal: a signal saves and ends it with no key pressed, and an
unexpected error leaves one line on the restored terminal (the traceback goes to a log)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LEAVE_APP_MODE = b"\x1b[?1049l"
"""What restores the terminal's normal screen when a full-screen program ends."""

PLAY = "import sys\nfrom tripoli_tui.cli.main import main\nsys.exit(main(['new', '--seed', '3']))\n"
CRASH_ON_HELP = (
    "import sys\n"
    "from tripoli_tui.tui.screens.game import GameScreen\n"
    "def broken(self):\n"
    "    raise RuntimeError('help is broken')\n"
    "GameScreen.action_help = broken\n" + PLAY)
CRASH_ON_BANG = (  # an error in Textual's input thread, not in the app's event loop
    "import sys\n"
    "from textual._xterm_parser import XTermParser\n"
    "feed = XTermParser.feed\n"
    "def broken(self, data):\n"
    "    if '!' in data:\n"
    "        raise RuntimeError('the input is broken')\n"
    "    return feed(self, data)\n"
    "XTermParser.feed = broken\n" + PLAY)
HANG_UP_ON_BANG = CRASH_ON_BANG.replace(  # the terminal's read failing as a hung-up one's does
    "RuntimeError('the input is broken')", "OSError(5, 'Input/output error')")


class Program:
    """`tripoli` running in a pseudo-terminal of 80x24."""

    def __init__(self, script: str, saves: Path) -> None:
        env = {**os.environ, "TRIPOLI_SAVE_DIR": str(saves), "PYTHONPATH": str(ROOT),
               "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none"}
        env.pop("NO_COLOR", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-c", script], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = b""
        self.status: int | None = None

    def read_until(self, marker: bytes, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while marker not in self.output and time.monotonic() < end:
            if not self._read(0.1):
                break
        return marker in self.output

    def _read(self, seconds: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if ready:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            self.output += chunk
        return True

    def wait(self, seconds: float) -> int | None:
        """The exit status within `seconds` (reading what it writes meanwhile), or None."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                while self._read(0.05):
                    pass
                return self.status
            self._read(0.05)
        return None

    def close(self) -> None:
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    return tmp_path / "saves"


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_a_signal_saves_and_ends_the_game_without_a_key(saves: Path, signum: int) -> None:
    program = Program(PLAY, saves)
    try:
        assert program.read_until(b"Spring", 30), program.output[-400:]
        time.sleep(0.5)  # idle: no key, nothing to redraw
        started = len(program.output)
        os.kill(program.pid, signum)
        status = program.wait(5)
        assert status == 128 + signum, program.output[-400:]
        assert LEAVE_APP_MODE in program.output[started:], "the terminal is restored"
        autosaves = sorted(p.name for p in saves.glob("autosave-3-*.toml"))
        assert autosaves, "the game was saved"
    finally:
        program.close()


def test_a_crash_leaves_one_line_a_crash_save_and_a_log(saves: Path) -> None:
    program = Program(CRASH_ON_HELP, saves)
    try:
        assert program.read_until(b"Spring", 30), program.output[-400:]
        os.write(program.fd, b"?")
        assert program.wait(10) == 1
        after = program.output[program.output.rfind(LEAVE_APP_MODE):]
        text = after.decode("utf-8", "replace")
        assert "an unexpected error stopped the game (RuntimeError: help is broken)" in text
        assert "Traceback" not in text
        crash_saves = list(saves.glob("crash-3-*.toml"))
        logs = list(saves.glob("crash-*.log"))
        assert len(crash_saves) == 1 and len(logs) == 1
        assert "Traceback" in logs[0].read_text() and str(logs[0]) in text.replace("\r\n", "")
    finally:
        program.close()


def test_a_crash_in_the_input_thread_leaves_one_line_a_crash_save_and_a_log(saves: Path) -> None:
    """Textual's input thread ends the app on an error of its own (a panic, its traceback
    printed, exit status 0): it is a crash like any other."""
    program = Program(CRASH_ON_BANG, saves)
    try:
        assert program.read_until(b"Spring", 30), program.output[-400:]
        os.write(program.fd, b"!")
        assert program.wait(10) == 1, program.output[-600:]
        after = program.output[program.output.rfind(LEAVE_APP_MODE):]
        text = after.decode("utf-8", "replace")
        assert "an unexpected error stopped the game (RuntimeError: the input is broken)" in text
        assert "Traceback" not in text and "xterm_parser" not in text
        assert len(list(saves.glob("crash-3-*.toml"))) == 1
        logs = list(saves.glob("crash-*.log"))
        assert len(logs) == 1
        assert "Traceback" in logs[0].read_text() and "the input is broken" in logs[0].read_text()
    finally:
        program.close()


def test_the_terminal_s_input_failing_as_a_hung_up_one_saves_and_ends_as_sighup_does(
        saves: Path) -> None:
    """The terminal going away fails the input thread's read (EIO) as the kernel sends SIGHUP:
    when the read came first the game ended as a crash (a crash log, exit status 1). It is the
    hang-up it is: saved, exit status 129, no crash save, no log."""
    program = Program(HANG_UP_ON_BANG, saves)
    try:
        assert program.read_until(b"Spring", 30), program.output[-400:]
        os.write(program.fd, b"!")
        assert program.wait(10) == 128 + signal.SIGHUP, program.output[-600:]
        assert list(saves.glob("autosave-3-*.toml")), "the game was saved"
        assert not list(saves.glob("crash-*")), "no crash save, no crash log"
    finally:
        program.close()


def test_the_terminal_going_away_saves_the_game(saves: Path) -> None:
    program = Program(PLAY, saves)
    assert program.read_until(b"Spring", 30), program.output[-400:]
    time.sleep(0.3)
    os.close(program.fd)  # the SSH connection drops: the kernel hangs up the terminal
    end = time.monotonic() + 10
    status = None
    while time.monotonic() < end:
        pid, raw = os.waitpid(program.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(raw)
            break
        time.sleep(0.05)
    if status is None:
        os.kill(program.pid, signal.SIGKILL)
        os.waitpid(program.pid, 0)
    assert status == 128 + signal.SIGHUP
    assert list(saves.glob("autosave-3-*.toml")), "the game was saved"


@pytest.mark.parametrize("typed", [b"\xff", b"\xc3", "Génova, ça".encode("latin-1"), b"\xe1"],
                         ids=["ff", "lone-c3", "latin-1", "8-bit-alt"])
def test_a_byte_that_is_not_utf_8_is_taken_and_the_game_goes_on(saves: Path, typed: bytes) -> None:
    """A stray byte, a Latin-1 terminal's letters, an 8-bit Alt key: the game reads them as
    something harmless and answers the next key (q: it saves and quits)."""
    program = Program(PLAY, saves)
    try:
        assert program.read_until(b"Spring", 30), program.output[-400:]
        os.write(program.fd, typed)
        time.sleep(0.5)
        assert program.wait(0.5) is None, program.output[-600:]  # still playing
        started = len(program.output)
        os.write(program.fd, b"q")
        assert program.wait(10) == 0, program.output[-600:]
        text = program.output[started:].decode("utf-8", "replace")
        assert "Traceback" not in text and "Error" not in text
        assert list(saves.glob("autosave-3-*.toml")), "the game was saved"
        assert not list(saves.glob("crash-*")), "no crash"
    finally:
        program.close()
