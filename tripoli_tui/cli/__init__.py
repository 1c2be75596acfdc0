"""The `tripoli` command line: its entry point and the commands that run without the Textual app
(check, explain, advise, simulate). Textual is imported only to start the app.

Ctrl+c before `main` installs its handler of the stopping signals (cli/signals.py), while the
command's modules still import (the first ~50 ms), raises Python's KeyboardInterrupt, which nothing
of ours can catch yet: `sys.excepthook` reports it as the handler would, in one line, never a
traceback (Python then ends the program as ctrl+c does). This package's first line is the earliest
any code of ours runs; it imports nothing the interpreter has not already.
"""

import sys
from types import TracebackType

INTERRUPTED = "tripoli: interrupted (SIGINT); nothing was changed.\n"
"""The line ctrl+c ends the program with before `main` runs (signals.Stopped's for SIGINT)."""


def _interrupted_in_one_line(kind: type[BaseException], error: BaseException,
                             traceback: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        try:
            sys.stderr.write(INTERRUPTED)
            sys.stderr.flush()
        except (OSError, ValueError):  # (no terminal left to say it on)
            pass
        return
    sys.__excepthook__(kind, error, traceback)


if sys.excepthook is sys.__excepthook__:  # (one a host program set is left as it is)
    sys.excepthook = _interrupted_in_one_line
