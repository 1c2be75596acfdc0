"""Every signal that ends the game, in every state, in the real program in a pseudo-terminal: the
game is saved, the terminal is given back as it was, and the program ends with 128 + the signal
and one line saying what happened (never a traceback, never a core dump)."""

from __future__ import annotations

import os
import signal
import termios
import time
from pathlib import Path

import pytest

from tests.test_terminal_process import LEAVE_APP_MODE, PLAY, Program

SIGNALS = [signal.SIGHUP, signal.SIGTERM, signal.SIGINT, signal.SIGQUIT]
STATES = {
    "play": (b"", b""),
    # the American build is played: the T-bot's turn is walked through
    "tbot-turn": (b"b", b"Next step"),
    "advisor-thinking": (b"h", b"Thinking"),
    "save-dialog": (b"s", b"Save the game"),
}
"""Each state: the key that reaches it from the first American decision, and what the screen
shows once it is there."""
GIVEN_BACK = [b"\x1b[?25h", b"\x1b[?2004l", b"\x1b[?1000l", b"\x1b[?1004l", LEAVE_APP_MODE]
"""The cursor shown; bracketed paste, mouse and focus reports off; the normal screen back."""
WORDS = {signal.SIGHUP: "the terminal was closed (SIGHUP)",
         signal.SIGTERM: "the system asked the game to end (SIGTERM)",
         signal.SIGINT: "interrupted (SIGINT)", signal.SIGQUIT: "asked to quit (SIGQUIT)"}


def last_line(program: Program) -> str:
    return program.output.decode("utf-8", "replace").replace("\r\n", "\n").rstrip("\n") \
        .rsplit("\x1b[?1006l", 1)[-1]


def echo_is_on(fd: int) -> bool:
    return bool(termios.tcgetattr(fd)[3] & termios.ECHO)


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize("state", list(STATES))
def test_a_signal_in_any_state_saves_restores_and_ends(tmp_path: Path, state: str,
                                                       signum: int) -> None:
    saves = tmp_path / "saves"
    program = Program(PLAY, saves)
    try:
        assert program.read_until(b"Spring", 30), program.output[-400:]
        assert program.read_until(b"Quit", 30), program.output[-400:]  # the footer: all drawn
        key, shown = STATES[state]
        if key:
            os.write(program.fd, key)
            assert program.read_until(shown, 30), program.output[-400:]
        started = len(program.output)
        os.kill(program.pid, signum)
        assert program.wait(10) == 128 + signum, program.output[-600:]
        after = program.output[started:]
        for sequence in GIVEN_BACK:
            assert sequence in after, f"{sequence!r} was not sent as the game ended"
        assert echo_is_on(program.fd), "the terminal echoes again"
        assert b"Traceback" not in program.output
        line = last_line(program)
        autosaves = sorted(saves.glob("autosave-3-*.toml"))
        assert autosaves, "the game was saved"
        assert line.startswith(f"tripoli: {WORDS[signum]}. Your game was saved to "), line
        assert str(autosaves[-1]) in line and "\n" not in line
    finally:
        program.close()


def children(pid: int) -> list[str]:
    """The processes `pid` has started and not yet waited for."""
    try:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []


