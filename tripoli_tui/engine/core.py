"""Primitives every procedure uses: asking a side, dice, moving pieces, gold, and ending the game.

Procedures are generators: they `yield` a Decision and receive the chosen Choice back, so a
procedure reads top to bottom as the rulebook does. Nothing here keeps state outside GameState.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar, TypeVarTuple, Unpack

from . import data as d
from . import rng
from .decisions import (
    DRAWN_CARD_IS,
    TABLE,
    TABLE_DICE,
    TABLE_DRAW,
    TABLE_PICK,
    Choice,
    Decision,
    DrawnCard,
    GivenFacts,
    RollDice,
)
from .state import GameResult, GameState, LazyLogEntry, LogEntry, Phase, new_tuple
from .words import plural

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
Proc = Generator[Decision, Choice, T]
"""A procedure: yields decisions, receives choices, returns T."""


class GameOver(Exception):
    """Raised the instant a side wins (or the game is drawn); the state already holds the result."""


def log(state: GameState, side: str, text: str, kind: str = "text", data: Any = None) -> None:
    """Append one line to the game log."""
    state.log.append(new_tuple(LogEntry, (state.year, state.season, side, kind, text, data)))


def log_later(state: GameState, side: str, write: Callable[[*Ts], str], parts: tuple[*Ts],
              kind: str = "text", data: Any = None) -> None:
    """log(), its text put into words by `write(*parts)` only when it is read (LazyLogEntry):
    for the lines every game writes many times (a simulated game reads none of them)."""
    state.log.append(new_tuple(LazyLogEntry, (state.year, state.season, side, kind,
                                               (write, parts), data)))


def ask(side: str, kind: str, prompt: str, options: Sequence[Choice], /, *, auto: bool = False,
        **info: Unpack[GivenFacts]) -> Proc[Choice]:
    """Wait for `side` to choose among `options`; with auto, a single option is taken at once.
    (The first four are positional-only, as in `decision`.)"""
    if auto and len(options) == 1:
        return options[0]
    if not options:
        raise RuntimeError(f"no legal option for decision {kind}")
    choice = yield Decision(side, kind, prompt, tuple(options), info)
    return choice


def decision(side: str, kind: str, prompt: str, options: Sequence[Choice], /,
             **info: Unpack[GivenFacts]) -> Decision:
    """`choice = yield decision(...)`: `ask` without its single-option shortcut, for the
    decisions made every turn (no sub-procedure to start, so a little cheaper).

    The first four are positional-only: then Python binds each keyword straight into `info`
    instead of comparing its name with every parameter's first (most decisions carry some); they
    are read as the kind's Facts (`Decision.info`)."""
    if not options:
        raise RuntimeError(f"no legal option for decision {kind}")
    made = _new_object(Decision)  # Decision(...) without its Python-level __init__: one per action
    made.side, made.kind, made.prompt, made.options, made.given = (
        side, kind, prompt, tuple(options), info)
    return made


_new_object = object.__new__


def no_decision(effect: Callable[[GameState], None]) -> Callable[[GameState], Proc[None]]:
    """A rule that never asks anything, as a procedure (for a card effect)."""
    def procedure(state: GameState) -> Proc[None]:
        effect(state)
        return
        yield
    return procedure


# --- chance -------------------------------------------------------------------

def roll(state: GameState, n: int, side: str, what: str) -> Proc[list[int]]:
    """Roll n dice of `side`: forced dice first (a test seam), then the game's generator, or at a
    table campaign whose player rolls them, the dice typed in (`what` names the roll).

    Typed dice move the generator on as if it had rolled them (once they are typed): a campaign's
    generator stays in step whoever rolls, so the seed's own dice typed in play the seed's own
    game, and the program's later dice are the same whatever was typed."""
    forced = state.forced_dice
    if forced:
        dice = forced[:n]
        del forced[:n]
        if len(dice) == n:
            return dice
        n -= len(dice)
    else:
        dice = []
    table = state.table
    if table is not None and n and table.types_dice_of(side):
        choice = yield decision(TABLE, TABLE_DICE, dice_prompt(what, n), (RollDice("1" * n),),
                                count=n, roller=side, what=what)
        assert isinstance(choice, RollDice)
        state.rng, _ = rng.dice(state.rng, n)
        dice += [int(value) for value in choice.values]
        return dice
    state.rng, rolled = rng.dice(state.rng, n)
    dice += rolled
    return dice


