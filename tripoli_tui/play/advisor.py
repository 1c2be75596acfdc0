"""The advisor: each legal option of an American decision, with its chance of an American win.

Monte Carlo playouts from the position: the option is taken, then the heuristic American player
and the T-bot play the game to its end. The advisor never uses what the player cannot see:
before each playout, the face-down piles (the American and the T-bot's draw piles) are put in
a new order drawn from their contents alone, and the dice come from a new generator state, all
from the advice's seed. The same position and seed give the same advice. The game itself is
never changed: playouts run on copies.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
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


class AdviceError(ValueError):
    """A game the advisor cannot advise on (over, or the T-bot's decision); says why."""


@dataclass(frozen=True, slots=True)
class OptionAdvice:
    """One legal option and what its playouts found."""

    choice: Choice
    wins: int
    playouts: int

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

    @property
    def best(self) -> int:
        """The index of the option with the best win chance (the first of equals)."""
        chances = [o.win_chance for o in self.options]
        return chances.index(max(chances))

    @property
    def playouts(self) -> int:
        return sum(o.playouts for o in self.options)

    def to_data(self) -> dict[str, object]:
        return {
            "prompt": self.prompt, "seed": self.seed, "seconds": round(self.seconds, 3),
            "playouts": self.playouts, "best": self.options[self.best].choice.text(),
            "options": [{"choice": o.choice.text(), "describe": o.choice.describe(),
                         "win_chance": round(o.win_chance, 4), "margin": round(o.margin, 4),
                         "playouts": o.playouts} for o in self.options],
        }

    def render(self) -> str:
        """The advice as lines of text, best option marked."""
        lines = [f"{self.prompt}", f"{self.playouts} playouts in {self.seconds:.1f} s "
                 f"(seed {self.seed}){' - cancelled' if self.cancelled else ''}", ""]
        for i, o in enumerate(self.options):
            mark = "*" if i == self.best else " "
            lines.append(f"{mark} {100 * o.win_chance:5.1f}% ±{100 * o.margin:4.1f}  "
                         f"{o.playouts:5d}  {o.choice.describe()}")
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
    """The seed of playout number `playout` (the same for every option: fairer comparisons),
    scattered: on consecutive seeds the playouts drew from one stream a step apart and were not
    independent (four runs of 1,000 playouts of one option gave 27-35%, a spread 2.5 times what
    independent playouts give, so the margins shown were too narrow; scattered: 29-33%)."""
    return rng.nth_seed(seed, playout)


def playout(position: Position, option: int, seed: int, players: dict[str, Player]) -> bool:
    """Play one game out from the position after the option; True if the United States wins."""
    game = position.copy()
    hide(game.state, seed)
    game.submit(position.pending.options[option])
    play(game, players)
    result = game.state.result
    return result is not None and result.winner == d.US


def advise(game: Game, *, seed: int | None = None, playouts: int | None = None,
           seconds: float | None = DEFAULT_SECONDS,
           progress: Callable[[float], None] | None = None,
           cancelled: Callable[[], bool] | None = None) -> Advice:
    """Estimate each option of the game's pending decision (see advise_position); the seed
    defaults to one made from the game's seed and its length. AdviceError if there is no
    American decision to advise on."""
    return advise_position(Position(game), default_seed(game) if seed is None else seed,
                           playouts=playouts, seconds=seconds, progress=progress,
                           cancelled=cancelled)


def advise_position(position: Position, seed: int, *, playouts: int | None = None,
                    seconds: float | None = DEFAULT_SECONDS,
                    progress: Callable[[float], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> Advice:
    """Estimate each option's chance of an American win against the T-bot.

    Args:
        seed: the advice's seed: the same position and seed give the same advice.
        playouts: playouts per option (None: as many as `seconds` allows).
        seconds: the time budget (None: no limit; then `playouts` must be given).
        progress: called with the fraction done after each playout.
        cancelled: polled between playouts; when it returns True the advice stops there.

    Playouts go round the options in turn, so every option has the same count (or one less)
    and the first n playouts of an option are always the same games.
    """
    from bot import TBot

    if playouts is None and seconds is None:
        raise ValueError("give a playout count, a time budget or both")
    options = position.pending.options
    players: dict[str, Player] = {d.US: HeuristicPlayer(seed), d.TRIPOLITANIA: TBot()}
    wins = [0] * len(options)
    counts = [0] * len(options)
    start = time.perf_counter()
    stopped = False
    j = 0
    while not stopped:
        for i in range(len(options)):
            elapsed = time.perf_counter() - start
            if (cancelled is not None and cancelled()) or (seconds is not None and elapsed >= seconds
                                                           and j > 0):
                stopped = True
                break
            wins[i] += playout(position, i, playout_seed(seed, j), players)
            counts[i] += 1
            if progress is not None:
                done = (j * len(options) + i + 1) / (len(options) * playouts) if playouts else 0.0
                progress(min(1.0, max(done, elapsed / seconds if seconds else 0.0)))
        j += 1
        if playouts is not None and j >= playouts:
            break
    was_cancelled = cancelled is not None and cancelled()
    return Advice(position.pending.prompt,
                  tuple(OptionAdvice(o, w, n) for o, w, n in zip(options, wins, counts, strict=True)),
                  seed, time.perf_counter() - start, cancelled=was_cancelled)
