"""Game: a state, the procedure running on it, the pending decision, the history, and undo."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from . import data as d
from .core import Proc, log_later
from .decisions import (
    AMERICAN_PLAY,
    HAND_LIMIT,
    TABLE,
    TABLE_DICE,
    Adjust,
    Choice,
    Decision,
    IllegalChoice,
    RollDice,
    SwitchModes,
    TableStep,
    parse_choice,
)
from .state import GameState, Phase, TableModes, TraceLike, new_tuple, table_modes
from .table import TableRefusal, adjust, dice_problem, typed_luck_moves
from .turn.flow import play, solitaire_setup

RESUMABLE_PHASES = tuple(Phase)
"""Phases a bare position (no history) can be resumed from."""


TraceT = TypeVar("TraceT", bound="TraceLike | None", covariant=True)


class Move(NamedTuple, Generic[TraceT]):
    """What a player submits: one of the pending decision's options, and how it was reached (a
    trace, or None from a player that gives no reasons). The history keeps the moves as submitted
    (a named tuple: one is made per action)."""

    choice: Choice
    trace: TraceT


Submitted = Move["TraceLike | None"]
"""A move of any player: what the history holds."""


MAX_CAMPAIGN_NAME = 60
"""A campaign's name: up to 60 characters, printable, on one line (its saves keep it)."""


@dataclass(frozen=True)
class CampaignFacts:
    """What a save says of the campaign a game belongs to, beside its label (`Game.campaign`).
    Written by the program that plays it; it never affects play."""

    name: str = ""
    """The campaign's name as the player reads it ('' when the save had none)."""
    started: str = ""
    """When the campaign began, 'YYYY-MM-DD HH:MM' in UTC ('' when unknown)."""
    rollbacks: int = 0
    """How many times the campaign was rolled back to an earlier turn."""
    branch_of: str = ""
    """The label of the campaign it branched from by a rollback ('' for none)."""


_PRINTED_SETUP = GameState()
"""Game.new's origin: the printed setup for the game's seed, made again only when it is read
(simulations play many games and never read it; a copy would cost more than the setup)."""


