"""The whole suite: the pilot tests wait for an idle app no longer than it works; which random
generator the suite drew with is said at the end of every run."""

from __future__ import annotations

import asyncio
from time import monotonic, process_time

import pytest
from textual import app as textual_app
from textual import pilot as textual_pilot

from tripoli_tui.engine import rng

SLICE = 1 / 200
"""How long the tests' wait for an idle app sleeps at a time (Textual's own: 1/50 s)."""


async def wait_for_idle(min_sleep: float = SLICE, max_sleep: float = 1) -> None:
    """Textual's pilot waits for the app to go idle after every key and pause (textual/_wait.py):
    it sleeps in slices of 1/50 s until a slice passes with under 1/20 of it used by the process,
    so every key pressed in a test cost at least 40 ms of sleep. This wait asks the same (a slice
    under 1/20 busy) in slices of 5 ms, and also that none of the app's timers is due within 1/50
    s (Textual's own slice: a resize is handled 1/120 s after it, a repaint up to 1/60 s after a
    change), so it ends when Textual's would, with no sleep beyond. (Slices of 2 ms were too
    short: the 120x40 flowchart snapshot was taken before its box had scrolled into view.)"""
    loop = asyncio.get_running_loop()
    start = monotonic()
    while True:
        cpu = process_time()
        await asyncio.sleep(SLICE)
        busy = process_time() - cpu
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            return
        if elapsed > min_sleep and busy < SLICE / 20 and not _timer_due(loop, 1 / 50):
            return


def _timer_due(loop: asyncio.AbstractEventLoop, within: float) -> bool:
    soon = loop.time() + within
    return any(not timer.cancelled() and timer.when() < soon
               for timer in getattr(loop, "_scheduled", ()))


# the two modules that wait, each with its own name of Textual's function
textual_app.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
textual_pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The tests that compare the compiled generator with the pure one skip when it was not built
    (no C compiler at install): this line says which it was in every run's log, CI's included."""
    if rng.COMPILED:
        said = "compiled (tripoli_tui/engine/_splitmix.c), checked against the pure-Python one"
    else:
        said = "pure Python (the compiled one was not built: the tests comparing them skipped)"
    terminalreporter.write_line(f"random generator: {said}")
