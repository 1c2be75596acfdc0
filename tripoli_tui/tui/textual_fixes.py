"""Guards around Textual (8.2.8, pinned) for inputs that crash it (found by the random-keys soak).

OptionList pages by looking up the highlighted option's line, which exists only once the list has
been laid out with a size. PageUp/PageDown before that (the command palette a few milliseconds
after ctrl+p, or a list squeezed to nothing in a tiny terminal) raised KeyError inside Textual and
ended the program. Until the list has lines there is no page to move by, so the key does nothing.

Screen.dismiss pops whatever screen is on top, whichever screen it is called on: two quick keys that
each close a screen (Enter twice on the title's menu) closed the screen beneath too, or raised
ScreenStackError with nothing left to pop. A screen that is not the one on top (closed, or covered
by a dialog) has nothing to close, so dismissing it does nothing.

StylesCache.get_inner_outer is an lru_cache (1024 entries) on a method, so its key holds the
widget's StylesCache and with it every line the widget drew (Textual issue #6665): each screen
opened and closed (help, the flowchart) left ~7,000 objects alive (22,000 for help with all its
tabs), and Python's full garbage collections, which walk them all, grew to 150-350 ms, landing on
whatever key came next. The two colours alone make the key.

A pushed screen restyles itself and every widget in it when it is first shown (ScreenResume), just
after each widget was styled as it mounted: the whole pass again, 30 ms of the game screen's
first paint (it has a hundred widgets) for no change. Its first showing restyles the screen alone
(styled before its own CSS file was read) and keeps the styles its widgets were given as they
mounted; every later one (back from a dialog, a theme changed meanwhile) restyles as Textual does.

Each new style file (a screen's, pushed) and each theme has Textual parse every source again, the
widgets' own CSS included, in a fresh Stylesheet with an empty cache: 5-7 ms a time, twice before
the first paint. What a source parses to with the same variables is kept for the process, and
beside the saves for the next start (parsed_styles.py).

The Linux/macOS driver reads the terminal's bytes through a strict UTF-8 decoder: one byte that is
not UTF-8 (a stray `\\xff`, a Latin-1 terminal's letters, an 8-bit Alt key, half a character) raised
UnicodeDecodeError in its input thread, which ended the game by Textual's panic: its traceback on
the player's screen, exit status 0 (the host's log said "the player quit"), no crash save, the
moves since the last autosave lost. Its decoder now reads such a byte as the Latin-1 character it
is (what xterm itself sends for an 8-bit Alt key or a Latin-1 letter on a UTF-8 terminal: é for
\\xe9, á for Alt+a), and drops the C1 control bytes (\\x80-\\x9f), which no key types. Valid UTF-8,
however it is split between reads, is read as before.

Any other error in that input thread went the same way (a panic). It is handed to the app as an
error of its own instead: KeptApp saves the game, logs the traceback and prints one line. But the
terminal going away (a dropped SSH connection) is no error of the game's: its read fails with EIO
just as the kernel sends SIGHUP, and when the read came first the game ended as a crash (a crash
log, exit status 1) where SIGHUP saves and ends it (exit status 129). EIO ends it as SIGHUP does.

An input types a printable key as its own handler receives it, but its other keys (Backspace,
Delete, the arrows, ctrl+w...) are its bindings, run only once the key has bubbled up to the app,
behind the keys already handed to the input: in a burst (typed fast, a paste of keys, an SSH packet
holding several) the Backspace after "naval" then "decatur" removed the "r", not the "n" (Textual
issue #6605). An input's own bindings now run in its handler, in the order the keys came; keys it
does not bind go on to the screen and the app as before.

WORKAROUNDS, at the end, lists every place the game replaces, overrides or relies on a private
part of Textual, here or elsewhere (KeptApp's hooks, the terminal driver), each with why, the
Textual issue where one is filed, and a fingerprint of the Textual source it was written against:
tests/tui/test_textual_workarounds.py fails on the upgrade that changes one, naming what to
review. An upgrade of Textual is a review of this file's list.
"""

from __future__ import annotations

