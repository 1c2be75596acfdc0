"""The suite's wait for an idle app, faster than Textual's own, and the internals it reads.

Textual's pilot waits for the app to go idle after every key and pause (textual/_wait.py): it
sleeps in slices of 1/50 s until a slice passes with under 1/20 of it used by the process, so
every key pressed in a test costs at least 40 ms of sleep (about a second of every key-barrage
test). This wait asks the event loop itself instead: the app is idle when nothing is ready to run
(every message queue is drained, since a message posted wakes its reader through the loop's ready
queue), no timer is due within 1/55 s (it sleeps until the timer, then looks again), and no thread
the loop handed work to (Textual's thread workers, Markdown's parsing) is still at it. A screen's
repaint timer due is not slept for: the repaint is made at once, as the pilot's own pause makes it.

A headless app's frames are drawn once the app is idle, not at every repaint: Textual draws a
frame of a headless app at each repaint as a terminal's, then throws it away (App._display writes
nothing headless). In a profile of a hundred Textual tests that drawing was ~37% of their CPU,
most of it frames between two keys no test reads. Here the screen notes the frame it owes, and
the wait draws it when the app is idle, the screen as the player would see it once the key is
done. So every state a test waits on is still drawn (a widget that fails to render still fails
the test, at the wait: tests/test_fast_wait.py pins it), about once where it was three times
(the whole suite's CPU went from ~400 s to ~320 s); a screenshot draws its own frame, as
before. A snapshot test draws every frame as Textual does
(`DEFER` off, tests/conftest.py): a few of Textual's widgets (an option list's lines) are measured
as a frame is drawn, so a frame not drawn between two keys can leave another picture (the course's
list, lines wrapped a column short) than the terminal shows; a snapshot is the terminal's picture.

It reads what asyncio, CPython and Textual do not publish (issue 37, point 2): the loop's ready
queue and timers, a timer handle's future and the task it wakes, that task's coroutine frame, the
thread pool's queue and idle semaphore, Textual's Timer fields. Every one is read strictly (a
missing one raises, never reads as "idle"), `install` probes them all on a live loop before it
replaces Textual's wait and keeps Textual's own when one has changed, and tests/test_fast_wait.py
pins each (a canary: it fails, naming the internal, on the upgrade that changes it).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import weakref

from textual import app as textual_app
from textual import pilot as textual_pilot
from textual.screen import Screen
from textual.timer import Timer

SLICE = 1 / 200
"""How long the wait sleeps at a time while a thread of the app works."""

DUE = 1 / 55
"""A timer due sooner than this is work still to come: a resize is handled 1/120 s after it, a
repaint and an animation's frame come 1/60 s apart. (Not 1/50 s: a timer of 0.02 s that sets
itself again, as the map's unlighting does on the test's stopped clock, would keep the app busy
to the end of every wait.)"""

REPAINT_TIMER = "screen_update"
"""The name of a screen's repaint timer (textual.screen.Screen)."""


