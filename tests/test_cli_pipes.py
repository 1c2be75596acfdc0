"""The printing commands end quietly when their reader stops reading (`tripoli simulate | head -2`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TUTORIAL = str(Path(__file__).parents[1] / "tripoli_tui" / "tutorials" / "01-five-corsair-check.toml")


@pytest.mark.parametrize("args", [
    ["simulate", "--games", "3"],
    ["simulate", "--games", "3", "--json"],
    ["explain", TUTORIAL, "--json"],
    ["explain", TUTORIAL],
    ["check", TUTORIAL],
], ids=["simulate", "simulate-json", "explain-json", "explain", "check"])
def test_a_reader_that_has_gone_ends_the_command_without_a_traceback(args: list[str]) -> None:
    command = [sys.executable, "-c", "import sys; from tripoli_tui.cli.main import main; sys.exit(main())",
               *args]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader goes before the command has printed anything
    errors = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, errors
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors


def test_the_output_is_unchanged_for_a_reader_that_stays() -> None:
    command = [sys.executable, "-c", "import sys; from tripoli_tui.cli.main import main; sys.exit(main())",
               "check", TUTORIAL]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "01-five-corsair-check.toml" in run.stdout
