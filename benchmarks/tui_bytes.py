"""Bytes written to the terminal per action, through a pseudo-terminal, as over SSH.

    .venv/bin/python benchmarks/tui_bytes.py [--size 80x24] [--colors truecolor|256] [--seed 3] [--runs 3]

Starts `tripoli new --seed N` in a pseudo-terminal of the given size and counts what it writes:
the first screen, then each action (open a card's choices, close them, start a move and answer
it, decline the battle card, two steps of the T-bot's walkthrough, help and back) until the output
has been quiet for a moment. Reports the median over the runs (the machine's load moves the frame
boundaries a little), and beside it the same bytes compressed with zlib (level 6, each action on
its own): a stand-in for `ssh -C`, whose compression stream also remembers earlier actions, so it
does at least as well.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUIET = 0.6
"""Seconds without output that end an action."""
FRAME = 64
"""Bytes past which the output is a frame, not just the pointer's shape or the cursor."""

ACTIONS: list[tuple[str, str]] = [
    ("open a card's choices (Enter)", "\r"),
    ("close them (Escape)", "\x1b"),
    ("discard to move: the choices (m)", "m"),
    ("a choice: from Gibraltar (g)", "g"),
    ("a choice: to Tripoli (t)", "t"),
    ("a choice: Done (0)", "0"),
    ("a choice: not the battle card (0)", "0"),
    ("a walkthrough step (space)", " "),
    ("another walkthrough step (space)", " "),
    ("help (?)", "?"),
    ("close help (Escape)", "\x1b"),
]
"""The actions measured, in order, from the first American turn of seed 3."""


def drain(fd: int, first_wait: float) -> bytes:
    """Read until the output has been quiet for QUIET seconds; the bytes read.

    The quiet time counts only once a frame has come (a few bytes of pointer shape or cursor
    may come first, while a screen as heavy as help is still being built)."""
    out, deadline = b"", time.monotonic() + first_wait
    while True:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return out
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return out
        if not chunk:
            return out
        out += chunk
        if len(out) > FRAME:
            deadline = time.monotonic() + QUIET


def one_run(width: int, height: int, seed: int, colors: str) -> list[bytes]:
    pid, fd = pty.fork()
    if pid == 0:
        if colors == "truecolor":
            os.environ["COLORTERM"] = "truecolor"
        else:
            os.environ.pop("COLORTERM", None)
        os.environ.update(TERM="xterm-256color", TEXTUAL_ANIMATIONS="none",
                          TRIPOLI_SAVE_DIR=tempfile.mkdtemp(prefix="tripoli-bytes-"))
        tripoli = str(Path(sys.executable).with_name("tripoli"))
        os.execv(tripoli, [tripoli, "new", "--seed", str(seed)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    try:
        sizes = [drain(fd, 15.0)]
        for _, keys in ACTIONS:
            os.write(fd, keys.encode())
            sizes.append(drain(fd, 3.0))
        return sizes
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--colors", choices=("truecolor", "256"), default="truecolor")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    runs = [one_run(width, height, args.seed, args.colors) for _ in range(args.runs)]
    names = ["first screen"] + [name for name, _ in ACTIONS]
    print(f"bytes written to a {width}x{height} pseudo-terminal ({args.colors}), `tripoli new "
          f"--seed {args.seed}`, median of {args.runs} runs; zlib: the same compressed:")
    for i, name in enumerate(names):
        values = [len(r[i]) for r in runs]
        packed = [len(zlib.compress(r[i], 6)) if r[i] else 0 for r in runs]
        print(f"  {name:<36} {statistics.median(values) / 1024:6.1f} KB"
              f"  (min {min(values) / 1024:.1f}, max {max(values) / 1024:.1f})"
              f"  zlib {statistics.median(packed) / 1024:5.1f} KB")


if __name__ == "__main__":
    main()
