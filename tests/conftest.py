"""The whole suite: the pilot tests wait for an idle app no longer than it works; which random
generator the suite drew with is said at the end of every run."""

from __future__ import annotations

import asyncio

import pytest
from textual import app as textual_app
from textual import pilot as textual_pilot
from textual.timer import Timer

from tripoli_tui.engine import rng
from tripoli_tui.tui.kept_app import KeptApp

SLICE = 1 / 200
"""How long the tests' wait for an idle app sleeps at a time while a thread of the app works."""

DUE = 1 / 55
"""A timer due sooner than this is work still to come: a resize is handled 1/120 s after it, a
repaint and an animation's frame come 1/60 s apart. (Not 1/50 s: a timer of 0.02 s that sets
itself again, as the map's unlighting does on the test's stopped clock, would keep the app busy
to the end of every wait.)"""


async def wait_for_idle(min_sleep: float = SLICE, max_sleep: float = 1) -> None:
    """Textual's pilot waits for the app to go idle after every key and pause (textual/_wait.py):
    it sleeps in slices of 1/50 s until a slice passes with under 1/20 of it used by the process,
    so every key pressed in a test cost at least 40 ms of sleep (and, in slices of 5 ms, 10 ms:
    about a second of every key-barrage test). This wait asks the event loop itself instead: the
    app is idle when nothing is ready to run (every message queue is drained, since a message
    posted wakes its reader through the loop's ready queue), no timer is due within 1/55 s (it
    sleeps until the timer, then looks again), and no thread the loop handed work to (Textual's
    thread workers, Markdown's parsing) is still at it (it sleeps in slices of 5 ms while one
    is). A screen's repaint timer due is not slept for: the repaint is made at once, as the
    pilot's own pause makes it. Only the app's own process is watched, as Textual's wait does."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_sleep
    quiet = 0
    while loop.time() < deadline:
        if loop._ready:  # type: ignore[attr-defined]
            quiet = 0
            await asyncio.sleep(0)
            continue
        if _executor_busy(loop):
            quiet = 0
            await asyncio.sleep(SLICE)
            continue
        due, timer = _next_timer(loop)
        if due is not None and due < loop.time() + DUE:
            quiet = 0
            if timer is not None and timer.name == "screen_update" and timer._callback is not None:
                timer._callback()  # the screen's _on_timer_update: it pauses the timer, then repaints
                await asyncio.sleep(0)
            else:
                await asyncio.sleep(max(0.0, min(due, deadline) - loop.time()))
            continue
        quiet += 1
        if quiet >= 2:
            return
        await asyncio.sleep(0)


def _next_timer(loop: asyncio.AbstractEventLoop) -> tuple[float | None, Timer | None]:
    """When the next sleep in the loop ends, and the Textual timer sleeping it if one is. A paused
    Textual timer's sleep is no work to come: it wakes only to wait for its resume, which comes
    through the ready queue (the screen's repaint timer sleeps on after every repaint)."""
    soonest: tuple[float | None, Timer | None] = (None, None)
    for handle in getattr(loop, "_scheduled", ()):
        if handle.cancelled():
            continue
        timer = _textual_timer(handle)
        if timer is not None and not timer._active.is_set():
            continue
        if soonest[0] is None or handle.when() < soonest[0]:
            soonest = (handle.when(), timer)
    return soonest


def _textual_timer(handle: asyncio.TimerHandle) -> Timer | None:
    for future in getattr(handle, "_args", None) or ():
        for wake, _ in getattr(future, "_callbacks", None) or ():
            task = getattr(wake, "__self__", None)
            coro = task.get_coro() if isinstance(task, asyncio.Task) else None
            frame = getattr(coro, "cr_frame", None)
            timer = frame.f_locals.get("self") if frame is not None else None
            if isinstance(timer, Timer):
                return timer
    return None


def _executor_busy(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether the loop's default thread pool has work queued or a thread not yet back idle."""
    executor = getattr(loop, "_default_executor", None)
    if executor is None:
        return False
    threads = len(executor._threads)
    return not executor._work_queue.empty() or executor._idle_semaphore._value < threads


# the two modules that wait, each with its own name of Textual's function
textual_app.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
textual_pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]


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


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The tests that compare the compiled generator with the pure one skip when it was not built
    (no C compiler at install): this line says which it was in every run's log, CI's included."""
    if rng.COMPILED:
        said = "compiled (tripoli_tui/engine/_splitmix.c), checked against the pure-Python one"
    else:
        said = "pure Python (the compiled one was not built: the tests comparing them skipped)"
    terminalreporter.write_line(f"random generator: {said}")
