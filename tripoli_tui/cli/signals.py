"""The signals that end the program: SIGHUP (the terminal went away), SIGTERM (logout, shutdown,
`timeout`, a container stopping), SIGINT (ctrl+c, `kill -INT`) and SIGQUIT (ctrl+\\).

One handler answers all four, from the first line of `main` to the last, so that none of them ever
shows a traceback, dumps core or leaves the terminal in the game's modes. What it does depends on
what the program is doing:

- before the game starts and after it has ended, it raises `Stopped` (a BaseException, which no
  `except Exception` swallows): `main` says so in one line and ends with 128 + the signal;
- while the game runs, it hands the signal to the app (`answer`), which saves the game, restores
  the terminal and ends with the same status;
- while the app starts or closes (its event loop not ready for it, or gone), the signal is kept
  (`pending`) for the app to act on as it mounts, or for `run_app` once the terminal is back.

A `Stopped` raised where Python cannot pass it on is lost to `main`: the handler runs in whatever
code the main thread is in, and that may be a finalizer (`__del__`, a weakref's callback), whose
exceptions Python prints as "Exception ignored" and drops. So the signal that raises is kept in
`pending` too; the traceback Python would print for it is not shown (`sys.unraisablehook`); and
`main` (`stop_if_kept`) and the app as it mounts end the program for it.

A Python-level handler runs in the main thread as soon as the interpreter gets the signal, even
while the event loop sleeps in select() (which is retried after the handler, PEP 475), so the app
is woken at once by `call_soon_threadsafe`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

STOP_SIGNALS: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGHUP", "SIGTERM", "SIGINT", "SIGQUIT") if hasattr(signal, name))

_WORDS = {"SIGHUP": "the terminal was closed", "SIGTERM": "the system asked the game to end",
          "SIGINT": "interrupted", "SIGQUIT": "asked to quit"}


def signal_name(signum: int) -> str:
    """A signal's name ('SIGHUP'), or '' for a number that names none."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        return ""


def what_stopped(signum: int) -> str:
    """The signal in words, with its name: 'interrupted (SIGINT)'."""
    name = signal_name(signum)
    if not name:
        return f"stopped by signal {signum}"
    return f"{_WORDS.get(name, 'stopped')} ({name})"


class Stopped(BaseException):
    """A stopping signal arrived while no game was running."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    def line(self, doing: str = "") -> str:
        """The one line the program ends with."""
        return f"tripoli{' ' + doing if doing else ''}: {what_stopped(self.signum)}; nothing was changed."


def stopped_within(error: BaseException) -> Stopped | None:
    """The `Stopped` an exception was raised from or while handling, if any. Python 3.11 wraps
    what a descriptor's `__set_name__` raises in a RuntimeError, so a signal arriving while a
    module defines its classes (Textual's, as the game starts) comes back wrapped."""
    seen: set[int] = set()
    found: BaseException | None = error
    while found is not None and id(found) not in seen:
        if isinstance(found, Stopped):
            return found
        seen.add(id(found))
        found = found.__cause__ or found.__context__
    return None


class StopSignals:
    """The one handler of the stopping signals (see the module's docstring)."""

    def __init__(self) -> None:
        self.answer: Callable[[int], None] | None = None
        """Who acts on a signal now (None: raise Stopped)."""
        self.pending = 0
        """The first signal kept for later (0 for none)."""
        self._before: dict[int, Any] = {}
        self._unraisable_before: Callable[[sys.UnraisableHookArgs], object] | None = None
        self._pid = 0

    @property
    def installed(self) -> bool:
        return bool(self._before)

    def install(self) -> None:
        """Answer the stopping signals from now on (once; the main thread only)."""
        if self._before:
            return
        self._pid = os.getpid()
        self._unraisable_before = sys.unraisablehook
        sys.unraisablehook = self._unraisable
        for signum in STOP_SIGNALS:
            with contextlib.suppress(ValueError, OSError):  # not the main thread, or not allowed
                self._before[signum] = signal.signal(signum, self._arrived)

    def uninstall(self) -> None:
        """Give the signals back to the handlers they had before `install`."""
        for signum, before in self._before.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(signum, before if before is not None else signal.SIG_DFL)
        self._before = {}
        self.answer = None
        self.pending = 0
        if self._unraisable_before is not None:
            sys.unraisablehook = self._unraisable_before
            self._unraisable_before = None

    def keep(self, signum: int) -> None:
        """The answer while the app starts or closes: the signal is kept for later."""
        self.pending = self.pending or signum

    def take_pending(self) -> int:
        signum, self.pending = self.pending, 0
        return signum

    def stop_if_kept(self) -> None:
        """Raise `Stopped` for a signal that came while nothing was running and whose `Stopped`
        was lost on the way (see the module's docstring)."""
        if self.pending and self.answer is None:
            raise Stopped(self.take_pending())

    def _unraisable(self, unraisable: sys.UnraisableHookArgs) -> None:
        """Python's report of an exception it had to drop: a lost `Stopped` is kept, not shown."""
        error = unraisable.exc_value
        if error is not None and stopped_within(error) is not None:
            return
        (self._unraisable_before or sys.__unraisablehook__)(unraisable)

    def _arrived(self, signum: int, frame: FrameType | None) -> None:
        if os.getpid() != self._pid:  # a worker process forked from ours (simulate --workers):
            signal.signal(signum, signal.SIG_DFL)  # it ends as it would have; main says why
            os.kill(os.getpid(), signum)
            return
        answer = self.answer
        if answer is None:
            self.keep(signum)  # in case the Stopped is lost (see the module's docstring)
            raise Stopped(signum)
        answer(signum)


STOPPING = StopSignals()
"""The process's handler of the stopping signals."""
