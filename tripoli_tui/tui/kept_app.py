"""What the app does around the game: its care of the terminal (only changed cells sent, a
redraw, notices shown as plain, safe text), of the game's saves (autosaves, save-as, the record:
through storage/keeper.py), and of every way out (quitting, a stopping signal, an unexpected
error). TripoliApp (app.py) adds the screens."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import App
from textual.notifications import SeverityLevel

from ..cli.signals import STOPPING
from ..storage.keeper import CrashReport, Keeper
from ..storage.shown import shown
from . import terminal
from .closing import from_a_closed_screen
from .messages import SaveAsked, TurnReached

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.driver import Driver
    from textual.screen import Screen

    from ..engine.game import Game


class TextualPanic(RuntimeError):
    """Textual ended the app on an error of its own (`KeptApp.panic`): its last line, and as a
    note all it said."""


class KeptApp(App[int]):
    """A Textual app that keeps its game safe and the terminal clean (see the module)."""

    def __init__(self, game: Game | None = None, *, tutorial: bool = False,
                 handle_signals: bool = False, collector_held: bool = False) -> None:
        super().__init__()
        self._collector_was_on = collector_held
        """Whether the garbage collector is to be turned back on after the first frame (it is off
        until then): it was on when the app mounted, or the program held it off as it started
        (`tripoli`, cli/main.py)."""
        self.frame_watchers: list[Callable[[Any, terminal.Frame], None]] = []
        """Each is called with every frame Textual composes, as composed: the benchmarks and tests
        time and read frames here, so that only this app and terminal.py lean on Textual's private
        display method (Textual is pinned)."""
        self.game = game
        self.tutorial = tutorial
        """The game on show is a tutorial: it is never autosaved (nor crash-saved), so it never
        takes a campaign's autosave slot or becomes Continue."""
        self.keeper = Keeper()
        """Autosaves, saves under a name, the crash save and log, the record (storage/keeper.py)."""
        self.handle_signals = handle_signals
        """Whether the stopping signals (cli/signals.py) save the game and end the program."""
        self._gave_signals_back = False
        self._ending = False
        """The app was told to exit (what a screen still opening then fails to find is no crash)."""
        self.stopped_by = 0
        """The signal that ended the program (0 for none)."""
        self.stopped_save: Path | None = None
        """Where the game was saved as a signal ended it (None: nothing to save, or it failed)."""
        self.crash: CrashReport | None = None
        """What the first unexpected error did (None when there was none)."""
        self.quit_unsaved = False
        """The player was told the game could not be saved and chose to quit anyway."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, or ours on Linux and macOS (mouse reports for buttons only, only the
        changed cells sent: see terminal.py)."""
        return terminal.driver_class(super().get_driver_class())

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        # Textual passes its compositor updates here typed as no renderable: so is ours
        super()._display(screen, terminal.changed_cells(  # type: ignore[arg-type]
            self._driver, renderable, self.size.width, self.size.height))
        if self.frame_watchers and isinstance(renderable, terminal.Frame):
            for watch in self.frame_watchers:
                watch(self, renderable)

    def _forget_terminal(self) -> None:
        """The terminal may show anything now: the next update is sent whole."""
        if isinstance(self._driver, terminal.ButtonMouseDriver):
            self._driver.cells.forget()

    def on_resize(self) -> None:
        self._forget_terminal()  # a new size: the terminal may have rearranged what it shows

    def action_redraw(self) -> None:
        """Send the whole screen again: only changed cells are sent, so what another program
        wrote over the game (a `wall` message, a stray `echo`) stays until this."""
        self._forget_terminal()
        self.refresh()

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notification is plain text: messages quote saves, names and errors, which are
        never markup (a card named '[/b]' in a hand-edited save must not crash the game)."""
        super().notify(shown(message, lines=True), title=shown(title), severity=severity,
                       timeout=timeout, markup=False)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The command palette's Screenshot: a picture of the screen (SVG) kept in the saves
        folder, and where it went said (Textual's own went to ~/Downloads, which a server seldom
        has: 'Failed to save screenshot'). Its name is the date and time (the arguments unused)."""
        from ..save_error import SaveError
        from ..storage.files import where_said
        from ..storage.slots import write_screenshot

        try:
            written = write_screenshot(self.export_screenshot())
        except (SaveError, OSError) as problem:
            self.notify(f"The screenshot was not saved: {problem}.", title="Screenshot",
                        severity="error")
            return None
        self.notify(f"Saved as {where_said(written)}.", title="Screenshot")
        return None

    def _on_mount(self) -> None:
        # No garbage collection until the first screen is drawn: building it (a hundred widgets,
        # their styles) set off ~50 collections, a full one among them, ~30 ms of CPU before the
        # first paint. This runs after the app's own on_mount, which asks for the first screen
        # (built after) and for _settle_the_collector after the first refresh: it collects once.
        self._collector_was_on = self._collector_was_on or gc.isenabled()
        gc.disable()

    def _settle_the_collector(self) -> None:
        """Once the first screen is drawn, what is alive (Textual, Rich, the engine's tables, the
        first screen: most of the heap) is moved out of the garbage collector's sight. A full
        collection comes due whenever a screen or a tab adds a quarter of the heap, and walking
        all of it again cost 40-350 ms, landing on the next key. Garbage is collected first (so
        none is kept for good); later cycles are collected as before, the collector back on."""
        gc.collect()
        gc.freeze()
        self._collector_back()

    def _hand_the_heap_back(self) -> None:
        """As the app ends, what the first frame froze goes back to the collector (a process that
        starts app after app, the benchmarks, would otherwise keep every one whole), and the
        collector is back on if the app ended before its first frame."""
        gc.unfreeze()
        self._collector_back()

    def _collector_back(self) -> None:
        """The collector as it was before the app mounted (once)."""
        if self._collector_was_on:
            self._collector_was_on = False
            gc.enable()

    def _install_signal_handlers(self) -> None:
        """From now on a stopping signal wakes the event loop, even with no key pressed, and
        saves and ends the game; one that came while the app started is acted on now."""
        self._gave_signals_back = not STOPPING.installed  # a test's app gives them back as it ends
        STOPPING.install()
        loop = asyncio.get_running_loop()

        def arrived(signum: int) -> None:
            try:
                loop.call_soon_threadsafe(self.stop_for_signal, signum)
            except RuntimeError:  # the loop has closed: run_app acts on it
                STOPPING.keep(signum)

        STOPPING.answer = arrived
        if STOPPING.pending:
            self.stop_for_signal(STOPPING.take_pending())

    def on_unmount(self) -> None:
        self.keeper.release()
        if self.handle_signals:  # closing: a signal now is kept for run_app
            if self._gave_signals_back:
                STOPPING.uninstall()
            else:
                STOPPING.answer = STOPPING.keep
        self._hand_the_heap_back()

    def stop_for_signal(self, signum: int) -> None:
        """Save the game in progress and end (exit status 128 + the signal's number)."""
        if self.stopped_by:
            return
        self.stopped_by = signum
        self.stopped_save = self.autosave(quiet=True)
        self.exit(128 + signum, return_code=128 + signum)

    @property
    def ending(self) -> bool:
        """The app was told to exit (by a signal, a quit, an error): nothing more changes the game
        or its saves, so the save a signal's closing line names stays the newest."""
        return self._ending

    def exit(self, result: int | None = None, return_code: int = 0,
             message: RenderableType | None = None) -> None:
        self._ending = True
        super().exit(result, return_code, message)

    async def _on_key(self, event: events.Key) -> None:
        """Keys still queued while the app closes find no screen: they are dropped (Textual would
        raise ScreenStackError, ending the program as a crash). Otherwise Textual goes on to its
        own handler (it calls each class's `_on_key` in turn: calling it here too would handle
        every key twice)."""
        if not self.screen_stack:
            event.prevent_default()

    # --- an unexpected error ---------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """Any error nothing else caught: save the game to a crash slot and the traceback to a log,
        then end; the terminal is restored and run_app prints one line (never the traceback).

        One error is not a crash: a screen closed by a quick key before it finished opening finds
        its widgets gone; it is closed, so nothing is lost and play goes on."""
        if from_a_closed_screen(self, error, ending=self._ending):
            return
        if self.crash is None:
            self.crash = self._save_after_crash(error)
        self._return_code = 1
        if self._exception is None:  # a test run re-raises it
            self._exception = error
            self._exception_event.set()
        self._close_messages_no_wait()

    def panic(self, *renderables: RenderableType) -> None:
        """Textual's own way out of an error it caught itself (its input thread's, until
        textual_fixes handed those here): it would print what it is given, a traceback, on the
        restored terminal and end with exit status 0, nothing saved. It is an unexpected error
        like any other: the game is crash-saved, what Textual said goes to the log, one line."""
        import io

        from rich.console import Console

        said = io.StringIO()
        console = Console(file=said, width=100, color_system=None, legacy_windows=False)
        for renderable in renderables:
            console.print(renderable)
        lines = [line for line in said.getvalue().splitlines() if line.strip()]
        error = TextualPanic(lines[-1].strip() if lines else "Textual stopped the game")
        error.add_note(said.getvalue())
        self._handle_exception(error)

    def _save_after_crash(self, error: BaseException) -> CrashReport:
        import platform

        import textual

        versions = (f"Python {platform.python_version()}, Textual {textual.__version__}, "
                    f"{platform.platform()}.")
        return self.keeper.crash(self.game, error, tutorial=self.tutorial, versions=versions)

    def _remove_stale_temp_files(self) -> None:
        """Clear what writes cut short by an earlier crash or kill left behind (after the first
        paint: reading the folder must not delay it)."""
        from .. import storage

        storage.remove_stale_temp_files()

    # --- saving --------------------------------------------------------------------------

    @property
    def save_error(self) -> str:
        """Why the latest autosave failed ('' when it did not)."""
        return self.keeper.save_error

    def autosave(self, *, quiet: bool = False) -> Path | None:
        """Autosave the game in progress; a failure is a notification, never a crash."""
        path = self.keeper.autosave(self.game, tutorial=self.tutorial)
        if self.save_error:
            self.notify(f"Autosave failed: {self.save_error}", severity="error")
        elif path is not None and not quiet:
            self.notify(f"Autosaved to {path}", timeout=3)
        return path

    @on(TurnReached)
    def _turn_reached(self) -> None:
        self.autosave(quiet=True)

    @on(SaveAsked)
    def _save_asked(self) -> None:
        game = self.game
        if game is None:
            return
        from .screens.save_dialog import SaveDialog

        suggestion = f"{game.state.season_name}-{game.state.year}"
        self.push_screen(SaveDialog(suggestion, lambda name: self.keeper.name_problem(self.game, name)),
                         self._save_as)

    def _save_as(self, name: str | None) -> None:
        if not name or self.game is None:
            return
        path, problem = self.keeper.save_as(self.game, name)
        if path is None:
            self.notify(problem, title="Save failed", severity="error")
        else:
            self.notify(f"Saved as {path}", title="Saved", timeout=4)

    def record_result(self, game: Game) -> None:
        """Add a finished game to the record, once."""
        problem = self.keeper.record(game)
        if problem:
            self.notify(problem, severity="warning")

    # --- leaving -------------------------------------------------------------------------

    async def action_quit(self) -> None:
        """Quit, the game saved first. If it cannot be saved, stay and say so; a second q quits
        without saving (exit status 1, and the reason printed once the terminal is back)."""
        in_progress = self.keeper.keeps(self.game, self.tutorial)
        if in_progress and self.autosave(quiet=True) is None and not self.quit_unsaved:
            self.quit_unsaved = True
            self.notify(f"The game could not be saved, so it is still open ({self.save_error}). "
                        "Free some room or fix the saves folder, then press q again: it tries "
                        "once more, and quits either way.",
                        title="Not quitting", severity="error", timeout=20)
            return
        unsaved = in_progress and bool(self.save_error)
        self.exit(1 if unsaved else 0, return_code=1 if unsaved else 0)
