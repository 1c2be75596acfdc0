"""The whole suite: the pilot tests wait for an idle app no longer than it works; which random
generator the suite drew with is said at the end of every run."""

from __future__ import annotations

import gc
import os
import sys

import pytest

# Bytecode is written and read back whatever PYTHONDONTWRITEBYTECODE says (set in some shells and
# CI images): a hundred `tripoli` processes the tests start (signals, terminals, hosted games,
# simulations' workers) each compiled the game's two hundred modules from source again, ~0.2 s of
# CPU each. Set here, the workers the suite starts next inherit it, and the first process to
# compile a module leaves its cache (in __pycache__, ignored by git) for all the others.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
# (then the game's modules, imported here before the workers start: their caches are theirs too)
from tests import fast_wait  # noqa: E402
from tripoli_tui.engine import rng  # noqa: E402
from tripoli_tui.tui.kept_app import KeptApp  # noqa: E402

FAST_WAIT = fast_wait.install()
"""'' when the suite's fast wait for an idle app is in use; else why Textual's own is (an internal
it reads has changed: tests/test_fast_wait.py fails and says which)."""


@pytest.fixture(autouse=True)
def collector_left_alone(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """At its first frame the app collects every cycle and freezes the heap
    (KeptApp._settle_the_collector), and it hands the frozen heap back as it ends. In a test
    worker the heap is the whole suite's: each app started cost a full collection of it, about
    0.1 s of CPU, some 30 s a run. The tests' apps leave the collector to itself (it is still held
    until the first frame, then given back); tests/tui/test_collector.py, marked `collector`,
    pins the collection and the freeze with them on."""
    if request.node.get_closest_marker("collector") is None:
        monkeypatch.setattr(KeptApp, "_settle_the_collector", KeptApp._collector_back)
        monkeypatch.setattr(KeptApp, "_hand_the_heap_back", KeptApp._collector_back)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests (marked `slow`) run first, the rest in their order: the test workers
    take the tests in this order, and a long test taken last kept the run going on one worker
    while the others had finished."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """Each test's garbage is collected apart from the suite's heap: what is alive as a test
    starts (the modules, the collected tests, what earlier tests left in caches) is frozen out of
    the collector's sight, and the test's own garbage is collected as it ends (so none of it is
    frozen by the next). A test's app lives long enough for its objects to reach the oldest
    generation, and each full collection walked the worker's whole heap again: in one process
    the Textual tests spent 77 s of their 217 s collecting, 66 s of it in full collections. An
    app's own freeze and its thaw as it ends (which would thaw the suite's too) are left out
    above; the `collector` tests, which pin them, thaw the heap themselves."""
    gc.freeze()
    try:
        return (yield)
    finally:
        gc.collect()


@pytest.fixture(autouse=True)
def every_frame_for_snapshots(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A snapshot test's app draws every frame as Textual does: a snapshot is the terminal's
    picture (tests/fast_wait.py, DEFER)."""
    if "snap_compare" in request.fixturenames:
        monkeypatch.setattr(fast_wait, "DEFER", False)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The tests that compare the compiled generator with the pure one skip when it was not built
    (no C compiler at install): this line says which it was in every run's log, CI's included."""
    if rng.COMPILED:
        said = "compiled (tripoli_tui/engine/_splitmix.c), checked against the pure-Python one"
    else:
        said = "pure Python (the compiled one was not built: the tests comparing them skipped)"
    terminalreporter.write_line(f"random generator: {said}")
    if FAST_WAIT:
        terminalreporter.write_line(f"waiting for an idle app: Textual's own ({FAST_WAIT})")
