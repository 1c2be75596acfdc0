"""One playout: the decision's position copied, its hidden piles and dice drawn anew from a seed,
an option taken, and the game played to its end by the heuristic American and the T-bot."""

from __future__ import annotations

from ..engine import data as d
from ..engine import rng
from ..engine.decisions import AMERICAN_PLAY, TABLE, Choice
from ..engine.game import Game
from ..engine.loop import play
from ..engine.players import Player
from ..engine.queries import seen_discard
from ..engine.state import GameState
from .advisor_advice import AdviceError
from .heuristic import HeuristicPlayer


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
        if game.pending.side == TABLE:
            raise AdviceError("The pending decision is a die or a card at your table: luck, not a "
                              "choice to advise on.")
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
    for done, replay in Game.replaying(game.origin, history):
        if replay.pending is not None and replay.pending.kind == AMERICAN_PLAY:
            start, since = replay.state.clone(), done
    return start, history[since:]


def hide(state: GameState, seed: int) -> None:
    """Give the face-down piles a new order and the dice a new generator state, from `seed` and
    the piles' contents only (their real order is never read); with the hidden discard pile, each
    side's draw and discard piles are dealt anew from their cards together (what is in which is
    not seen either); at a table campaign, every die and draw of the playout is the
    generator's."""
    generator = rng.seed_state(seed)
    for draw, discard in (("us_draw", "us_discard"), ("tbot_draw", "tbot_discard")):
        pile, thrown = getattr(state, draw), getattr(state, discard)
        if seen_discard(state, discard) == tuple(thrown):
            generator, pile[:] = rng.shuffled(generator, sorted(pile))
        else:  # a hidden discard pile: which unseen card is in which pile is unknown too
            generator, unseen = rng.shuffled(generator, sorted((*pile, *thrown)))
            pile[:], thrown[:] = unseen[:len(pile)], unseen[len(pile):]
    state.rng = generator
    state.forced_dice.clear()
    state.table = None  # a table campaign's playouts: the program's luck, never a die typed in


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


def players() -> dict[str, Player]:
    """Who plays the playouts: the heuristic American and the T-bot."""
    from bot import TBot

    return {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot()}


Chunk = tuple[int, int, int]
"""Playouts first..last-1 of one option: (option, first, last)."""


def play_chunk(position: Position, seed: int, chunk: Chunk) -> bytes:
    """The results (1 a win) of a chunk's playouts, in order: a pure function of its arguments."""
    option, first, last = chunk
    playing = players()
    return bytes(playout(position, option, playout_seed(seed, k), playing)
                 for k in range(first, last))
