"""The advisor: each legal option of an American decision, with its chance of an American win.

Monte Carlo playouts from the position: the option is taken, then the heuristic American player
and the T-bot play the game to its end. The advisor never uses what the player cannot see:
before each playout, the face-down piles (the American and the T-bot's draw piles) are put in
a new order drawn from their contents alone, and the dice come from a new generator state, all
from the advice's seed.

Paired playouts: the k-th playout of every option starts from the same piles and the same dice
(common random numbers), so options are compared on the same luck. Whether an option is behind
the best is read from the paired differences (its k-th result less the best's k-th result),
whose spread is far smaller than that of two independent win chances.

A race: the options are played in rounds, a few playouts each; from RACE_FROM playouts on, an
option whose paired difference from the leader is clearly below zero leaves the race, and the
playouts go to the options still close. Rounds run on every core (worker processes), but what a
round plays is fixed by the seed and the results so far, never by the workers: the same
position, seed and playout count give the same advice whatever the number of workers. A time
budget stops at the end of a round, so the advice it gives is the advice for its playout count.
The game itself is never changed: playouts run on copies.
"""

from __future__ import annotations

import atexit
import hashlib
import math
import multiprocessing
import os
import pickle
import sys
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from ..engine import data as d
from ..engine import rng
from ..engine.decisions import AMERICAN_PLAY, Choice
from ..engine.game import Game
from ..engine.loop import play
from ..engine.players import Player
from ..engine.state import GameState
from .heuristic import HeuristicPlayer

DEFAULT_SECONDS = 1.8
"""The default thinking time: the answer comes within two seconds."""
Z95 = 1.96
POLICY = "heuristic American vs the printed T-bot"
"""Who plays the playouts, in the words the player reads."""
ROUND = 4
"""Playouts each option still in the race gets per round."""
RACE_FROM = 32
"""No option leaves the race before it has this many playouts."""
Z_DROP = 3.0
"""An option leaves the race when its paired difference from the leader is this many standard
errors below zero (a clear gap: one wrongly dropped option in about 700 comparisons)."""


class AdviceError(ValueError):
    """A game the advisor cannot advise on (over, or the T-bot's decision); says why."""


@dataclass(frozen=True, slots=True)
class OptionAdvice:
    """One legal option and what its playouts found; `versus_best` and `versus_margin` are the
    paired difference from the best option's win chance (over the playouts both have, negative
    when behind) and the half-width of its 95% interval."""

    choice: Choice
    wins: int
    playouts: int
    versus_best: float = 0.0
    versus_margin: float = 0.0
    tied: bool = False
    """Not told apart from the best: the interval of the paired difference reaches zero."""
    dropped: bool = False
    """Left the race early, clearly behind the leader."""

    @property
    def win_chance(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def margin(self) -> float:
        """Half the width of the 95% (Wilson) interval around the win chance."""
        n = self.playouts
        if not n:
            return 1.0
        p = self.win_chance
        return Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)


@dataclass(frozen=True, slots=True)
class Advice:
    """The advice for one decision: every option, in the decision's order."""

    prompt: str
    options: tuple[OptionAdvice, ...]
    seed: int
    seconds: float
    cancelled: bool = False
    workers: int = 1

    @property
    def best(self) -> int:
        """The index of the best option: the best win chance among the options still in the race
        (the first of equals)."""
        most = max(o.playouts for o in self.options)
        chances = [o.win_chance if o.playouts == most else -1.0 for o in self.options]
        return chances.index(max(chances))

    @property
    def playouts(self) -> int:
        return sum(o.playouts for o in self.options)

    @property
    def per_option(self) -> int:
        """The playouts of each option still in the race."""
        return max(o.playouts for o in self.options)

    def ranked(self) -> list[int]:
        """The options' indexes, best first: those still in the race by win chance, then those
        dropped from it by win chance (the decision's order between equals)."""
        best = self.best
        return sorted(range(len(self.options)), key=lambda i: (
            i != best, self.options[i].dropped, -self.options[i].win_chance, i))

    def tied_with_best(self) -> list[int]:
        """The options not told apart from the best (the best not included), best first."""
        return [i for i in self.ranked() if self.options[i].tied]

    def to_data(self) -> dict[str, object]:
        best = self.best
        return {
            "prompt": self.prompt, "seed": self.seed, "seconds": round(self.seconds, 3),
            "playouts": self.playouts, "policy": POLICY,
            "best": self.options[best].choice.text(),
            "tied_with_best": [self.options[i].choice.text() for i in self.tied_with_best()],
            "options": [{"choice": o.choice.text(), "describe": o.choice.describe(),
                         "win_chance": round(o.win_chance, 4), "margin": round(o.margin, 4),
                         "playouts": o.playouts, "best": i == best,
                         "tied_with_best": o.tied,
                         "versus_best": round(o.versus_best, 4),
                         "versus_best_margin": round(o.versus_margin, 4),
                         "dropped": o.dropped} for i, o in enumerate(self.options)],
        }

    def render(self) -> str:
        """The advice as lines of text, best first: * the best, = tied with it."""
        lines = [f"{self.prompt}", f"{self.playouts} playouts in {self.seconds:.1f} s "
                 f"(seed {self.seed}; {POLICY}){' - cancelled' if self.cancelled else ''}",
                 "win chance ±95% | against the best, paired ±95% | playouts"
                 " | * best, = not told apart from it", ""]
        best = self.best
        for i in self.ranked():
            o = self.options[i]
            mark = "*" if i == best else "=" if o.tied else " "
            versus = "best" if i == best else f"{100 * o.versus_best:+5.1f} ±{100 * o.versus_margin:4.1f}"
            lines.append(f"{mark} {100 * o.win_chance:5.1f}% ±{100 * o.margin:4.1f}  "
                         f"{versus:>12}  {o.playouts:5d}  {o.choice.describe()}")
        return "\n".join(lines)


