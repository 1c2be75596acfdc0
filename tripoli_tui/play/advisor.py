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

In modules of one concept each: advisor_advice (what the advice says, its figures),
advisor_playout (the position and one playout), advisor_race (the rounds, the paired
comparisons, dropping the clearly behind) and advisor_workers (the worker processes); this one
gives the way in.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.game import Game
from .advisor_advice import POLICY, Z95, Advice, AdviceError, OptionAdvice
from .advisor_playout import Chunk, Position, default_seed, hide, play_chunk, playout, playout_seed
from .advisor_race import DEFAULT_SECONDS, RACE_FROM, ROUND, Z_DROP, Race, paired
from .advisor_workers import Runner, default_workers

__all__ = ["DEFAULT_SECONDS", "POLICY", "RACE_FROM", "ROUND", "Z95", "Z_DROP", "Advice", "AdviceError",
           "Chunk", "OptionAdvice", "Position", "Race", "Runner", "advise", "advise_position",
           "default_seed", "default_workers", "hide", "paired", "play_chunk", "playout",
           "playout_seed"]


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
