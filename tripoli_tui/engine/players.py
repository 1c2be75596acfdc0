"""Players: whoever answers a side's decisions (the T-bot, or a random player), with their Move
(engine.game's: the one type of what a player submits)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from . import data as d
from . import rng
from .decisions import (
    DRAWN_CARD_IS,
    TABLE,
    TABLE_DICE,
    TABLE_PICK,
    Choice,
    DiscardCard,
    DiscardToBuild,
    DiscardToMove,
    MoveFrom,
    MoveTo,
    PlayBattleCard,
    PlayEvent,
    RollDice,
)
from .game import Game, Move, Submitted
from .state import TraceLike, new_tuple

__all__ = ["BiasedPlayer", "Game", "Move", "Player", "RandomPlayer", "SeedTypist", "Submitted",
           "TraceLike"]


class Player(Protocol):
    """Answers the decisions of one side."""

    def answer(self, game: Game) -> Submitted: ...


class RandomPlayer:
    """Chooses uniformly among the legal options, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._base = rng.seed_state(seed ^ 0x5EED)
        self._ahead: list[int] = []
        """The outputs of the generator's steps after `_base`, computed several at once."""
        self._used = 0
        """How many of them were drawn: the generator's state is `_base` that many steps on."""

    @property
    def rng(self) -> int:
        """The generator's whole state."""
        return rng.advance(self._base, self._used)

    @rng.setter
    def rng(self, state: int) -> None:
        self._base, self._ahead, self._used = state, [], 0

    def answer(self, game: Game) -> Move[None]:
        pending = game.pending
        assert pending is not None
        options = pending.options
        # rng.below(self.rng, n), inlined (one call per action): one step of the generator,
        # accepted unless it falls in the rejection zone (then below() draws again, as it does).
        used, ahead = self._used, self._ahead
        if used == len(ahead):
            self._base = rng.advance(self._base, used)
            ahead = self._ahead = rng.outputs(self._base, _AHEAD)
            used = 0
        out = ahead[used]
        self._used = used + 1
        n = len(options)
        if n == 1:
            return new_tuple(Move, (options[0], None))
        if out < (_LIMITS[n] if n <= _MOST_LIMITED else rng.rejection_limit(n)):
            return new_tuple(Move, (options[out % n], None))
        self.rng, i = rng.below(self.rng, n)
        return new_tuple(Move, (options[i], None))


_AHEAD = 16
"""How many steps of its generator a random player computes at once (a game asks ~25 each)."""
_LIMITS = [rng.rejection_limit(n) if n else 0 for n in range(101)]
"""rng.LIMITS as a list: the rejection limit of n options at index n."""
_MOST_LIMITED = len(_LIMITS) - 1


class BiasedPlayer(RandomPlayer):
    """Still random, but leaning the way a purposeful American plays, so that games reach the late
    war: it prefers events (victory cards above all), keeps moving frigates, sends them to the
    patrol zones (the Tripoli zone most) and to Alexandria for Hamet's Army, and plays its battle
    cards. Used by the property tests to exercise 1805-1806, the Assault, the Treaty and Eaton."""

    VICTORY = ("treaty_of_peace_and_amity", "assault_on_tripoli")
    FAVOURITES = ("swedish_frigates_arrive", "hamets_army_created", "general_eaton_attacks_derne",
                  "general_eaton_attacks_benghazi", "a_show_of_force", "tribute_paid",
                  "constantinople_demands_tribute", "corsairs_confiscated")

    def _percent(self, p: int) -> bool:
        self.rng, v = rng.below(self.rng, 100)
        return v < p

    def _pick(self, options: Sequence[Choice]) -> Choice:
        self.rng, i = rng.below(self.rng, len(options))
        return options[i]

    def answer(self, game: Game) -> Move[None]:
        return Move(self._choose(game), None)

    def _choose(self, game: Game) -> Choice:
        pending = game.pending
        assert pending is not None
        options = pending.options
        kind = pending.kind
        if kind == "american_play":
            events = [o for o in options if isinstance(o, PlayEvent)]
            if PlayEvent("treaty_of_peace_and_amity") in options:
                return PlayEvent("treaty_of_peace_and_amity")
            late = game.state.year == 1806 and game.state.season == 3
            if PlayEvent("assault_on_tripoli") in options and self._percent(50 if late else 8):
                return PlayEvent("assault_on_tripoli")
            # Victory cards are kept rather than discarded for actions while there is a choice.
            keep = [o for o in options
                    if not (isinstance(o, (DiscardToMove, DiscardToBuild))
                            and o.card in self.VICTORY)]
            options = tuple(keep) or options
            favourites = [o for o in events if o.card in self.FAVOURITES]
            if favourites and self._percent(80):
                return self._pick(favourites)
            if events and self._percent(75):
                return self._pick(events)
            moves = [o for o in options if isinstance(o, DiscardToMove)]
            if moves and self._percent(70):
                return self._pick(moves)
        elif kind == "hand_limit":
            keep = [o for o in options
                    if not (isinstance(o, DiscardCard) and o.card in self.VICTORY)]
            return self._pick(keep or options)
        elif kind == "move_frigate":
            sources = [o for o in options if isinstance(o, MoveFrom)]
            if sources and self._percent(85):
                return self._pick(sources)
        elif kind == "move_destination":
            zones = [o for o in options if isinstance(o, MoveTo) and o.location in d.PATROL_ZONES]
            state = game.state
            if (state.year >= 1803 and not state.pieces["alexandria"][d.US_FRIGATE]
                    and MoveTo("alexandria") in options and self._percent(25)):
                return MoveTo("alexandria")
            if MoveTo("tripoli_patrol_zone") in options and self._percent(50):
                return MoveTo("tripoli_patrol_zone")
            if zones and self._percent(60):
                return self._pick(zones)
        elif kind == "battle_card" and pending.side == d.US:
            plays = [o for o in options if isinstance(o, PlayBattleCard)]
            if plays and self._percent(80):
                return plays[0]
        return self._pick(options)


class SeedTypist:
    """Answers a table campaign's decisions with the seed's own luck: the dice the game's generator
    would roll, the top card of a pile as the program holds it, the card its pick would take. A
    table campaign whose table decisions it answers plays exactly the game the seed plays on the
    screen (a Player for the 'table' side; the proof that the table path keeps every rule)."""

    def answer(self, game: Game) -> Move[None]:
        pending = game.pending
        assert pending is not None and pending.side == TABLE
        state = game.state
        if pending.kind == TABLE_DICE:
            example = pending.options[0]
            assert isinstance(example, RollDice)
            _, dice = rng.dice(state.rng, len(example.values))
            return Move(RollDice("".join(map(str, dice))), None)
        if pending.kind == TABLE_PICK:
            _, index = rng.below(state.rng, len(state.us_hand))
            return Move(DRAWN_CARD_IS[state.us_hand[index]], None)
        pile: list[str] = getattr(state, str(pending.given.get("pile", "")))
        return Move(DRAWN_CARD_IS[pile[0]], None)
