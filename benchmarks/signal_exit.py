"""Seconds from SIGHUP / SIGTERM to the program's exit (autosave written, terminal restored), with
no key pressed: the real `tripoli new` in an 80x24 pseudo-terminal, five runs each, median and worst.

Run: .venv/bin/python benchmarks/signal_exit.py"""

from __future__ import annotations

import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_terminal_process import PLAY, Program  # noqa: E402

RUNS = 5

for signum in (signal.SIGHUP, signal.SIGTERM):
    times = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as tmp:
            program = Program(PLAY, Path(tmp))
            try:
                if not program.read_until(b"Spring", 30):
                    raise SystemExit("the game did not start")
                time.sleep(0.5)
                start = time.perf_counter()
                os.kill(program.pid, signum)
                status = program.wait(10)
                seconds = time.perf_counter() - start
                saved = bool(list(Path(tmp).glob("autosave-*.toml")))
            finally:
                program.close()
            if status != 128 + signum or not saved:
                raise SystemExit(f"{signal.Signals(signum).name}: status {status}, saved {saved}")
            times.append(seconds)
    print(f"{signal.Signals(signum).name}: exit after {statistics.median(times) * 1000:.0f} ms median, "
          f"{max(times) * 1000:.0f} ms worst ({RUNS} runs; autosave written, status {128 + signum})")
