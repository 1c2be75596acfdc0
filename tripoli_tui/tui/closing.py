"""How the app tells an error that is no crash from one that is, and how it speaks once the
terminal is back."""

from __future__ import annotations

import contextlib
import sys
from typing import Any, TextIO

from textual.app import App

from ..cli.out import say as say_out


def from_a_closed_screen(app: App[Any], error: BaseException, *, ending: bool = False) -> bool:
    """Whether `error` is a widget lookup that failed in a screen no longer open, or one being taken
    down (on quitting, Textual removes each screen's widgets before it empties the screen stack, and a
    callback queued for after the next refresh can still run in between). A worker's failure
    (WorkerFailed) is judged by the error inside it.

    The screen that counts is the one whose code made the lookup: the innermost screen in the
    traceback. A callback a closing screen queued can be run by the screen that replaced it.
    While the app is `ending` (told to exit: a signal as a screen mounts), every screen is on its
    way down."""
    from textual.css.query import NoMatches
    from textual.screen import Screen
    from textual.worker import WorkerFailed

    if isinstance(error, WorkerFailed):
        error = error.error
    if not isinstance(error, NoMatches):
        return False
    looked_up_in: Screen[Any] | None = None
    frame = error.__traceback__
    while frame is not None:
        owner = frame.tb_frame.f_locals.get("self")
        if isinstance(owner, Screen):
            looked_up_in = owner
        frame = frame.tb_next
    if looked_up_in is None:
        return False
    if ending:
        return True
    open_screens = [screen for stack in app._screen_stacks.values() for screen in stack]
    taken_down = looked_up_in._pruning or looked_up_in._closing or looked_up_in._closed
    return looked_up_in not in open_screens or taken_down


def say(line: str, stream: TextIO | None = None) -> None:
    """A line for the terminal, which may be gone (SIGHUP): then it is dropped.

    `stream`: the standard error the program had before the app ran. What sys.stderr is as the
    app ends is not to be trusted: it may be the app's stand-in for it, gone by then."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        say_out(line, stream=stream or sys.stderr, flush=True)
