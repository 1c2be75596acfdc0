"""The whole suite: which random generator it drew with is said at the end of every run."""

from __future__ import annotations

import pytest

from tripoli_tui.engine import rng


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The tests that compare the compiled generator with the pure one skip when it was not built
    (no C compiler at install): this line says which it was in every run's log, CI's included."""
    if rng.COMPILED:
        said = "compiled (tripoli_tui/engine/_splitmix.c), checked against the pure-Python one"
    else:
        said = "pure Python (the compiled one was not built: the tests comparing them skipped)"
    terminalreporter.write_line(f"random generator: {said}")
