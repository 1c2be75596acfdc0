"""Bytes written to the terminal per action, through a pseudo-terminal, as over SSH.

    .venv/bin/python benchmarks/tui_bytes.py [--size 80x24] [--seed 3] [--runs 3]

Starts `tripoli new --seed N` in a pseudo-terminal of the given size and counts what it writes:
the first screen, then each action (open a card's choices, close them, start a move and answer
it, a T-bot walkthrough step, help and back) until the output has been quiet for a moment.
Reports the median over the runs (the machine's load moves the frame boundaries a little).
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUIET = 0.6
"""Seconds without output that end an action."""

ACTIONS: list[tuple[str, str]] = [
    ("open a card's choices (Enter)", "\r"),
    ("close them (Escape)", "\x1b"),
    ("discard to move: the choices (m)", "m"),
    ("a choice: from Gibraltar (g)", "g"),
    ("a choice: to Tripoli (t)", "t"),
    ("a choice: Done (0)", "0"),
    ("a walkthrough step (space)", " "),
    ("help (?)", "?"),
    ("close help (Escape)", "\x1b"),
]
"""The actions measured, in order, from the first American turn of seed 3."""


def drain(fd: int, first_wait: float) -> int:
    """Read until the output has been quiet for QUIET seconds; the bytes read."""
    total, deadline = 0, time.monotonic() + first_wait
    while True:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return total
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return total
        if not chunk:
            return total
        total += len(chunk)
        deadline = time.monotonic() + QUIET


def one_run(width: int, height: int, seed: int) -> list[int]:
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", COLORTERM="truecolor",
                          TEXTUAL_ANIMATIONS="none",
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
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    runs = [one_run(width, height, args.seed) for _ in range(args.runs)]
    names = ["first screen"] + [name for name, _ in ACTIONS]
    print(f"bytes written to a {width}x{height} pseudo-terminal, `tripoli new --seed "
          f"{args.seed}`, median of {args.runs} runs:")
    for i, name in enumerate(names):
        values = [r[i] for r in runs]
        print(f"  {name:<36} {statistics.median(values) / 1024:6.1f} KB"
              f"  (min {min(values) / 1024:.1f}, max {max(values) / 1024:.1f})")


if __name__ == "__main__":
    main()
