"""A stopping signal whose `Stopped` Python drops on the way (the handler ran inside a finalizer,
whose exceptions Python only reports as "Exception ignored"), or that comes while the handlers
are still being installed, still ends the program in its one line: never a traceback on the
screen, never a game that goes on as if nothing had come."""

from __future__ import annotations

import gc
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_signals_process import echo_is_on, last_line
from tests.test_terminal_process import Program
from tripoli_tui.cli.signals import STOPPING, Stopped, StopSignals


class GetsTheSignal:
    """An object whose finalizer is running when the signal is handled."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGTERM)  # the handler runs before this returns


def test_a_signal_lost_in_a_finalizer_is_kept_and_not_shown(
        capsys: pytest.CaptureFixture[str]) -> None:
    stopping = StopSignals()
    stopping.install()
    try:
        GetsTheSignal()  # dropped at once: Python drops the Stopped its finalizer raised
        gc.collect()
        assert stopping.pending == signal.SIGTERM
        with pytest.raises(Stopped) as stopped:
            stopping.stop_if_kept()
        assert stopped.value.signum == signal.SIGTERM and stopping.pending == 0
        stopping.stop_if_kept()  # once only
    finally:
        stopping.uninstall()
    assert capsys.readouterr().err == "", "no 'Exception ignored' traceback"


def test_other_dropped_errors_are_still_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    class Faulty:
        def __del__(self) -> None:
            raise ValueError("a real fault in a finalizer")

    reported: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda unraisable: reported.append(unraisable.exc_value))
    stopping = StopSignals()
    stopping.install()
    try:
        Faulty()
        gc.collect()
        assert [str(error) for error in reported] == ["a real fault in a finalizer"]
        assert stopping.pending == 0
    finally:
        stopping.uninstall()
    Faulty()
    assert len(reported) == 2, "the hook it had is given back"


def test_a_kept_signal_is_left_to_whoever_answers_it() -> None:
    """While the app starts, a signal is kept for the app: `stop_if_kept` leaves it alone."""
    stopping = StopSignals()
    stopping.install()
    try:
        stopping.answer = stopping.keep
        signal.raise_signal(signal.SIGHUP)
        stopping.stop_if_kept()
        assert stopping.take_pending() == signal.SIGHUP
    finally:
        stopping.uninstall()
    assert stopping.pending == 0 and not stopping.installed


LOST_IN_A_FINALIZER = """import sys
from tripoli_tui.cli import main as command
from tests.test_signals_lost import GetsTheSignal
build = command.build_parser
def build_parser():
    GetsTheSignal()
    return build()
command.build_parser = build_parser
sys.exit(command.main(['new', '--seed', '3']))
"""

WHILE_INSTALLING = """import os, signal, sys
from tripoli_tui.cli import main as command
install = signal.signal
def signal_then_install(signum, handler):
    if signum == signal.SIGINT:  # SIGHUP's and SIGTERM's handlers are in: SIGTERM comes
        os.kill(os.getpid(), signal.SIGTERM)
    return install(signum, handler)
signal.signal = signal_then_install
sys.exit(command.main(['new', '--seed', '3']))
"""


@pytest.mark.parametrize("script", [LOST_IN_A_FINALIZER, WHILE_INSTALLING],
                         ids=["lost-in-a-finalizer", "while-installing"])
def test_the_program_ends_in_one_line(tmp_path: Path, script: str) -> None:
    program = Program(script, tmp_path / "saves")
    try:
        assert program.wait(30) == 128 + signal.SIGTERM, program.output[-600:]
        assert b"Traceback" not in program.output and b"Exception ignored" not in program.output
        assert b"\x1b[?1049h" not in program.output, "the game never started"
        assert echo_is_on(program.fd)
        assert last_line(program) == \
            "tripoli: the system asked the game to end (SIGTERM); nothing was changed."
    finally:
        program.close()


def test_main_ends_for_a_lost_signal_and_gives_everything_back(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """In-process (as a test or a script calls it): `main` ends for the lost signal in its one
    line, and leaves no handler, no kept signal and no hook of its own behind."""
    from tripoli_tui.cli import main as command

    build = command.build_parser

    def build_parser() -> Any:
        GetsTheSignal()
        return build()

    hook_before = sys.unraisablehook
    monkeypatch.setattr(command, "has_a_terminal", lambda: True)
    monkeypatch.setattr(command, "build_parser", build_parser)
    assert command.main(["new", "--seed", "3"]) == 128 + signal.SIGTERM
    assert capsys.readouterr().err == \
        "tripoli: the system asked the game to end (SIGTERM); nothing was changed.\n"
    assert not STOPPING.installed and STOPPING.pending == 0
    assert sys.unraisablehook is hook_before
