"""Keys that crashed Textual itself (paging an option list before it has a size, a byte that is
not UTF-8...), and the work Textual does twice (a screen restyled whole when first shown)."""

from __future__ import annotations

import inspect
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.color import Color
from textual.css.query import NoMatches
from textual.drivers import linux_driver
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static

import tripoli_tui.tui.app  # noqa: F401  (installs the guards, as the game does)
from tests.tui.conftest import make_app
from tests.tui.helpers import post_keys, press


class Closing(Screen[None]):
    """A screen whose lookup fails once it is closed (its widgets are gone)."""

    def fill(self) -> None:
        self.query_one("#gone")


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
        post_keys(app, "ctrl+p", "pagedown", "pageup", "pagedown")  # before the palette's list has a size
        for _ in range(4):
            await pilot.pause()
        assert app.is_running and app.crash is None
        await press(pilot, "escape")


async def test_paging_the_help_card_list_at_a_tiny_size():
    app = make_app()
    async with app.run_test(size=(10, 3)) as pilot:  # the card list gets no lines at all
        await pilot.pause()
        await pilot.press("question_mark", "f3", "pagedown", "pageup", "pagedown")
        await pilot.pause()
        assert app.is_running and app.crash is None


async def test_a_key_that_arrives_while_the_app_closes_is_dropped():
    from textual import events

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stack = app._screen_stacks[app._current_mode]
        kept = list(stack)
        stack.clear()  # as while the app closes: no screen is left to take a key
        try:
            key = events.Key("x", "x")
            key._set_forwarded()  # as a key on its way back from a screen that just closed
            await app.on_event(key)
        finally:
            stack.extend(kept)
        assert app.crash is None and app.is_running



async def test_enter_twice_on_the_title_opens_one_game_and_keeps_it():
    from tripoli_tui.tui.screens.game import GameScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        post_keys(app, "enter", "enter")
        for _ in range(4):
            await pilot.pause()
        assert app.is_running and app.crash is None
        from tripoli_tui.tui.screens.campaign_name import CampaignNameDialog

        assert isinstance(app.screen, CampaignNameDialog)  # one new campaign, its name asked
        post_keys(app, "enter", "enter")
        for _ in range(4):
            await pilot.pause()
        assert app.is_running and app.crash is None
        assert isinstance(app.screen, GameScreen)
        assert len([s for s in app.screen_stack if isinstance(s, GameScreen)]) == 1


async def test_a_lookup_failing_in_a_screen_already_closed_is_not_a_crash():
    from tripoli_tui.tui.closing import from_a_closed_screen as _from_a_closed_screen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = Closing()
        await app.push_screen(screen)
        with pytest.raises(NoMatches) as open_error:
            screen.fill()
        assert not _from_a_closed_screen(app, open_error.value), "an open screen's error is a crash"
        app.pop_screen()
        await pilot.pause()
        with pytest.raises(NoMatches) as closed_error:
            screen.fill()
        assert _from_a_closed_screen(app, closed_error.value)
        app._handle_exception(closed_error.value)
        await pilot.pause()
        assert app.is_running and app.crash is None


async def test_a_choice_on_the_title_is_made_once():
    from tripoli_tui.tui.screens.title import NewCampaign, QuitGame, TitleScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        title._close(QuitGame())
        title._close(NewCampaign(5))  # a key queued behind the first choice
        await pilot.pause()
        title._fill_menu()  # its saves read after it closed
        await pilot.pause()
    assert app.return_code == 0 and app.crash is None


async def test_dismissing_a_screen_that_is_not_on_top_closes_nothing():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        beneath, on_top = Screen[None](), ModalScreen[None]()  # beneath stays visible
        await app.push_screen(beneath)
        await app.push_screen(on_top)
        await beneath.dismiss()  # a second key for a screen already covered (or closed)
        await pilot.pause()
        assert app.screen is on_top and beneath in app.screen_stack


async def test_a_lookup_in_a_screen_being_taken_down_on_quitting_is_not_a_crash():
    from tripoli_tui.tui.closing import from_a_closed_screen as _from_a_closed_screen
    from tripoli_tui.tui.screens.game import GameScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "n", "enter")
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        await app._prune(game_screen)  # as on quitting: its widgets go, it is still in the stack
        assert game_screen in app.screen_stack
        try:
            game_screen._refocus()  # queued after a resize, runs in between (random-keys soak)
        except NoMatches as error:
            assert _from_a_closed_screen(app, error)
        else:
            raise AssertionError("the lookup found the pruned widgets")