def dice_prompt(what: str, n: int) -> str:
    """'Bombardment of Tripoli: 3 dice'."""
    return f"{what}: {plural(n, 'die', 'dice')}"


def random_index(state: GameState, n: int) -> int:
    """A uniform index in [0, n) from the game's generator."""
    state.rng, value = rng.below(state.rng, n)
    return value


def draws_at_table(state: GameState, pile: str) -> bool:
    """Whether the player draws from `pile` ('tbot_draw' or 'us_draw') on the table and types the
    card in (a table campaign's deck or hand mode)."""
    table = state.table
    if table is None:
        return False
    return (table.deck if pile == "tbot_draw" else table.hand) == "table"


def draw_card(state: GameState, pile: str, prompt: str) -> Proc[str]:
    """The top card of a draw pile ('tbot_draw' or 'us_draw', not empty), taken off it: the
    program's, or at a table campaign drawing from that pile, the card the player types in (any
    card the pile can hold)."""
    cards: list[str] = getattr(state, pile)
    if not draws_at_table(state, pile):
        return cards.pop(0)
    choice = yield decision(TABLE, TABLE_DRAW, prompt, _each_card(cards), pile=pile)
    assert isinstance(choice, DrawnCard)
    cards.remove(choice.card)
    return choice.card


def pick_from_hand(state: GameState, prompt: str) -> Proc[str]:
    """A card of the American hand (not empty) taken at random and out of it: by the generator,
    or at a table campaign whose hand is on the table, the card the player says was taken (the
    generator then moves on as for a pick of its own, as `roll` does for typed dice)."""
    hand = state.us_hand
    if draws_at_table(state, "us_draw"):
        choice = yield decision(TABLE, TABLE_PICK, prompt, _each_card(hand), pile="us_hand")
        assert isinstance(choice, DrawnCard)
        random_index(state, len(hand))
        return hand.pop(hand.index(choice.card))
    return hand.pop(random_index(state, len(hand)))


def _each_card(cards: Sequence[str]) -> list[DrawnCard]:
    """One option for each card of a pile, by name (the order a player looks one up in)."""
    return [DRAWN_CARD_IS[card] for card in sorted(set(cards), key=d.card_name)]


def hits(dice: Sequence[int], at_least: int = 6) -> int:
    """How many dice show at_least or more."""
    if at_least == 6:
        return dice.count(6)
    if at_least == 5:
        return dice.count(5) + dice.count(6)
    return sum([dice.count(v) for v in range(at_least, 7)])


_DIE_TEXT = {v: f"[{v}]" for v in range(1, 7)}


def dice_text(dice: Sequence[int]) -> str:
    """'[6] [2] [5]', or 'no dice'."""
    if not dice:
        return "no dice"
    try:
        return " ".join([_DIE_TEXT[v] for v in dice])
    except KeyError:  # a forced die outside 1-6 (tests)
        return " ".join([f"[{v}]" for v in dice])


def log_roll(state: GameState, side: str, what: str, dice: Sequence[int], result: str) -> None:
    """Log a roll with every die shown."""
    shown = list(dice)  # (log_later's entry, made here: a game logs a dozen rolls)
    state.log.append(new_tuple(LazyLogEntry, (state.year, state.season, side, "dice",
                                               (roll_text, (what, shown, result)), shown)))


def roll_text(what: str, dice: Sequence[int], result: str) -> str:
    """'Interception from the Tripoli patrol zone: [6] [2] - 1 corsair sunk'."""
    return f"{what}: {dice_text(dice)} - {result}"


