"""The suite's garbage collection (tests/conftest.py, pytest_runtest_protocol): a test runs with the
heap that was alive before it frozen, an app ending in a test leaves that freeze alone, and what a
test leaves as garbage is collected as it ends, not frozen by the next test."""

from __future__ import annotations

import gc
import weakref

import pytest

from tests import conftest
from tests.tui.conftest import make_app
from tripoli_tui.engine.game import Game


class Node:
    """An object that can be weakly referred to and put in a reference cycle."""

    partner: Node | None = None


def test_a_test_runs_with_the_heap_before_it_frozen() -> None:
    assert gc.get_freeze_count() > 10_000  # the modules, the collected tests


async def test_an_app_ending_in_a_test_leaves_the_suite_s_heap_frozen() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert gc.get_freeze_count() > 10_000  # (not 0: the app's thaw would thaw it all)


def test_what_a_test_drops_is_collected_as_it_ends() -> None:
    """The hook around each test, driven here around a test of its own that drops a cycle (with
    the collector off, as if no collection had come due)."""
    around_a_test = conftest.pytest_runtest_protocol(None, None)  # type: ignore[arg-type]
    gc.disable()
    try:
        next(around_a_test)
        first, second = Node(), Node()
        first.partner, second.partner = second, first
        dropped = weakref.ref(first)
        del first, second
        assert dropped() is not None
        with pytest.raises(StopIteration):
            around_a_test.send(None)
        assert dropped() is None
    finally:
        gc.enable()