async def test_a_closed_screen_s_callback_run_by_the_screen_that_replaced_it_is_not_a_crash():
    from tripoli_tui.tui.closing import from_a_closed_screen as _from_a_closed_screen

    class Replacing(Screen[None]):
        def run(self, callback) -> None:  # as its idle loop runs the callbacks queued for it
            callback()

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        closing = Closing()
        await app.push_screen(closing)
        app.pop_screen()
        replacing = Replacing()
        await app.push_screen(replacing)
        await pilot.pause()
        try:
            replacing.run(closing.fill)  # found by the random-keys soak: a resize, then a new game
        except NoMatches as error:
            assert _from_a_closed_screen(app, error)
        else:
            raise AssertionError("the closed screen still had its widgets")
        with pytest.raises(NoMatches) as own:
            replacing.run(lambda: replacing.query_one("#gone"))
        assert not _from_a_closed_screen(app, own.value), "the open screen's own lookup is a crash"


@pytest.mark.parametrize("drill", ["drill_random", "drill_on_a_tutorial"])
async def test_a_drill_chosen_on_the_title_is_its_one_choice(drill):
    from pathlib import Path

    from tripoli_tui.tui.screens.drill import DrillPanel
    from tripoli_tui.tui.screens.game import GameScreen
    from tripoli_tui.tui.screens.title import QuitGame, TitleScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        if drill == "drill_random":
            title.action_drill_random()
        else:
            tutorials = Path(__file__).resolve().parents[2] / "tripoli_tui" / "tutorials"
            title._drill_on(sorted(tutorials.glob("*.toml"))[0])
        assert title.closing  # what the menu filling and a queued key look at
        title._close(QuitGame())  # a key queued behind the first choice
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.return_code is None
        assert app.screen.query_one(DrillPanel).drill is not None


async def test_a_closed_screen_leaves_nothing_it_drew_alive():
    import gc
    import weakref

    from tripoli_tui.engine.game import Game
    from tripoli_tui.tui.screens.help import HelpScreen
    from tripoli_tui.tui.widgets.tab_bar import TabBar

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        drawn = weakref.ref(app.screen.query_one(TabBar)._styles_cache)
        await press(pilot, "escape")
        # Each widget's message loop keeps the last message it handled (a local in Textual's
        # loop) until the next one, and with it that message's sender: a scrollbar whose last
        # message came from the help kept the help alive until its next (found in one run in
        # three). Every message pump is handed a fresh one first.
        for pump in list(app._registry):
            pump.check_idle()
        await pilot.pause()
        gc.collect()
        assert drawn() is None, "the help's lines outlive it (Textual issue #6665)"


class Crowded(Screen[None]):
    """A screen of many widgets, with a style file of its own (read when the screen is pushed)."""

    CSS_PATH = str(Path(__file__).with_name("crowded.tcss"))

    def compose(self) -> ComposeResult:
        for i in range(40):
            yield Static(f"line {i}", classes="line")