def default_seed(game: Game) -> int:
    """The advice's seed when none is given: the game's seed and how far it has gone."""
    return game.state.seed * 100_003 + len(game.history)


class Position:
    """The decision to advise on, as a way to make independent copies of the game there.

    A game's procedure cannot be copied, so a copy is rebuilt from the last start of an
    American turn (a clean point to resume from) by submitting the choices made since.
    """

    def __init__(self, game: Game) -> None:
        if game.pending is None:
            raise AdviceError("The game is over: there is no decision to advise on.")
        if game.pending.side != d.US:
            raise AdviceError("The pending decision is the T-bot's, not yours.")
        self.pending = game.pending
        self.start, self.choices = _last_turn_start(game)

    def copy(self) -> Game:
        """A new game at the decision, with the same state as the real one."""
        game = Game(self.start.clone(), origin=self.start)
        for entry in self.choices:
            game.submit(entry)
        return game


def _last_turn_start(game: Game) -> tuple[GameState, list[Choice]]:
    """The state at the last American play decision up to now, and the choices since."""
    history = [entry.choice for entry in game.history]
    start, since = game.origin.clone(), 0
    replay = Game(game.origin.clone(), origin=game.origin)
    for i, choice in enumerate(history):
        if replay.pending is not None and replay.pending.kind == AMERICAN_PLAY:
            start, since = replay.state.clone(), i
        replay.submit(choice)
    if replay.pending is not None and replay.pending.kind == AMERICAN_PLAY:
        start, since = replay.state.clone(), len(history)
    return start, history[since:]


def hide(state: GameState, seed: int) -> None:
    """Give the face-down piles a new order and the dice a new generator state, from `seed` and
    the piles' contents only (their real order is never read)."""
    generator = rng.seed_state(seed)
    generator, state.us_draw[:] = rng.shuffled(generator, sorted(state.us_draw))
    generator, state.tbot_draw[:] = rng.shuffled(generator, sorted(state.tbot_draw))
    state.rng = generator
    state.forced_dice.clear()


def playout_seed(seed: int, playout: int) -> int:
    """The seed of playout number `playout`: the same for every option (paired playouts: the
    k-th playout of each option has the same piles and dice), scattered: on consecutive seeds
    the playouts drew from one stream a step apart and were not independent (four runs of 1,000
    playouts of one option gave 27-35%, a spread 2.5 times what independent playouts give, so
    the margins shown were too narrow; scattered: 29-33%)."""
    return rng.nth_seed(seed, playout)


def playout(position: Position, option: int, seed: int, players: dict[str, Player]) -> bool:
    """Play one game out from the position after the option; True if the United States wins."""
    game = position.copy()
    hide(game.state, seed)
    game.submit(position.pending.options[option])
    play(game, players)
    result = game.state.result
    return result is not None and result.winner == d.US


def _players() -> dict[str, Player]:
    from bot import TBot

    return {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot()}


Chunk = tuple[int, int, int]
"""Playouts first..last-1 of one option: (option, first, last)."""


def play_chunk(position: Position, seed: int, chunk: Chunk) -> bytes:
    """The results (1 a win) of a chunk's playouts, in order: a pure function of its arguments."""
    option, first, last = chunk
    players = _players()
    return bytes(playout(position, option, playout_seed(seed, k), players)
                 for k in range(first, last))


# --- worker processes ----------------------------------------------------------------------

