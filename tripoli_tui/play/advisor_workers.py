"""Worker processes for the advisor's playouts, and the Runner that shares a round's chunks of
playouts between this thread and them.

A worker is a plain child process (`python -m tripoli_tui.play.advisor_workers`) reading requests
from its standard input and writing results to its standard output, both pickled; its standard
error is the null device. Nothing of this process is changed to start one: neither sys.stderr
(a thread must never swap the program's standard error: the app's crash and signal lines are
written to it) nor any handler. A worker ends when its input closes (this process ended or
closed it) or when the terminal's ctrl+c or hang-up reaches it.

What a chunk of playouts finds is a pure function of the position, the seed and the chunk, so
which worker plays it never changes the advice; a result that comes back late (from a round
that was cancelled) is kept for the chunk it names, never taken for another.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import select
import subprocess
import sys
from collections import deque
from collections.abc import Callable
from typing import IO, Any

from .advisor_playout import Chunk, Position, play_chunk, players, playout, playout_seed

Request = tuple[str, bytes | None, int, Chunk]
"""What a worker is asked: (the position's fingerprint, the pickled position or None when the
worker has it already, the seed, the chunk)."""
Key = tuple[str, int, Chunk]
"""What a result is for: (fingerprint, seed, chunk)."""


WORKERS_ENV = "TRIPOLI_ADVISOR_WORKERS"
"""The most processes the advisor may think in, this one included (`tripoli serve` sets 1: a
game's limits are its process's, and a worker would have its own memory and processor time)."""


def worker_cap() -> int:
    """The most processes the advisor may use ($TRIPOLI_ADVISOR_WORKERS; 4 when unset)."""
    try:
        return max(1, int(os.environ.get(WORKERS_ENV, "4")))
    except ValueError:
        return 1


def default_workers() -> int:
    """Both cores (or as many as there are, up to four, and never past the cap)."""
    return max(1, min(4, worker_cap(), os.cpu_count() or 1))


class Worker:
    """One worker process, and what it has been sent."""

    def __init__(self) -> None:
        package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            # -P and the package's folder as the working one: nothing in the folder the game was
            # started in (a player's saves, under `tripoli serve`) can be imported as a module
            [sys.executable, "-P", "-m", "tripoli_tui.play.advisor_workers"], env=env, cwd=package_root,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.input: IO[bytes] = self.process.stdin
        self.output: IO[bytes] = self.process.stdout
        self.positions: set[str] = set()
        self.asked: Key | None = None
        """The chunk it is playing, until its result is read."""

    def ask(self, fingerprint: str, blob: bytes, seed: int, chunk: Chunk) -> None:
        sent = blob if fingerprint not in self.positions else None
        request: Request = (fingerprint, sent, seed, chunk)
        pickle.dump(request, self.input)
        self.input.flush()
        self.positions.add(fingerprint)
        self.asked = (fingerprint, seed, chunk)

    def ready(self, timeout: float) -> bool:
        readable, _, _ = select.select([self.output], [], [], timeout)
        return bool(readable)

    def answer(self) -> tuple[Key, bytes]:
        """The result it sends back (waits for it): the chunk it names and its results."""
        key, results = pickle.load(self.output)
        self.asked = None
        return key, results

    def close(self) -> None:
        try:
            self.input.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


_WORKERS: list[Worker] = []
"""The worker processes, started when first needed and kept for the next advice."""


def workers(count: int) -> list[Worker]:
    while len(_WORKERS) < count:
        _WORKERS.append(Worker())
    return _WORKERS[:count]


@atexit.register
def close_workers() -> None:
    for worker in _WORKERS:
        worker.close()
    _WORKERS.clear()


class Runner:
    """Plays the chunks of a round: in this thread and, with more than one worker, in worker
    processes too, each taking the next chunk as it is free; once none is left, this thread
    plays what a worker is still playing, in case it is slow. Which worker plays a chunk never
    changes its results."""

    def __init__(self, position: Position, seed: int, workers: int) -> None:
        self.position, self.seed, self.workers = position, seed, max(1, min(workers, worker_cap()))
        self.blob = pickle.dumps(position) if self.workers > 1 else b""
        self.fingerprint = hashlib.sha256(self.blob).hexdigest()

    def run(self, chunks: list[Chunk], cancelled: Callable[[], bool]) -> dict[Chunk, bytes] | None:
        """Every chunk's results, or None if cancelled first."""
        results: dict[Chunk, bytes] = {}
        waiting = deque(chunks)
        helpers = workers(self.workers - 1)
        while len(results) < len(chunks):
            if cancelled():
                return None
            for worker in helpers:
                if worker.asked is None and waiting:
                    chunk = waiting.popleft()
                    try:
                        worker.ask(self.fingerprint, self.blob, self.seed, chunk)
                    except OSError:  # BrokenPipeError: it was killed from outside
                        waiting.appendleft(chunk)
                        return self._without(worker, chunks, results, cancelled)
            if waiting:
                chunk = waiting.pop()
                results[chunk] = play_chunk(self.position, self.seed, chunk)
            else:
                self._help(helpers, chunks, results)
            for worker in helpers:
                if worker.asked is not None and worker.ready(0.0 if waiting else 0.02):
                    try:
                        (fingerprint, seed, chunk), found = worker.answer()
                    except (EOFError, OSError, pickle.UnpicklingError):
                        return self._without(worker, chunks, results, cancelled)
                    if (fingerprint, seed) == (self.fingerprint, self.seed) and chunk in chunks:
                        results[chunk] = found
        return results

    def _help(self, helpers: list[Worker], chunks: list[Chunk], results: dict[Chunk, bytes]) -> None:
        """With nothing left to hand out, this thread plays a chunk a worker is playing, playout
        by playout, until the worker answers: a worker slowed down (a busy machine) never holds
        the round up, and a worker on time loses nothing (the same results either way)."""
        for worker in helpers:
            if worker.asked is None or worker.asked[:2] != (self.fingerprint, self.seed):
                continue
            chunk = worker.asked[2]
            if chunk in results or chunk not in chunks:  # done, or a round's before
                continue
            option, first, last = chunk
            playing, found = players(), bytearray()
            for k in range(first, last):
                if worker.ready(0.0):
                    return
                found.append(playout(self.position, option, playout_seed(self.seed, k), playing))
            results[chunk] = bytes(found)
            return

    def _without(self, worker: Worker, chunks: list[Chunk], results: dict[Chunk, bytes],
                 cancelled: Callable[[], bool]) -> dict[Chunk, bytes] | None:
        """A worker died (killed from outside): the round is played on without it."""
        _WORKERS.remove(worker)
        worker.close()
        for chunk in chunks:
            if chunk not in results:
                if cancelled():
                    return None
                results[chunk] = play_chunk(self.position, self.seed, chunk)
        return results


# --- in the worker process -----------------------------------------------------------------

def serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """Answer requests until the input ends."""
    positions: dict[str, Position] = {}
    while True:
        try:
            request: Any = pickle.load(requests)
        except EOFError:
            return
        fingerprint, blob, seed, chunk = request
        if blob is not None:
            positions[fingerprint] = pickle.loads(blob)
        found = play_chunk(positions[fingerprint], seed, chunk)
        pickle.dump(((fingerprint, seed, chunk), found), answers)
        answers.flush()


if __name__ == "__main__":
    try:
        serve(sys.stdin.buffer, sys.stdout.buffer)
    except (KeyboardInterrupt, BrokenPipeError):
        pass
