"""Keys that crashed Textual itself: paging an option list before it has a size."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

import tripoli_tui.app  # noqa: F401  (installs the guards, as the game does)
from tests.tui.conftest import make_app
from tests.tui.helpers import press


class Squeezed(App[None]):
    CSS = "#options { height: 0; }"

    def compose(self) -> ComposeResult:
        yield OptionList(*[f"option {i}" for i in range(30)], id="options")


@pytest.mark.parametrize("key", ["pageup", "pagedown"])
async def test_paging_a_list_with_no_room_does_nothing(key):
    app = Squeezed()
    async with app.run_test(size=(20, 5)) as pilot:
        options = app.query_one(OptionList)
        options.highlighted = 3
        options.focus()
        await pilot.pause()
        await press(pilot, key, key)
        assert app.is_running and options.highlighted == 3


async def test_paging_the_palette_at_once_after_opening_it():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", "pagedown", "pageup", "pagedown")
        await pilot.pause()
        assert app.is_running
        await press(pilot, "escape")


async def test_paging_the_help_card_list_at_a_tiny_size():
    app = make_app()
    async with app.run_test(size=(20, 6)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark", "f3", "pagedown", "pageup", "pagedown")
        await pilot.pause()
        assert app.is_running


async def test_a_key_that_arrives_while_the_app_closes_is_dropped():
    from textual import events

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stack = app._screen_stacks[app._current_mode]
        kept = list(stack)
        stack.clear()  # as while the app closes: no screen is left to take a key
        try:
            await app._on_key(events.Key("x", "x"))
        finally:
            stack.extend(kept)
        assert app.crash is None and app.is_running
