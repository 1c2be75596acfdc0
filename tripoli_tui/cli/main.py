"""The `tripoli` command: play (the default) or one of the commands of the table in
cli/commands (new, table, load, simulate, check, explain, advise, serve, history), each run as its
entry says."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import signal
import sys

from .commands import Command, command_named
from .commands import build_parser as build_commands_parser
from .out import say
from .signals import STOP_SIGNALS, STOPPING, Stopped, stopped_within


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command (cli/commands)."""
    return build_commands_parser()


def main(argv: list[str] | None = None) -> int:
    command = ""  # known once the arguments are read (a signal may come before)
    try:
        # From here on, a signal ends the program with one line, never a traceback (installing is
        # inside the `try`: a signal may come while the later handlers are being installed).
        STOPPING.install()
        args = build_parser().parse_args(argv)
        command = args.command
        entry = command_named(command)
        if entry.prints:
            status = _printing(entry, args)
            STOPPING.stop_if_kept()  # a signal whose Stopped was lost on the way
            return status
        if entry.own_ending:  # the host has its own way of ending (serve/)
            STOPPING.uninstall()
            return entry.load().run(args)
        if not entry.screen(args):
            return entry.load().run(args)
        if not has_a_terminal():
            say("tripoli: the game needs a terminal to play in (its input or output is not one). "
                "The commands check, explain, advise and simulate work without one.", error=True)
            return 2
        # No garbage collection while the game's modules load and its first screen is built:
        # they make hundreds of thousands of objects, none of them garbage, and the collector
        # walked them ~100 times on the way (~25 ms of CPU before the first paint). The app turns
        # it back on once its first screen is drawn (KeptApp._settle_the_collector).
        gc.disable()
        return entry.load().run(args)  # (it opens the screen: commands.open_screen)
    except Stopped as stop:
        return _stopped(stop, command)
    except KeyboardInterrupt:  # a ctrl+c that came before the handler (the interpreter starting)
        return _stopped(Stopped(signal.SIGINT), "")
    except Exception as error:  # a signal inside code that wraps what it raises (see stopped_within)
        wrapped = stopped_within(error)
        if wrapped is None:
            raise
        return _stopped(wrapped, command)
    finally:
        gc.enable()  # (an app that ended before its first frame, or never started)
        _after_main(from_the_command_line=argv is None)


def has_a_terminal() -> bool:
    """Whether the game can be played here: its input and output are a terminal, or another
    Textual driver is chosen (textual-serve's web driver runs the app over pipes)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or missing (pythonw)
        return False


def _stopped(stop: Stopped, command: str) -> int:
    with contextlib.suppress(OSError, ValueError, KeyError):
        say(stop.line(command if command_named(command).prints else ""), error=True, flush=True)
    return 128 + stop.signum


def _after_main(*, from_the_command_line: bool) -> None:
    """A signal after `main` has returned finds nothing to stop: the program is ending anyway,
    and a handler raising in the interpreter's shutdown would print a traceback, so the signals
    are ignored. Called from Python (a test), the handlers it had are given back."""
    if not from_the_command_line:
        STOPPING.uninstall()
        return
    for signum in STOP_SIGNALS:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signum, signal.SIG_IGN)


def _printing(command: Command, args: argparse.Namespace) -> int:
    """Run a command that prints; when its reader stops reading (`| head`), end quietly."""
    try:
        status = command.load().run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader has gone: what it wanted was printed. Point stdout at /dev/null so that
        # Python's own last flush cannot fail again, and end without a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
