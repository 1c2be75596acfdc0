"""Ctrl+c before `main` has installed its handler (the first ~50 ms: the command's modules still
importing) ends the program in one line, never a `KeyboardInterrupt` traceback (issue 32,
point 5b). Before the package's first line runs, the interpreter itself is starting: no code of
ours can answer there."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from tripoli_tui.cli.signals import Stopped

from .test_terminal_process import ROOT

INTERRUPTED = Stopped(signal.SIGINT).line() + "\n"


def as_at_a_terminal() -> None:
    """Ctrl+c's signal as a terminal's program has it: a job started in the background by a
    shell without job control (a CI runner's `cmd &`) inherits SIGINT ignored, and Python then
    leaves it ignored: the signal these tests send would do nothing there."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(script: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60,
                          env=env, cwd=ROOT, preexec_fn=as_at_a_terminal)


@pytest.mark.parametrize("when", [
    "import tripoli_tui.cli",  # the package's first line has run, nothing else of it
    "import tripoli_tui.cli.out",  # the command line's modules half imported
    "import tripoli_tui.cli.main, argparse",  # main is about to be called
])
def test_ctrl_c_while_the_command_imports_ends_in_one_line(when: str) -> None:
    program = run(f"{when}\nimport os, signal\nos.kill(os.getpid(), signal.SIGINT)\n"
                  "from tripoli_tui.cli.main import main\nmain(['check', 'none'])\n")
    assert program.stderr.decode() == INTERRUPTED
    assert program.stdout == b""
    assert program.returncode in (-signal.SIGINT, 128 + signal.SIGINT)  # as ctrl+c ends a program


def test_other_errors_before_main_are_still_reported() -> None:
    program = run("import tripoli_tui.cli\nraise ValueError('not a signal')\n")
    assert b"ValueError: not a signal" in program.stderr and program.returncode == 1


def test_the_line_is_the_handler_s() -> None:
    from tripoli_tui.cli import INTERRUPTED as said_early

    assert said_early == INTERRUPTED
