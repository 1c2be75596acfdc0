"""The first moments of a game's process, before it becomes `tripoli`: it takes its
pseudo-terminal as its controlling terminal (so that a closed connection hangs it up, as a closed
terminal does), sets its limits (memory, processor time, file size, no core files), confines
itself with Landlock where Linux has it (landlock.py: the host's key and other players' folders
out of reach) and replaces itself with the game.

    python -P -m tripoli_tui.serve.child MEMORY_BYTES CPU_SECONDS FILE_BYTES [UID:GID] -- PROGRAM ARGS...

With UID:GID (the host started as root with --game-user), it becomes that user, with no other
group, before anything else of the game runs.

A process of its own rather than code run between fork and exec, which is unsafe in a process
with threads (the host's event loop has some).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import resource
import signal
import sys
import termios

CPU_MARGIN = 15
"""Seconds between the host's own stop at the processor-time limit (SIGTERM: the game saves) and
the kernel's (SIGKILL), for a game too busy to answer the first."""


def limit(which: int, value: int) -> None:
    """Lower a limit to `value` (never raise it above what the host itself may use)."""
    soft, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))


def main(argv: list[str]) -> int:
    user = ""
    if len(argv) > 4 and argv[3] != "--" and argv[4] == "--":
        user = argv.pop(3)
    if len(argv) < 5 or argv[3] != "--":
        print("usage: python -m tripoli_tui.serve.child MEMORY CPU FILE [UID:GID] -- PROGRAM ARGS...",
              file=sys.stderr)
        return 2
    memory, cpu, file_size = (int(a) for a in argv[:3])
    program = argv[4:]
    if os.isatty(0):
        # the host's game: its new terminal becomes its own (under sshd it already is)
        with contextlib.suppress(OSError):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    limit(resource.RLIMIT_AS, memory)
    limit(resource.RLIMIT_CPU, cpu + CPU_MARGIN)
    limit(resource.RLIMIT_FSIZE, file_size)
    # A write past the file-size limit fails (the game says it could not save) instead of killing
    # the game: an ignored signal stays ignored across exec.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    limit(resource.RLIMIT_CORE, 0)
    from pathlib import Path  # (loaded before the account changes: the game's may not read them)

    from .landlock import NOT_CONFINED, abi_version, confine

    if user:  # the game's own account: the host's files are not its to read
        uid, gid = (int(n) for n in user.split(":"))
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
    folder = os.environ.get("TRIPOLI_SAVE_DIR", "")
    if folder:  # the game reads the system and writes its own folder only, where Linux allows
        problem = confine(Path(folder))  # (no Landlock at all: the host's log said so at start)
        if problem and abi_version() > 0:  # Landlock is here and refused: never play unconfined
            sys.stderr.write("This game could not be confined on this host, so it does not start; "
                             "the host's log says so.\r\n")
            return NOT_CONFINED
    os.execvp(program[0], program)
    return 127  # not reached: execvp raises if it cannot run the program


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