# --- pieces -------------------------------------------------------------------

def move(state: GameState, piece: str, src: str, dst: str, n: int = 1) -> int:
    """Move up to n pieces from src to dst; returns how many moved."""
    here = state.pieces[src]
    have = here[piece]
    if n > have:
        n = have
    if n > 0:
        here[piece] = have - n
        state.pieces[dst][piece] += n
    return n


def place_from_supply(state: GameState, piece: str, dst: str, n: int) -> int:
    """Place min(n, available) pieces from their supply (ruling G-1); returns how many."""
    return move(state, piece, d.SUPPLY_OF[piece], dst, n)


def to_supply(state: GameState, piece: str, src: str, n: int = 1) -> int:
    return move(state, piece, src, d.SUPPLY_OF[piece], n)


def damaged_frigate_home(state: GameState, piece: str, src: str) -> str:
    """Send one damaged frigate to next year's track (its supply in 1806); returns where."""
    dst = d.track_space(state.year + 1) if state.year < 1806 else d.SUPPLY_OF[piece]
    move(state, piece, src, dst)
    return dst


def sink_us_frigate(state: GameState, src: str) -> None:
    """A sunk American frigate goes to Tripoli; the fourth ends the game at once."""
    move(state, d.US_FRIGATE, src, d.SUNK)
    sunk = state.frigates_sunk
    where = f"{'at' if src in d.HARBORS else 'in'} {d.place_in_words(src)}"  # at Tripoli, in a zone
    log(state, d.TRIPOLITANIA, f"An American frigate is sunk {where} "
        f"({sunk} of {d.FRIGATES_SUNK_TO_WIN} sunk).")
    if sunk >= d.FRIGATES_SUNK_TO_WIN:
        end_game(state, d.TRIPOLITANIA, "frigates_sunk",
                 "Tripoli has sunk four American frigates: Tripolitania wins.")


def gain_gold(state: GameState, n: int, why: str) -> None:
    """Tripoli takes n gold from the bank; twelve ends the game at once."""
    n = min(n, d.GOLD_TOTAL - state.gold)
    if n <= 0:
        return
    state.gold += n
    log_later(state, d.TRIPOLITANIA, gold_text, (n, why, state.gold))
    if state.gold >= d.GOLD_TOTAL:
        end_game(state, d.TRIPOLITANIA, "gold",
                 "Tripoli has twelve gold: the United States pays tribute. Tripolitania wins.")


def gold_text(n: int, why: str, gold: int) -> str:
    """'Tripoli gains 2 gold (raid from Tripoli); it holds 5 of 12.'"""
    return f"Tripoli gains {n} gold ({why}); it holds {gold} of 12."


# --- the end ------------------------------------------------------------------

WAYS_TO_END = {
    "treaty": "Treaty of Peace and Amity",
    "tripoli_captured": "Tripoli captured",
    "gold": "twelve gold",
    "frigates_sunk": "four American frigates sunk",
    "hamets_army_eliminated": "the American ground force eliminated",
    "assault_failed": "Assault on Tripoli failed",
    "draw": "draw at the end of 1806",
}
"""Every way a game can end. `hamets_army_eliminated` (a key of the save format) is any American
ground force beaten: Hamet's Army, or the Marines of *Send in the Marines* landed alone in the
Assault on Tripoli."""


def tournament_points(state: GameState) -> tuple[int, int]:
    """(American points, Tripolitan points): Tripoli 3 per frigate sunk + 1 per gold; US 30 less."""
    tripoli = 3 * state.frigates_sunk + state.gold
    return 30 - tripoli, tripoli


def end_game(state: GameState, winner: str, how: str, text: str) -> None:
    """Record the result and stop the game at once."""
    us_points, tripoli_points = tournament_points(state)
    state.result = GameResult(winner, how, text, state.year, state.season, us_points, tripoli_points,
                              state.gold, state.frigates_sunk)
    state.phase = Phase.GAME_OVER
    log(state, "", text, "result")
    raise GameOver
