"""The advisor as it was before issue 22 (the baseline the accuracy benchmark compares with): the
options played round-robin, one process, the same number of playouts each, every option shown
with its own 95% interval and the best win chance starred. It marked no ties: an option is
counted here as shown tied with the star when their intervals overlap, what a player reading
the ± figures could conclude. A faithful copy of its advise_position (git show 2aaa92d^), with
the playout of today's advisor (the same position copies, hidden piles and dice)."""

from __future__ import annotations

import time

from bot import TBot
from tripoli_tui.engine import data as d
from tripoli_tui.engine.players import Player
from tripoli_tui.play.advisor import Advice, OptionAdvice, Position, playout, playout_seed
from tripoli_tui.play.heuristic import HeuristicPlayer


def baseline_advice(position: Position, seed: int, seconds: float) -> tuple[Advice, int]:
    """Round-robin playouts until the time is up (one round at least); the advice and its star
    (the best win chance, the first of equals, whatever its playouts: the last round may have
    stopped part way)."""
    options = position.pending.options
    players: dict[str, Player] = {d.US: HeuristicPlayer(seed), d.TRIPOLITANIA: TBot()}
    wins = [0] * len(options)
    counts = [0] * len(options)
    start = time.perf_counter()
    stopped = False
    j = 0
    while not stopped:
        for i in range(len(options)):
            if time.perf_counter() - start >= seconds and j > 0:
                stopped = True
                break
            wins[i] += playout(position, i, playout_seed(seed, j), players)
            counts[i] += 1
        j += 1
    found = tuple(OptionAdvice(o, w, n) for o, w, n in zip(options, wins, counts, strict=True))
    star = max(range(len(found)), key=lambda i: (found[i].win_chance, -i))
    low = found[star].win_chance - found[star].margin
    shown = tuple(OptionAdvice(o.choice, o.wins, o.playouts,
                               tied=i != star and o.win_chance + o.margin >= low)
                  for i, o in enumerate(found))
    return Advice(position.pending.prompt, shown, seed, time.perf_counter() - start), star