async def _restyled_while(app: App[None], pilot: Any, action: Any) -> int:
    """How many nodes the stylesheet restyles while `action` runs and the app settles."""
    restyled = []
    update_nodes = app.stylesheet.update_nodes

    def counting(nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        restyled.extend(nodes)
        update_nodes(nodes, animate=animate)

    app.stylesheet.update_nodes = counting  # type: ignore[method-assign]
    try:
        await action()
        await pilot.pause()
        await pilot.pause()
    finally:
        app.stylesheet.update_nodes = update_nodes  # type: ignore[method-assign]
    return len(restyled)


async def test_a_screen_first_shown_is_not_restyled_whole_and_has_its_own_styles():
    app = App[None]()
    async with app.run_test(size=(40, 50)) as pilot:
        screen = Crowded()
        restyled = await _restyled_while(app, pilot, lambda: app.push_screen(screen))
        assert restyled < 10, f"{restyled} nodes restyled on the first showing"  # Textual: all 41
        # the screen's own style file was read after the screen was styled: it holds all the same
        assert screen.styles.background == Color.parse("#102030")
        assert all(line.styles.color == Color.parse("#c0ffee") for line in screen.query(Static))
        assert all(line.styles.height.value == 1 for line in screen.query(Static))


async def test_a_screen_shown_again_is_restyled_as_textual_does():
    app = App[None]()
    async with app.run_test(size=(40, 50)) as pilot:
        app.install_screen(Crowded(), "crowded")  # kept when closed, to be shown again
        await app.push_screen("crowded")
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        restyled = await _restyled_while(app, pilot, lambda: app.push_screen("crowded"))
        assert restyled >= 41


def test_a_source_is_parsed_once_for_the_same_variables(monkeypatch):
    import textual.css.stylesheet as stylesheets

    parsed = []
    parse = stylesheets.parse

    def counting(*args: Any, **kwargs: Any) -> Any:
        parsed.append(args[1])
        return parse(*args, **kwargs)

    monkeypatch.setattr(stylesheets, "parse", counting)
    css = "Static.once-only-here { color: $accent; }"

    def rules(accent: str) -> list[Any]:
        sheet = stylesheets.Stylesheet(variables={"accent": accent})  # a fresh one, as reparse makes
        sheet.add_source(css, read_from=("test", "once"))
        sheet.parse()
        return [rule.styles.color for rule in sheet.rules]

    assert rules("#aa0000") == [Color.parse("#aa0000")]
    assert rules("#aa0000") == [Color.parse("#aa0000")] and parsed == [css]  # not parsed again
    assert rules("#00bb00") == [Color.parse("#00bb00")]  # other variables: parsed with them
    assert parsed == [css, css]


class _Reading(linux_driver.LinuxDriver):
    """Textual's Linux driver reading a pipe, each message it would post kept (made without its
    __init__, which takes the process's terminal and signals)."""

    def process_message(self, message: Any) -> None:
        self.messages.append(message)


def _reading(fileno: int) -> _Reading:
    driver = object.__new__(_Reading)
    driver.messages = []  # type: ignore[attr-defined]
    driver.fileno, driver.exit_event, driver._debug = fileno, threading.Event(), False
    return driver


def test_textual_still_reads_its_input_as_the_fixes_expect():
    """The canary: Textual's Linux driver still makes its decoder by the module's
    `getincrementaldecoder` in `run_input_thread`, run by `_run_input_thread` (what textual_fixes
    replaces). A Textual that reads its input otherwise must be looked at again."""
    assert "getincrementaldecoder" in linux_driver.LinuxDriver.run_input_thread.__code__.co_names
    assert "getincrementaldecoder(\"utf-8\")()" in inspect.getsource(
        linux_driver.LinuxDriver.run_input_thread)
    assert "run_input_thread" in linux_driver.LinuxDriver._run_input_thread.__code__.co_names
    assert callable(linux_driver.getincrementaldecoder)


def test_every_byte_of_the_terminal_s_input_is_read_as_something():
    """Bytes that are not UTF-8 are their Latin-1 characters (C1 controls dropped); UTF-8 split
    between reads is read whole; nothing raises."""
    read_end, write_end = os.pipe()
    driver = _reading(read_end)
    thread = threading.Thread(target=driver.run_input_thread, daemon=True)
    thread.start()
    try:
        for chunk in (b"\xff", b"a", b"\xc3", b"b", b"\xc3", b"\xa9", b"\x9b", b"\xe1",
                      "G\xe9nova".encode("latin-1"), b"z"):
            os.write(write_end, chunk)
            time.sleep(0.02)
        end = time.monotonic() + 5
        while time.monotonic() < end and not any(
                getattr(m, "character", "") == "z" for m in driver.messages):
            time.sleep(0.02)
    finally:
        driver.exit_event.set()
        thread.join(5)
        os.close(write_end)
        os.close(read_end)
    assert not thread.is_alive()
    typed = "".join(m.character or "" for m in driver.messages if isinstance(m, events.Key))
    assert typed == "\xffa\xc3b\xe9\xe1G\xe9novaz"


def test_an_error_in_the_input_thread_is_the_app_s_error_not_a_panic():
    class Failing(_Reading):
        def run_input_thread(self) -> None:
            raise RuntimeError("the input is broken")

    calls: list[tuple[Any, ...]] = []

    class Listening:
        def _handle_exception(self, error: Exception) -> None: ...

        def panic(self, *renderables: Any) -> None: ...

        def call_later(self, callback: Any, *args: Any) -> None:
            calls.append((callback, *args))

    driver = _reading(0)
    driver.__class__ = Failing
    app = Listening()
    driver._app = app  # type: ignore[assignment]
    driver._run_input_thread()
    assert len(calls) == 1
    callback, error = calls[0]
    assert callback == app._handle_exception
    assert isinstance(error, RuntimeError) and str(error) == "the input is broken"
    assert error.__traceback__ is not None  # the log has where it came from
