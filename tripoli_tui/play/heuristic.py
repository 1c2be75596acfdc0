"""A heuristic American player: plays the way the rulebook's advice and a decent player do.

It blockades the Tripoli patrol zone (and the zones of raiding allies), keeps an eye on the
T-bot's cards that punish one or two frigates there, leaves Derne alone (Hamet's Army is not
raised: taking Derne brings Tripoli Constantinople's aid) and takes Tripoli by the Assault with
the Marines from Fall 1805. It keeps the Assault and its battle cards (the Treaty only once
Derne is taken, and while it is in reach the cards that can rid Tripoli's harbor of a frigate),
spends first the cards it will not play, and discards the least useful card. It reads only what the
American player sees (the board, its hand, the open discard piles and card lines), never a
face-down pile, and has no state of its own: the same position always gets the same answer.

Its rules by concept: heuristic_board (where the frigates stand and how they move),
heuristic_cards (what a card is worth keeping and what its event gains), heuristic_battle
(ground combat chances, the Assault and Eaton's marches, battle cards, hits); this module
weighs the seasonal play and answers the engine's decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.decisions import (
    ALLOCATE_HITS,
    AMERICAN_PLAY,
    BAINBRIDGE,
    BATTLE_CARD,
    CHOOSE_LOCATION,
    HAND_LIMIT,
    MOVE_DESTINATION,
    MOVE_FRIGATE,
    SEND_GUNBOATS,
    CardChoice,
    Choice,
    Decision,
    DiscardToBuild,
    DiscardToMove,
    PlayEvent,
    TakeCard,
)
from ..engine.game import Game
from ..engine.players import Move
from ..engine.state import GameState
from .heuristic_battle import choose_battle_card, choose_gunboat, choose_hit
from .heuristic_board import choose_destination, choose_location, choose_source, misplaced
from .heuristic_cards import action_values, event_value, keep_value

PRIORITY = 5000
"""An event gaining this much is played before anything else."""


def choose_play(state: GameState, options: tuple[Choice, ...]) -> Choice:
    """The option worth most: what it gains now less what the card spent was worth keeping."""
    spare = misplaced(state)
    move_value, build_value = action_values(state, spare)
    best: tuple[int, int] | None = None
    chosen = options[0]
    for i, option in enumerate(options):
        if isinstance(option, PlayEvent):
            gain = event_value(state, option.card, spare)
            if gain is None:
                continue
            value = gain if gain >= PRIORITY else gain - keep_value(state, option.card)
        elif isinstance(option, DiscardToMove):
            value = move_value - keep_value(state, option.card)
        elif isinstance(option, DiscardToBuild):
            value = build_value - keep_value(state, option.card)
        else:
            value = -10_000
        key = (value, -i)
        if best is None or key > best:
            best, chosen = key, option
    return chosen


def choose_discard(state: GameState, options: tuple[Choice, ...]) -> Choice:
    cards = [o for o in options if isinstance(o, CardChoice)]
    return min(cards, key=lambda o: keep_value(state, o.card)) if cards else options[0]


def choose_bainbridge(state: GameState, pending: Decision) -> Choice:
    best: Choice = pending.options[0]
    best_value = -1
    for option in pending.options:
        if isinstance(option, PlayEvent):
            value = event_value(state, option.card)
            value = -1 if value is None or value < 1000 else value
        elif isinstance(option, TakeCard):
            value = keep_value(state, option.card)
        else:
            continue
        if value > best_value:
            best, best_value = option, value
    return best


Rule = Callable[[GameState, Decision], Choice]

RULES: dict[str, Rule] = {
    AMERICAN_PLAY: lambda s, p: choose_play(s, p.options),
    HAND_LIMIT: lambda s, p: choose_discard(s, p.options),
    MOVE_FRIGATE: choose_source,
    MOVE_DESTINATION: choose_destination,
    SEND_GUNBOATS: choose_gunboat,
    CHOOSE_LOCATION: choose_location,
    BATTLE_CARD: choose_battle_card,
    ALLOCATE_HITS: choose_hit,
    BAINBRIDGE: choose_bainbridge,
}
"""The rule for each kind of American decision (any other kind: its first option)."""


class HeuristicPlayer:
    """The American side played by the rules above (a Player); the seed is accepted so that it
    can stand wherever a seeded player does, and it makes no random choice."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def answer(self, game: Game) -> Move[None]:
        pending = game.pending
        assert pending is not None
        rule = RULES.get(pending.kind)
        choice = rule(game.state, pending) if rule is not None else pending.options[0]
        return Move(choice, None)
