"""Build small explicit positions and drive engine procedures with scripted choices.

    state = bare_state(1803, "summer")
    place(state, "tripoli_patrol_zone", "us_frigate", 2)
    state.forced_dice = [6, 1, 1, 5]
    run = drive(state, play_tripolitan_event(state, "storms"), ["choose tripoli_patrol_zone"])
    assert run.finished and state.frigates_sunk == 1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards import decks
from tripoli_tui.engine.core import GameOver, Proc
from tripoli_tui.engine.decisions import Choice, Decision, parse_choice
from tripoli_tui.engine.state import GameState, Phase


def bare_state(year: int = 1801, season: str | int = "spring") -> GameState:
    """An empty board: every piece in its supply, every card in its starting pile (unshuffled)."""
    s = GameState(seed=0, rng=12345, year=year,
                  season=d.SEASONS.index(season) if isinstance(season, str) else season)
    for piece, total in d.PIECE_TOTALS.items():
        s.pieces[d.SUPPLY_OF[piece]][piece] = total
    s.us_core = list(decks.US_CORE_CARDS)
    s.us_draw = list(decks.US_DECK)
    s.tbot_draw = list(decks.TBOT_DECK)
    s.event_card_line = list(decks.TBOT_EVENT_LINE_START)
    s.battle_card_line = list(decks.TBOT_BATTLE_LINE_START)
    s.phase = Phase.AMERICAN_PLAY
    return s


def place(state: GameState, location: str, piece: str, n: int = 1) -> None:
    """Move n pieces from their supply to a location (AssertionError if the supply is short)."""
    supply = d.SUPPLY_OF[piece]
    assert state.pieces[supply][piece] >= n, f"not enough {piece} in supply"
    state.pieces[supply][piece] -= n
    state.pieces[location][piece] += n


def give_hand(state: GameState, *cards: str) -> None:
    """Move cards from the American draw pile into the hand."""
    for card in cards:
        state.us_draw.remove(card)
        state.us_hand.append(card)


def pieces_at(state: GameState, location: str) -> dict[str, int]:
    """The non-zero piece counts at a location."""
    return {k: v for k, v in state.pieces[location].items() if v}


@dataclass
class Run:
    decisions: list[Decision] = field(default_factory=list)
    """Every decision the procedure asked, in order."""
    pending: Decision | None = None
    """The decision left unanswered when the script ran out (None if the procedure finished)."""
    finished: bool = False
    game_over: bool = False


def drive(state: GameState, proc: Proc[object], script: Sequence[Choice | str] = ()) -> Run:
    """Run a procedure, answering its decisions from `script` (each must be a legal option)."""
    run = Run()
    answers = [parse_choice(c) if isinstance(c, str) else c for c in script]
    try:
        decision = proc.send(None)  # type: ignore[arg-type]
        while True:
            run.decisions.append(decision)
            if not answers:
                run.pending = decision
                return run
            choice = answers.pop(0)
            assert choice in decision.options, (
                f"{choice.text()} not legal for {decision.kind}: "
                f"{[o.text() for o in decision.options]}")
            decision = proc.send(choice)
    except StopIteration:
        run.finished = True
    except GameOver:
        run.finished = run.game_over = True
    assert not answers, f"unused script: {[a.text() for a in answers]}"
    return run