def handler_installed(pid: int) -> bool:
    """Whether the program catches SIGHUP yet: `main`'s first line has run (Python itself catches
    only SIGINT; a signal before that line meets the interpreter still starting, a window no
    Python code can close)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) & (1 << (signal.SIGHUP - 1)))


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize("after", [0.0, 0.2, 0.4, 0.7])
def test_a_signal_as_the_game_starts_ends_it_in_one_line(tmp_path: Path, signum: int,
                                                         after: float) -> None:
    """The program is importing Textual, reading its settings, or opening its first screen."""
    saves = tmp_path / "saves"
    program = Program(PLAY, saves)
    try:
        end = time.monotonic() + 30
        while not handler_installed(program.pid) and time.monotonic() < end:
            program.read_until(b"\x00never", 0.005)
        program.read_until(b"\x00never", after)  # reading what it writes meanwhile
        os.kill(program.pid, signum)
        assert program.wait(10) == 128 + signum, program.output[-600:]
        assert b"Traceback" not in program.output and b"KeyboardInterrupt" not in program.output
        assert echo_is_on(program.fd)
        line = last_line(program)
        assert line.startswith(f"tripoli: {WORDS[signum]}"), line
        if b"\x1b[?1049h" in program.output:  # the app had taken the screen: it gives it back
            assert program.output.rfind(LEAVE_APP_MODE) > program.output.rfind(b"\x1b[?1049h")
        assert not list(saves.glob("crash-*")), "a signal is no crash"
    finally:
        program.close()


def test_the_game_needs_a_terminal(tmp_path: Path) -> None:
    """Without one (`tripoli new </dev/null`, `ssh -T`), it says so and ends at once: no busy
    loop, no escape codes into a pipe."""
    import subprocess
    import sys

    env = {**os.environ, "TRIPOLI_SAVE_DIR": str(tmp_path / "saves")}
    env.pop("TEXTUAL_DRIVER", None)
    for args in (["new", "--seed", "3"], [], ["load", "latest"]):
        run = subprocess.run([sys.executable, "-c", "import sys; from tripoli_tui.cli.main import "
                              "main; sys.exit(main())", *args], stdin=subprocess.DEVNULL,
                             capture_output=True, timeout=30, env=env)
        assert run.returncode == 2
        assert run.stdout == b"" and b"\x1b" not in run.stderr
        assert b"needs a terminal" in run.stderr and b"Traceback" not in run.stderr


TITLE = "import sys\nfrom tripoli_tui.cli.main import main\nsys.exit(main([]))\n"


@pytest.mark.parametrize("wait", [0.1, 0.3, 0.5])
def test_the_palette_opened_as_a_save_opens_is_no_crash(tmp_path: Path, wait: float,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Title, l, then Enter and ctrl+p together: the palette opens as the save's game screen
    replaces every screen, its search still running (Textual's WorkerFailed around NoMatches)."""
    from tripoli_tui import storage
    from tripoli_tui.engine.game import Game

    saves = tmp_path / "saves"
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(saves))
    game = Game.new(3)
    game.campaign = "3-storm"
    storage.write_save(game, "storm")
    program = Program(TITLE, saves)
    try:
        assert program.read_until(b"Load", 30), program.output[-400:]
        time.sleep(0.3)
        os.write(program.fd, b"l")
        time.sleep(wait)
        os.write(program.fd, b"\r\x10")
        program.read_until(b"\x00never", 2.0)
        os.kill(program.pid, signal.SIGTERM)
        assert program.wait(10) == 128 + signal.SIGTERM, program.output[-600:]
        assert not list(saves.glob("crash-*")), "no crash"
    finally:
        program.close()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_ends_a_simulation_with_workers_in_one_line(tmp_path: Path, workers: str) -> None:
    """The workers, forked with the handler, end as they would have; the command says why."""
    script = ("import sys\nfrom tripoli_tui.cli.main import main\n"
              f"sys.exit(main(['simulate', '--games', '1000000', '--workers', '{workers}']))\n")
    program = Program(script, tmp_path / "saves")
    try:
        forked = 0 if workers == "1" else int(workers)  # (one worker plays in the command's process)
        end = time.monotonic() + 30
        while time.monotonic() < end and not (handler_installed(program.pid)
                                              and len(children(program.pid)) >= forked):
            program.read_until(b"\x00never", 0.02)
        program.read_until(b"\x00never", 0.3)  # the games under way (it waited 2.5 s)
        os.write(program.fd, b"\x03")  # ctrl+c at the terminal: the whole foreground group
        assert program.wait(20) == 128 + signal.SIGINT, program.output[-600:]
        text = program.output.decode("utf-8", "replace")
        assert "tripoli simulate: interrupted (SIGINT); nothing was changed." in text
        assert "Traceback" not in text and "KeyboardInterrupt" not in text
    finally:
        program.close()