import codecs
import errno
import importlib
import inspect
import signal
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from textual import events
from textual._styles_cache import StylesCache
from textual.app import ScreenStackError
from textual.await_complete import AwaitComplete
from textual.color import Color
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.drivers import linux_driver
from textual.events import ScreenResume
from textual.screen import Screen
from textual.style import Style
from textual.widgets import Input, OptionList

from . import parsed_styles

_move_page = OptionList._move_page
_dismiss = Screen.dismiss
_inner_outer = StylesCache.get_inner_outer.__wrapped__  # what Textual computes, uncached
_on_screen_resume = Screen._on_screen_resume
_parse_rules = Stylesheet._parse_rules
_input_on_key = Input._on_key
_ORIGINALS: dict[str, Any] = {
    "OptionList._move_page": _move_page, "Screen.dismiss": _dismiss,
    "StylesCache.get_inner_outer": _inner_outer, "Screen._on_screen_resume": _on_screen_resume,
    "Stylesheet._parse_rules": _parse_rules, "Input._on_key": _input_on_key,
    "LinuxDriver._run_input_thread": linux_driver.LinuxDriver._run_input_thread}
"""Textual's own functions the guards replace (the canaries fingerprint these, not the guards)."""

INPUT_ERRORS = "tripoli-input"
"""The decoding error handler of the terminal's input (`_read_as_latin_1`)."""


def _read_as_latin_1(error: UnicodeError) -> tuple[str, int]:
    """Bytes of the terminal's input that are not UTF-8: each the Latin-1 character it is, but
    the C1 controls (\\x80-\\x9f), which are dropped."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    taken = error.object[error.start:error.end]
    return "".join(chr(byte) for byte in taken if byte >= 0xA0), error.end


codecs.register_error(INPUT_ERRORS, _read_as_latin_1)


def _tolerant_decoder(encoding: str) -> Any:
    """What `codecs.getincrementaldecoder` gives, its decoders made with our error handler
    (Textual's input thread makes its decoder with `getincrementaldecoder("utf-8")()`)."""
    return partial(codecs.getincrementaldecoder(encoding), errors=INPUT_ERRORS)


def _input_thread_errors_to_the_app(self: linux_driver.LinuxDriver) -> None:
    """Textual's input thread, an error in it handed to the app as an unexpected error (not to
    its panic, which prints the traceback and ends with exit status 0); but the terminal hanging
    up is a hang-up."""
    try:
        self.run_input_thread()
    except BaseException as error:  # noqa: BLE001  # whatever it is, the app must hear of it
        hung_up = getattr(self._app, "stop_for_signal", None)
        if isinstance(error, OSError) and error.errno == errno.EIO and hung_up is not None:
            self._app.call_later(hung_up, signal.SIGHUP)
            return
        failure = error if isinstance(error, Exception) else RuntimeError(
            f"the terminal's input stopped: {error!r}")
        self._app.call_later(self._app._handle_exception, failure)


def _move_page_once_laid_out(self: OptionList, direction: Any) -> None:
    lines = self._lines
    if not lines or (self.highlighted or 0) not in self._index_to_line:
        return
    _move_page(self, direction)


def is_on_top(screen: Screen[Any]) -> bool:
    """Is `screen` the one on top, the one a key closes? (Textual's `is_current` is also true of a
    screen still visible beneath a dialog: dismissing that one would close the dialog instead.)"""
    try:
        return screen.app.screen is screen
    except ScreenStackError:
        return False


def _dismiss_only_the_current(self: Screen[Any], result: Any = None) -> AwaitComplete:
    if not is_on_top(self):
        return AwaitComplete()
    return _dismiss(self, result)


@lru_cache(1024)
def _inner_outer_of(base_background: Color, background: Color) -> tuple[Style, Style]:
    return _inner_outer(None, base_background, background)


def _get_inner_outer(self: StylesCache, base_background: Color,
                     background: Color) -> tuple[Style, Style]:
    """The inner and outer backgrounds of a widget, cached by the colours, not by the widget."""
    return _inner_outer_of(base_background, background)


def _resume_styled_once(self: Screen[Any], event: ScreenResume) -> None:
    if event.refresh_styles and not getattr(self, "_tripoli_shown", False) and self.is_attached:
        self._tripoli_shown = True  # type: ignore[attr-defined]
        # The screen itself was styled before its own CSS file was read: it alone is styled again.
        self.app.stylesheet.update_nodes([self], animate=False)
        event.refresh_styles = False
    _on_screen_resume(self, event)


def _parse_rules_once(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                      tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
    return parsed_styles.rules(
        self._variables, (css, read_from, is_default_rules, tie_breaker, scope),
        partial(_parse_rules, self, css, read_from, is_default_rules, tie_breaker, scope))


async def _input_keys_in_order(self: Input, event: events.Key) -> None:
    await _input_on_key(self, event)
    if event.is_printable or not self.is_attached:  # typed (or not the input's to take)
        return
    for namespace, bindings in self.screen._modal_binding_chain:
        if namespace is self:  # (with the player's keymap applied, as the app would have it)
            for binding in bindings.key_to_bindings.get(event.key, ()):
                if not binding.priority and await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    return
            return


def apply() -> None:
    """Install the guards (idempotent)."""
    # mypy forbids assigning to a method: installing a guard over Textual's own is what this does
    if OptionList._move_page is not _move_page_once_laid_out:
        OptionList._move_page = _move_page_once_laid_out  # type: ignore[method-assign]
    if Screen.dismiss is not _dismiss_only_the_current:
        Screen.dismiss = _dismiss_only_the_current  # type: ignore[method-assign]
    if StylesCache.get_inner_outer is not _get_inner_outer:
        StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]
    if Screen._on_screen_resume is not _resume_styled_once:
        Screen._on_screen_resume = _resume_styled_once  # type: ignore[method-assign]
    if Input._on_key is not _input_keys_in_order:
        Input._on_key = _input_keys_in_order  # type: ignore[method-assign]
    if Stylesheet._parse_rules is not _parse_rules_once:
        Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]
    # the name Textual's input thread makes its decoder with (imported from codecs, not exported)
    linux_driver.getincrementaldecoder = _tolerant_decoder  # type: ignore[attr-defined]
    if linux_driver.LinuxDriver._run_input_thread is not _input_thread_errors_to_the_app:
        linux_driver.LinuxDriver._run_input_thread = (  # type: ignore[method-assign]
            _input_thread_errors_to_the_app)