class Game:
    """A game in progress: submit legal choices to the pending decision until it is over."""

    def __init__(self, state: GameState, *, origin: GameState | None = None) -> None:
        """Run `state` up to its first decision. `origin` is the position history starts from."""
        if state.phase not in RESUMABLE_PHASES:
            raise ValueError(f"cannot resume a game in phase {str(state.phase)!r}")
        self._seed = state.seed
        if origin is _PRINTED_SETUP:  # Game.new: made again from the seed if ever read
            self._origin: GameState | None = None
        else:
            self._origin = origin if origin is not None else state.clone()
        self.state = state
        self.history: list[Submitted] = []
        self.undo_floor = 0
        """History length before which undo may not go (a die, a draw or the T-bot's answer)."""
        self.campaign = ""
        """Which campaign this game is ('' when none was given): a label kept in its saves so that
        each campaign has its own autosaves. It never affects play."""
        self.campaign_facts = CampaignFacts()
        """The campaign's name, start, rollbacks and origin, as its saves hold them."""
        self._proc: Proc[None] = play(state)
        self.pending: Decision | None = None
        self._advance(None)

    @classmethod
    def new(cls, seed: int, table: TableModes | None = None, *,
            hidden_discard: bool = False) -> Game:
        """A new solitaire game from the printed setup, shuffled by `seed`; with `table`, a table
        campaign (its board on the player's table) in those modes; `hidden_discard`: with the
        rulebook's optional hidden discard pile."""
        if table is None and not hidden_discard:
            return cls(solitaire_setup(seed), origin=_PRINTED_SETUP)
        state = solitaire_setup(seed)
        state.table, state.hidden_discard = table, hidden_discard
        return cls(state)

    @property
    def origin(self) -> GameState:
        """The position the history starts from (never changed by play)."""
        origin = self._origin
        if origin is None:  # a new game's: its printed setup, the same again from the same seed
            origin = self._origin = solitaire_setup(self._seed)
        return origin

    @origin.setter
    def origin(self, origin: GameState) -> None:
        self._origin = origin

    @classmethod
    def replay(cls, origin: GameState, choices: Iterable[Choice | str | Submitted],
               on_step: Callable[[Game], None] | None = None) -> Game:
        """Rebuild a game from its starting position and its choices (IllegalChoice if one fails)."""
        replayed = cls.replaying(origin, choices)
        _, game = next(replayed)
        for _, game in replayed:
            if on_step is not None:
                on_step(game)
        return game

    @classmethod
    def replaying(cls, origin: GameState, choices: Iterable[Choice | str | Submitted]
                  ) -> Iterator[tuple[int, Game]]:
        """Rebuild a game one choice at a time: (0, the game at its origin), then (n, the game after
        its first n choices) for each choice. The same game object each time: a reader that stops
        part way has the game as it stood there, and one that looks before a choice sees the
        decision it answered. IllegalChoice (from the choice n + 1) if one fails."""
        game = cls(origin.clone(), origin=origin.clone())
        yield 0, game
        for done, item in enumerate(choices, 1):
            if isinstance(item, Move):
                game.submit(item.choice, trace=item.trace)
            else:
                game.submit(parse_choice(item) if isinstance(item, str) else item)
            yield done, game

    # --- playing ---

    @property
    def is_over(self) -> bool:
        return self.pending is None

    def submit(self, choice: Choice, trace: TraceLike | None = None) -> None:
        """Answer the pending decision; IllegalChoice (state untouched) if it is not a legal option.
        `trace`, how the choice was reached, is kept as it is in the history and the log."""
        pending = self.pending
        if isinstance(choice, TableStep):
            self._table_step(choice)
            return
        if pending is None:
            raise IllegalChoice("the game is over: there is nothing to decide")
        for option in pending.options:
            if option is choice:  # the usual case: a controller hands back one of the options
                break
        else:
            if pending.kind == TABLE_DICE and isinstance(choice, RollDice):
                example = pending.options[0]  # (the all-ones roll: its length is the count)
                assert isinstance(example, RollDice)
                problem = dice_problem(choice.values, len(example.values))
                if problem:
                    raise TableRefusal(problem)
            elif choice not in pending.options:
                raise IllegalChoice(
                    f"{choice.text()!r} is not a legal answer to {pending.kind!r}: "
                    f"{pending.prompt}")
        s = self.state
        if trace is not None:  # (its text written when read: see LazyLogEntry)
            log_later(s, pending.side, tbot_decision_text, (pending, choice), "tbot_trace", trace)
        self.history.append(new_tuple(Move, (choice, trace)))
        if pending.side == d.TRIPOLITANIA:  # the T-bot's answers are never undone
            try:
                self.pending = self._proc.send(choice)
            except StopIteration:
                self.pending = None
            self.undo_floor = len(self.history)
            return
        rng, us_draw, tbot_draw, forced = s.rng, len(s.us_draw), len(s.tbot_draw), len(s.forced_dice)
        if pending.side == TABLE:  # typed in: the program's luck moves on only as it always does
            rng, us_draw, tbot_draw = typed_luck_moves(s, pending, choice), -1, -1
        try:
            self.pending = self._proc.send(choice)
        except StopIteration:
            self.pending = None
        if (rng != s.rng or forced != len(s.forced_dice)
                or (us_draw >= 0 and (us_draw != len(s.us_draw) or tbot_draw != len(s.tbot_draw)))):
            self.undo_floor = len(self.history)  # a die, a draw: no undo across it

    # --- a table campaign's own steps ---

    def _table_step(self, step: TableStep) -> None:
        """New table modes, or an adjustment: taken at once, kept in the history like a choice
        (undo and rollback take it back); TableRefusal (state untouched) when it cannot be."""
        s = self.state
        if s.table is None:
            raise TableRefusal("This campaign is not played at the table: it has no table modes "
                               "and nothing to adjust.")
        if isinstance(step, SwitchModes):
            try:
                modes = table_modes(step.modes)
            except ValueError as problem:
                raise TableRefusal(f"{str(problem)[:1].upper()}{str(problem)[1:]}.") from None
            s.table = modes
            log_later(s, "", _modes_text, (modes.describe(),), "table")
            self.history.append(new_tuple(Move, (step, None)))
            return
        assert isinstance(step, Adjust)
        pending = self.pending
        if pending is None or pending.kind not in (AMERICAN_PLAY, HAND_LIMIT):
            raise TableRefusal("Adjust at the start of your turn (your play, or the hand limit): "
                               "the turn under way reads the position as it is.")
        header = s.log[-1] if pending.kind == AMERICAN_PLAY and s.log else None
        said = adjust(s, step.change)
        if header is not None and header.kind == "header":
            s.log.pop()  # the turn begins again below, after the adjustment
        log_later(s, "", _modes_text, (said,), "table")
        self.history.append(new_tuple(Move, (step, None)))
        self._proc.close()
        self._proc = play(s)
        self._advance(None)

    def _advance(self, choice: Choice | None) -> None:
        try:
            self.pending = self._proc.send(choice)  # type: ignore[arg-type]
        except StopIteration:
            self.pending = None

    # --- undo ---

    @property
    def can_undo(self) -> bool:
        """Whether undo may go back a choice (never once the game is over: its result stands)."""
        return self.pending is not None and len(self.history) > self.undo_floor

    def undo(self) -> None:
        """Take back the last choice, never across a die roll, a card draw or a T-bot answer."""
        if not self.can_undo:
            raise IllegalChoice("nothing to undo since the last die roll, card draw or T-bot move")
        keep = self.history[:-1]
        floor = self.undo_floor
        rebuilt = Game.replay(self.origin, keep)
        self.state, self._proc, self.pending = rebuilt.state, rebuilt._proc, rebuilt.pending
        self.history = rebuilt.history
        self.undo_floor = floor

    # --- facts for controllers ---

    @property
    def hand_limit_pending(self) -> bool:
        return self.pending is not None and self.pending.kind == HAND_LIMIT


def _modes_text(said: str) -> str:
    return said if said.startswith("Adjusted") else f"Table modes: {said}."


def tbot_decision_text(pending: Decision, choice: Choice) -> str:
    """'The T-bot decides, for Storms: Tripoli patrol zone': the choice, naming the card it is
    for when the choice's own words do not."""
    said = choice.describe()
    card = pending.info.card
    name = d.card_name(card) if card else ""
    if name and name not in said:
        return f"The T-bot decides, for {name}: {said}"
    return f"The T-bot decides: {said}"
