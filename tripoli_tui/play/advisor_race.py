"""The race: the options of a decision played in rounds of paired playouts, the clearly-behind
dropped as it goes, and what the playouts so far say (see the advisor's own notes)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from .advisor_advice import Z95, Advice, OptionAdvice
from .advisor_playout import Position
from .advisor_workers import Runner, default_workers

DEFAULT_SECONDS = 1.8
"""The default thinking time: the answer comes within two seconds."""
ROUND = 4
"""Playouts each option still in the race gets per round."""
RACE_FROM = 32
"""No option leaves the race before it has this many playouts."""
Z_DROP = 3.0
"""An option leaves the race when its paired difference from the leader is this many standard
errors below zero (a clear gap: one wrongly dropped option in about 700 comparisons)."""


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