async def wait_for_idle(min_sleep: float = SLICE, max_sleep: float = 1) -> None:
    """Return once the app is idle (see the module), or after `max_sleep` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_sleep
    quiet = 0
    while loop.time() < deadline:
        if ready(loop):
            quiet = 0
            await asyncio.sleep(0)
            continue
        if executor_busy(loop):
            quiet = 0
            await asyncio.sleep(SLICE)
            continue
        due, timer = next_timer(loop)
        if due is not None and due < loop.time() + DUE:
            quiet = 0
            if timer is not None and timer.name == REPAINT_TIMER and timer._callback is not None:
                timer._callback()  # the screen's _on_timer_update: it pauses the timer, then repaints
                await asyncio.sleep(0)
            else:
                await asyncio.sleep(max(0.0, min(due, deadline) - loop.time()))
            continue
        quiet += 1
        if quiet >= 2:
            if not draw_owed_frames():
                return
            quiet = 0  # (drawing may have set more work going: look again)
        await asyncio.sleep(0)


_draw_frame = Screen._compositor_refresh
"""Textual's own: draws the screen's changed regions as a frame and hands it to the driver."""

DEFER = True
"""Whether a headless screen's frames wait for the wait (off: drawn at each repaint, as Textual
does)."""

_OWED: weakref.WeakSet[Screen[object]] = weakref.WeakSet()
"""The screens of headless apps with a frame owed: changed since their last frame drawn."""


def owe_the_frame(screen: Screen[object]) -> None:
    """Screen._compositor_refresh while the fast wait is in use: a headless app's screen on show
    notes its frame as owed (its changed regions stay marked, in its compositor) instead of
    drawing it; any other screen, inline app or terminal app draws as Textual does."""
    app = screen.app
    if DEFER and app.is_headless and not app.is_inline and screen is app.screen:
        screen._dirty_widgets.clear()  # (their regions are in the compositor's, as Textual does)
        _OWED.add(screen)
        app._update_mouse_over(screen)
        return
    _draw_frame(screen)


def draw_owed_frames() -> bool:
    """Draw the owed frame of each screen still on show; whether there was any."""
    owed = [screen for screen in _OWED if screen.is_current]
    _OWED.clear()
    for screen in owed:
        _draw_frame(screen)
    return bool(owed)


def ready(loop: asyncio.AbstractEventLoop) -> int:
    """How many callbacks the loop has ready to run (asyncio's BaseEventLoop._ready)."""
    return len(loop._ready)  # type: ignore[attr-defined]


def next_timer(loop: asyncio.AbstractEventLoop) -> tuple[float | None, Timer | None]:
    """When the next sleep in the loop ends, and the Textual timer sleeping it if one is. A paused
    Textual timer's sleep is no work to come: it wakes only to wait for its resume, which comes
    through the ready queue (the screen's repaint timer sleeps on after every repaint)."""
    soonest: tuple[float | None, Timer | None] = (None, None)
    for handle in loop._scheduled:  # type: ignore[attr-defined]
        if handle.cancelled():
            continue
        timer = textual_timer(handle)
        if timer is not None and not timer._active.is_set():
            continue
        if soonest[0] is None or handle.when() < soonest[0]:
            soonest = (handle.when(), timer)
    return soonest


def textual_timer(handle: asyncio.TimerHandle) -> Timer | None:
    """The Textual Timer whose sleep a loop timer ends (None for another sleep): the handle
    resolves a future (asyncio.sleep's), whose done-callback wakes a task, whose coroutine's
    frame is the Timer's `_run` (its `self`)."""
    for future in handle._args or ():  # type: ignore[attr-defined]
        if not isinstance(future, asyncio.Future):
            continue
        for wake, _ in future._callbacks or ():  # type: ignore[attr-defined]
            task = getattr(wake, "__self__", None)
            if not isinstance(task, asyncio.Task):
                continue
            frame = task.get_coro().cr_frame  # type: ignore[union-attr]
            timer = frame.f_locals.get("self") if frame is not None else None
            if isinstance(timer, Timer):
                return timer
    return None


def executor_busy(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether the loop's default thread pool has work queued or a thread not yet back idle."""
    executor = loop._default_executor  # type: ignore[attr-defined]
    if executor is None:
        return False
    threads = len(executor._threads)
    return not executor._work_queue.empty() or executor._idle_semaphore._value < threads


class _Target:
    """What a probe's timer belongs to (a Timer holds its target by a weak reference)."""


async def probe() -> str:
    """'' when every internal the wait reads is there and means what it meant, on this loop;
    else which is not."""
    loop = asyncio.get_running_loop()
    try:
        loop.call_soon(lambda: None)
        if ready(loop) < 1:
            return "asyncio's loop._ready no longer holds the callbacks ready to run"
        await asyncio.sleep(0)
        timer = Timer(_Target(), 5.0, name="probe", callback=lambda: None)  # type: ignore[arg-type]
        timer._start()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        found = [textual_timer(h) for h in loop._scheduled]  # type: ignore[attr-defined]
        timer.stop()
        if timer not in found:
            return "a Textual Timer's sleep is no longer found from the loop's timer handle"
        if not hasattr(timer, "_callback") or not hasattr(timer, "_active"):
            return "Textual's Timer no longer has _callback and _active"
        release = threading.Event()
        job = loop.run_in_executor(None, release.wait, 5)
        busy = executor_busy(loop)
        release.set()
        await job
        for _ in range(200):
            if not executor_busy(loop):
                break
            await asyncio.sleep(SLICE)
        if not busy or executor_busy(loop):
            return "the thread pool's _work_queue and _idle_semaphore no longer say it is busy"
        if not isinstance(loop._default_executor,  # type: ignore[attr-defined]
                          concurrent.futures.ThreadPoolExecutor):
            return "the loop's default executor is no longer a ThreadPoolExecutor"
    except (AttributeError, TypeError) as error:
        return f"an internal is gone: {error}"
    if not (hasattr(textual_app, "wait_for_idle") and hasattr(textual_pilot, "wait_for_idle")):
        return "textual.app and textual.pilot no longer wait through wait_for_idle"
    screen: Screen[object] = Screen()
    for name in ("_dirty_widgets", "_compositor"):
        if not hasattr(screen, name):
            return f"Textual's Screen no longer has {name}"
    for name in ("_compositor_refresh", "is_current"):
        if not hasattr(Screen, name):
            return f"Textual's Screen no longer has {name}"
    for name in ("is_headless", "is_inline", "_update_mouse_over"):
        if not hasattr(textual_app.App, name):
            return f"Textual's App no longer has {name}"
    return ""


def install() -> str:
    """Replace Textual's wait with this one if every internal it reads is as it was: '' if so,
    else why Textual's own wait is kept (correct, only slower)."""
    problem = asyncio.run(probe())
    if not problem:
        # the two modules that wait, each with its own name of Textual's function
        textual_app.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
        textual_pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
        Screen._compositor_refresh = owe_the_frame  # type: ignore[method-assign]
    return problem