_WORKER_POSITIONS: dict[str, Position] = {}
"""In a worker process: the positions it was sent, by their fingerprint (sent once, not per chunk)."""


def _worker_chunk(fingerprint: str, blob: bytes | None, seed: int, chunk: Chunk) -> bytes | None:
    """A worker's chunk; None when the worker has not seen the position (it is sent again)."""
    position = _WORKER_POSITIONS.get(fingerprint)
    if position is None:
        if blob is None:
            return None
        if len(_WORKER_POSITIONS) > 8:
            _WORKER_POSITIONS.clear()
        position = _WORKER_POSITIONS[fingerprint] = pickle.loads(blob)
    return play_chunk(position, seed, chunk)


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(processes: int) -> ProcessPoolExecutor:
    """Worker processes, started once and kept (a forkserver: the app's threads are never forked).

    They are started at once, with a plain standard error: the app's stand-in for it has no
    file behind it, and multiprocessing hands its file on to the process it starts first."""
    pool = _POOLS.get(processes)
    if pool is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tripoli_tui.play.advisor", "bot"])
        stderr = sys.stderr
        with open(os.devnull, "w") as devnull:
            sys.stderr = devnull
            try:
                pool = ProcessPoolExecutor(processes, mp_context=context)
                for _ in range(processes):
                    pool.submit(int)  # starts a process, here and now
            finally:
                sys.stderr = stderr
        _POOLS[processes] = pool
    return pool


@atexit.register
def _close_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


def default_workers() -> int:
    """Both cores (or as many as there are, up to four)."""
    return max(1, min(4, os.cpu_count() or 1))


class Runner:
    """Plays the chunks of a round: in this thread and, with more than one worker, in worker
    processes too, each taking the next chunk as it is free. Which worker plays a chunk never
    changes its results."""

    def __init__(self, position: Position, seed: int, workers: int) -> None:
        self.position, self.seed, self.workers = position, seed, max(1, workers)
        self.blob = pickle.dumps(position) if self.workers > 1 else b""
        self.fingerprint = hashlib.sha256(self.blob).hexdigest()
        self.sent: set[int] = set()

    def run(self, chunks: list[Chunk], cancelled: Callable[[], bool]) -> dict[Chunk, bytes] | None:
        """Every chunk's results, or None if cancelled first."""
        results: dict[Chunk, bytes] = {}
        waiting = deque(chunks)
        running: dict[Future[bytes | None], Chunk] = {}
        pool = _pool(self.workers - 1) if self.workers > 1 else None
        while waiting or running:
            if cancelled():
                for future in running:
                    future.cancel()
                return None
            while pool is not None and waiting and len(running) < self.workers - 1:
                chunk = waiting.popleft()
                running[pool.submit(_worker_chunk, self.fingerprint, self.blob, self.seed, chunk)] = chunk
            if waiting:
                chunk = waiting.pop()
                results[chunk] = play_chunk(self.position, self.seed, chunk)
            elif running:
                wait(running, timeout=0.05, return_when=FIRST_COMPLETED)
            for future in [f for f in running if f.done()]:
                chunk = running.pop(future)
                found = future.result()
                if found is None:  # cannot happen: the position goes with every chunk
                    found = play_chunk(self.position, self.seed, chunk)
                results[chunk] = found
        return results


# --- the race ------------------------------------------------------------------------------

def paired(mine: bytes | bytearray, theirs: bytes | bytearray) -> tuple[float, float]:
    """The mean paired difference (mine less theirs) over the playouts both have, and its
    standard error (1.0 with fewer than two pairs)."""
    n = min(len(mine), len(theirs))
    if n < 2:
        return 0.0, 1.0
    diffs = [mine[k] - theirs[k] for k in range(n)]
    mean = sum(diffs) / n
    variance = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