@dataclass(frozen=True)
class Workaround:
    """A private part of Textual the game replaces, overrides or relies on."""

    target: str
    """Textual's function: 'textual.app.App._display' (module, then attributes)."""
    where: str
    """The game's code that depends on it."""
    why: str
    issue: str = ""
    """Textual's issue about it, where one is filed."""
    fingerprint: str = ""
    """The first 16 hex digits of the SHA-256 of the target's source in the pinned Textual."""


WORKAROUNDS: tuple[Workaround, ...] = (
    Workaround("textual.widgets._option_list.OptionList._move_page",
               "textual_fixes._move_page_once_laid_out",
               "PageUp/PageDown before a list is laid out raised KeyError (a crash)",
               fingerprint="85f7f33005763486"),
    Workaround("textual.screen.Screen.dismiss", "textual_fixes._dismiss_only_the_current",
               "dismiss pops whatever screen is on top: two quick closing keys closed two screens",
               fingerprint="0c6d250ef5e6707e"),
    Workaround("textual._styles_cache.StylesCache.get_inner_outer",
               "textual_fixes._get_inner_outer",
               "an lru_cache on a method kept every closed screen's lines alive",
               issue="https://github.com/Textualize/textual/issues/6665",
               fingerprint="d2509f3e796680df"),
    Workaround("textual.screen.Screen._on_screen_resume", "textual_fixes._resume_styled_once",
               "a screen's first showing restyled every widget just styled (30 ms a paint)",
               fingerprint="f39caa8ec4424d3c"),
    Workaround("textual.css.stylesheet.Stylesheet._parse_rules", "textual_fixes._parse_rules_once",
               "every new style file or theme parsed every source again (5-7 ms a time)",
               fingerprint="2f1c2d220b672d1b"),
    Workaround("textual.drivers.linux_driver.LinuxDriver.run_input_thread",
               "textual_fixes._tolerant_decoder (the module's getincrementaldecoder)",
               "a byte that is not UTF-8 ended the game by a panic",
               fingerprint="d796af6d69db337d"),
    Workaround("textual.drivers.linux_driver.LinuxDriver._run_input_thread",
               "textual_fixes._input_thread_errors_to_the_app",
               "any error in the input thread was a panic: no crash save, exit status 0; "
               "EIO (the terminal hung up) ends the game as SIGHUP does",
               fingerprint="d2ef22cc2c97a9eb"),
    Workaround("textual.drivers.linux_driver.LinuxDriver._enable_mouse_support",
               "terminal.ButtonMouseDriver", "mouse reports for buttons only (no motion flood)",
               fingerprint="cf01052c1f34e9f2"),
    Workaround("textual.drivers.linux_driver.LinuxDriver._disable_mouse_support",
               "terminal.ButtonMouseDriver", "the modes it enabled, disabled",
               fingerprint="101060901b67c71b"),
    Workaround("textual._compositor.CompositorUpdate.render_segments", "terminal.ChangedCells",
               "only the changed cells of an update are written to the terminal",
               fingerprint="66af1e04f2f3ecd0"),
    Workaround("textual.app.App._display", "kept_app.KeptApp._display",
               "the update written is ours (changed cells), and frame watchers see each frame",
               fingerprint="4b78dff6669a455c"),
    Workaround("textual.app.App._on_key", "kept_app.KeptApp._on_key",
               "keys still queued as the app closes raised ScreenStackError (a crash)",
               fingerprint="4746803647599ac2"),
    Workaround("textual.app.App._handle_exception",
               "kept_app.KeptApp._handle_exception, themed_app.ThemedApp._handle_exception",
               "an unexpected error is crash-saved and logged, one line said (reads _return_code, "
               "_exception, _exception_event)", fingerprint="baea2e7f88e7ac52"),
    Workaround("textual.app.App.panic", "kept_app.KeptApp.panic",
               "Textual's own way out printed a traceback and exited 0, nothing saved",
               fingerprint="9c4a264c909e8233"),
    Workaround("textual.message_pump.MessagePump._close_messages_no_wait",
               "kept_app.KeptApp._handle_exception", "the app ends after a crash as Textual's does",
               fingerprint="f5db7e8fd40afc56"),
    Workaround("textual.widgets._input.Input._on_key", "widgets.dice_pad.DiceBox._on_key",
               "the dice pad takes its keys before the input does", fingerprint="55068e7ce456e598"),
    Workaround("textual.widgets._input.Input._on_key", "textual_fixes._input_keys_in_order",
               "an input's bound keys (Backspace) ran after the keys typed behind them",
               issue="https://github.com/Textualize/textual/issues/6605",
               fingerprint="55068e7ce456e598"),
    Workaround("textual.screen.Screen._modal_binding_chain", "textual_fixes._input_keys_in_order",
               "the bindings an input's key would run, as the app finds them",
               fingerprint="5efeabda85d764c5"),
)
"""Every private part of Textual the game depends on (see the module's last paragraph)."""


def textual_object(target: str) -> Any:
    """The Textual function a workaround names, as Textual has it (not our guard installed over
    it); AttributeError or ImportError if it is gone."""
    parts = target.split(".")
    original = _ORIGINALS.get(".".join(parts[-2:]))
    if original is not None:
        return getattr(original, "__wrapped__", original)
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        if isinstance(found, property):  # (its getter's source is what is relied on)
            found = found.fget
        return getattr(found, "__wrapped__", found)
    raise ImportError(target)


def source_fingerprint(target: str) -> str:
    """The fingerprint of the target's source in the Textual installed (see Workaround.fingerprint)."""
    import hashlib  # (for the tests' check of the workarounds: no start needs it, ~1.5 ms)

    return hashlib.sha256(inspect.getsource(textual_object(target)).encode()).hexdigest()[:16]
