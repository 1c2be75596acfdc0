"""Canaries for the internals the suite's fast wait reads (tests/fast_wait.py): each fails, naming
the internal, on the upgrade of Python or Textual that changes it. The suite then waits with
Textual's own wait (slower, as correct): the wait never reads a changed internal as "idle"."""

from __future__ import annotations

import asyncio
import threading

import pytest
from textual import app as textual_app
from textual import pilot as textual_pilot
from textual.app import App, ComposeResult, RenderResult
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from tests import fast_wait
from tests.conftest import FAST_WAIT


def test_every_internal_the_fast_wait_reads_is_as_it_was() -> None:
    assert asyncio.run(fast_wait.probe()) == ""


def test_the_fast_wait_is_the_one_the_pilot_uses() -> None:
    assert FAST_WAIT == ""
    assert textual_pilot.wait_for_idle is fast_wait.wait_for_idle
    assert textual_app.wait_for_idle is fast_wait.wait_for_idle


def test_ready_callbacks_are_counted() -> None:
    async def go() -> None:
        loop = asyncio.get_running_loop()
        before = fast_wait.ready(loop)
        loop.call_soon(lambda: None)
        assert fast_wait.ready(loop) == before + 1

    asyncio.run(go())


def test_a_textual_timer_is_found_from_its_sleep_and_a_paused_one_is_no_work() -> None:
    async def go() -> None:
        loop = asyncio.get_running_loop()
        timer = Timer(fast_wait._Target(), 0.5, name="canary",  # type: ignore[arg-type]
                      callback=lambda: None)
        timer._start()
        await asyncio.sleep(0.01)
        due, found = fast_wait.next_timer(loop)
        assert found is timer and due is not None
        timer.pause()
        await asyncio.sleep(0.6)
        assert fast_wait.next_timer(loop)[1] is not timer
        timer.stop()

    asyncio.run(go())


def test_a_thread_at_work_keeps_the_app_busy() -> None:
    async def go() -> None:
        loop = asyncio.get_running_loop()
        assert not fast_wait.executor_busy(loop)
        release = threading.Event()
        job = loop.run_in_executor(None, release.wait, 5)
        assert fast_wait.executor_busy(loop)
        release.set()
        await job
        for _ in range(200):
            if not fast_wait.executor_busy(loop):
                return
            await asyncio.sleep(0.005)
        raise AssertionError("the pool never said it was idle again")

    asyncio.run(go())


def test_a_missing_internal_raises_and_is_never_read_as_idle() -> None:
    class Bare(asyncio.AbstractEventLoop):
        pass

    loop = Bare.__new__(Bare)
    for read in (fast_wait.ready, fast_wait.next_timer, fast_wait.executor_busy):
        try:
            read(loop)
        except AttributeError:
            continue
        raise AssertionError(f"{read.__name__} read a loop without its internals")


class _Breaks(App[None]):
    """An app whose one widget fails to render once `b` is pressed."""

    BINDINGS = [("b", "break_it", "Break")]

    def compose(self) -> ComposeResult:
        yield _Fragile("whole")

    def action_break_it(self) -> None:
        self.query_one(_Fragile).broken = True
        self.query_one(_Fragile).refresh()


class _Fragile(Static):
    broken = False

    def render(self) -> RenderResult:
        if self.broken:
            raise RuntimeError("the widget failed to render")
        return super().render()


def test_a_headless_frame_is_owed_until_the_wait_then_drawn() -> None:
    """A headless screen's repaint notes its frame as owed (fast_wait.owe_the_frame), and the
    next wait draws it."""
    drawn: list[Screen[object]] = []
    original = fast_wait._draw_frame

    async def go() -> None:
        app = _Breaks()
        async with app.run_test(size=(20, 3)) as pilot:
            await pilot.pause()
            assert not fast_wait._OWED
            frames = len(drawn)
            app.screen.refresh()
            app.screen._on_timer_update()  # the screen's repaint, as its timer makes it
            assert app.screen in fast_wait._OWED and len(drawn) == frames  # owed, not drawn
            await pilot.pause()
            assert not fast_wait._OWED and drawn[frames:] == [app.screen]  # drawn at the wait

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fast_wait, "_draw_frame", lambda screen: (drawn.append(screen), original(screen)))
        asyncio.run(go())


def test_a_widget_that_fails_to_render_still_fails_the_test_at_the_wait() -> None:
    """With a headless app's frames drawn nowhere, a test would pass over a screen no player
    could see: the frame owed is drawn at the wait, and its failure fails the test."""

    async def go() -> None:
        app = _Breaks()
        async with app.run_test(size=(20, 3)) as pilot:
            await pilot.pause()
            await pilot.press("b")
            await pilot.pause()

    with pytest.raises(RuntimeError, match="the widget failed to render"):
        asyncio.run(go())