class Race:
    """The advice on one position and seed, played in rounds; `think` may be called again to
    go on from where it stopped (keep thinking): the same rounds are played either way."""

    def __init__(self, position: Position, seed: int, *, workers: int | None = None) -> None:
        self.position, self.seed = position, seed
        self.workers = default_workers() if workers is None else max(1, workers)
        options = len(position.pending.options)
        self.results = [bytearray() for _ in range(options)]
        self.dropped = [False] * options
        self.seconds = 0.0
        self.runner = Runner(position, seed, self.workers)

    @property
    def contenders(self) -> list[int]:
        return [i for i, out in enumerate(self.dropped) if not out]

    @property
    def per_option(self) -> int:
        return max(len(r) for r in self.results)

    def leader(self) -> int:
        contenders = self.contenders
        return max(contenders, key=lambda i: (sum(self.results[i]), -i))

    def _drop_the_clearly_behind(self) -> None:
        if self.per_option < RACE_FROM:
            return
        lead = self.results[self.leader()]
        for i in self.contenders:
            mean, error = paired(self.results[i], lead)
            if mean + Z_DROP * error < 0:
                self.dropped[i] = True

    def think(self, *, playouts: int | None = None, seconds: float | None = DEFAULT_SECONDS,
              progress: Callable[[float], None] | None = None,
              cancelled: Callable[[], bool] | None = None,
              update: Callable[[Advice], None] | None = None) -> Advice:
        """Play rounds until each option in the race has `playouts` (rounded up to a round) or
        the time is up (a round is begun only if it should end in time; one round at least), or
        until cancelled (a round cut short is not counted); with a time budget and one option
        left in the race, the thinking ends early. `update` gets the advice after each round."""
        if playouts is None and seconds is None:
            raise ValueError("give a playout count, a time budget or both")
        start = time.perf_counter()
        was_cancelled = False
        per_playout = 0.0  # the last round's time per playout (the first one starts workers)
        while True:
            elapsed = time.perf_counter() - start
            n = self.per_option
            if playouts is not None and n >= playouts:
                break
            contenders = self.contenders
            if per_playout and seconds is not None:
                if len(contenders) == 1 and playouts is None:
                    break
                if elapsed + len(contenders) * ROUND * per_playout / 2 > seconds:
                    break
            size = ROUND if playouts is None else min(ROUND, playouts - n)
            chunks = [(i, n, n + size) for i in contenders]
            began = time.perf_counter()
            found = self.runner.run(chunks, cancelled or (lambda: False))
            if found is None:
                was_cancelled = True
                break
            for (i, _, _), results in sorted(found.items()):
                self.results[i].extend(results)
            per_playout = (time.perf_counter() - began) / (len(contenders) * size)
            self._drop_the_clearly_behind()
            elapsed = time.perf_counter() - start
            if progress is not None:
                done = max(elapsed / seconds if seconds else 0.0,
                           self.per_option / playouts if playouts else 0.0)
                progress(min(1.0, done))
            if update is not None:
                update(self.advice(self.seconds + elapsed))
        self.seconds += time.perf_counter() - start
        return self.advice(self.seconds, cancelled=was_cancelled)

    def advice(self, seconds: float | None = None, *, cancelled: bool = False) -> Advice:
        """What the playouts so far say."""
        prompt, options = self.position.pending.prompt, self.position.pending.options
        plain = Advice(prompt, tuple(OptionAdvice(o, sum(r), len(r)) for o, r
                                     in zip(options, self.results, strict=True)), self.seed, 0.0)
        best = self.results[plain.best]
        found = []
        for i, (o, r) in enumerate(zip(options, self.results, strict=True)):
            if r is best:
                found.append(OptionAdvice(o, sum(r), len(r)))
                continue
            mean, error = paired(r, best)
            margin = min(1.0, Z95 * error)
            found.append(OptionAdvice(o, sum(r), len(r), versus_best=mean, versus_margin=margin,
                                      tied=mean + margin >= 0, dropped=self.dropped[i]))
        return Advice(prompt, tuple(found), self.seed,
                      self.seconds if seconds is None else seconds, cancelled=cancelled,
                      workers=self.workers)


def advise(game: Game, *, seed: int | None = None, playouts: int | None = None,
           seconds: float | None = DEFAULT_SECONDS, workers: int | None = None,
           progress: Callable[[float], None] | None = None,
           cancelled: Callable[[], bool] | None = None) -> Advice:
    """Estimate each option of the game's pending decision (see advise_position); the seed
    defaults to one made from the game's seed and its length. AdviceError if there is no
    American decision to advise on."""
    return advise_position(Position(game), default_seed(game) if seed is None else seed,
                           playouts=playouts, seconds=seconds, workers=workers,
                           progress=progress, cancelled=cancelled)


def advise_position(position: Position, seed: int, *, playouts: int | None = None,
                    seconds: float | None = DEFAULT_SECONDS, workers: int | None = None,
                    progress: Callable[[float], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> Advice:
    """Estimate each option's chance of an American win against the T-bot.

    Args:
        seed: the advice's seed: the same position, seed and playouts give the same advice.
        playouts: playouts for each option still in the race (None: as many as `seconds` allows).
        seconds: the time budget (None: no limit; then `playouts` must be given).
        workers: processes sharing the playouts (None: one a core); never changes the advice.
        progress: called with the fraction done after each round.
        cancelled: polled between chunks of playouts; when it returns True the advice stops.
    """
    return Race(position, seed, workers=workers).think(
        playouts=playouts, seconds=seconds, progress=progress, cancelled=cancelled)
