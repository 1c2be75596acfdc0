"""Setup and the sequence of play: years, seasons, and the main procedure of a game."""

from __future__ import annotations

from functools import cache

from .. import data as d
from .. import rng
from ..cards.decks import (
    TBOT_BATTLE_LINE_START,
    TBOT_DECK,
    TBOT_EVENT_LINE_START,
    US_CORE_CARDS,
    US_DECK,
)
from ..core import GameOver, Proc, draw_card, draws_at_table, end_game, log, log_later, move
from ..state import GameState, LogEntry, Phase, SeasonRecord, empty_pieces
from ..turns import turn_mark
from ..words import agree, plural
from .american import american_play
from .midturn import resume_mid_turn
from .tripolitan import tripolitan_play

US, TR = d.US, d.TRIPOLITANIA
_START_OF_YEAR, _AMERICAN_PLAY = Phase.START_OF_YEAR, Phase.AMERICAN_PLAY
_TRIPOLITAN_PLAY, _GAME_OVER = Phase.TRIPOLITAN_PLAY, Phase.GAME_OVER
"""The phases, read every season (a global is cheaper to read than an enum member)."""


def solitaire_setup(seed: int) -> GameState:
    """A new solitaire game exactly as printed (rulebook SOLITAIRE SETUP), piles shuffled by seed."""
    generator = rng.seed_state(seed)
    generator, us_draw = rng.shuffled(generator, US_DECK)
    generator, tbot_draw = rng.shuffled(generator, TBOT_DECK)
    state = GameState(  # (made by its __init__, not copied: its attributes are read faster)
        seed=seed, rng=generator, phase=Phase.START_OF_YEAR,
        pieces={place: counts.copy() for place, counts in _PRINTED_PIECES.items()},
        us_draw=us_draw, us_core=list(US_CORE_CARDS), tbot_draw=tbot_draw,
        event_card_line=list(TBOT_EVENT_LINE_START),
        battle_card_line=list(TBOT_BATTLE_LINE_START))
    log_later(state, "", _new_game, (seed,), "header")
    return state


def _new_game(seed: int) -> str:
    return f"A new solitaire game (seed {seed}): the United States against the T-bot."


def _printed_pieces() -> dict[str, dict[str, int]]:
    """Every piece where the solitaire setup places it: the same for every game, so it is made
    once and each new game copies it."""
    p = empty_pieces()
    p["gibraltar"][d.US_FRIGATE] = 3
    for year in (1802, 1803, 1804):
        p[d.track_space(year)][d.US_FRIGATE] = 1
    us = p[d.US_SUPPLY]
    us[d.US_FRIGATE], us[d.GUNBOAT], us[d.MARINE], us[d.ARAB_INFANTRY] = 2, 3, 4, 10
    us[d.SWEDISH_FRIGATE] = 2
    p["gibraltar"][d.CORSAIR] = 2
    p["tripoli"][d.CORSAIR] = 5
    for city in d.TRIPOLITAN_CITIES:
        p[city][d.TRIPOLITAN_INFANTRY] = 4
    tr = p[d.TRIPOLITAN_SUPPLY]
    tr[d.CORSAIR], tr[d.TRIPOLITAN_INFANTRY], tr[d.TRIPOLITAN_FRIGATE] = 2, 8, 2
    tr[d.ALLIED_CORSAIR] = 9
    return p


_PRINTED_PIECES = _printed_pieces()
"""(Never changed: solitaire_setup copies it.)"""


def draw_us_cards(state: GameState, n: int) -> int:
    drawn = state.us_draw[:n]
    del state.us_draw[:n]
    state.us_hand.extend(drawn)
    return len(drawn)


def start_of_year(state: GameState) -> None:
    """Arrivals from the Year Turn Track and the American card draw."""
    year_begins(state)
    drawn = draw_us_cards(state, year_draw(state))
    state.log.append(_us_draws(state.year, drawn))
    state.phase = Phase.AMERICAN_PLAY


def start_of_year_at_table(state: GameState) -> Proc[None]:
    """start_of_year at a table campaign whose American cards are drawn on the table: each card
    drawn is typed in."""
    year_begins(state)
    n = year_draw(state)
    for i in range(n):
        card = yield from draw_card(state, "us_draw", f"The American draw, card {i + 1} of {n}: "
                                    "which card did you draw?")
        state.us_hand.append(card)
    state.log.append(_us_draws(state.year, n))
    state.phase = Phase.AMERICAN_PLAY


def year_draw(state: GameState) -> int:
    """How many cards the United States draws as the year begins: six, all that are left in 1806."""
    return len(state.us_draw) if state.year == 1806 else min(6, len(state.us_draw))


def year_begins(state: GameState) -> None:
    """A year's start before the American draw: arrivals, and in 1805 the American reshuffle."""
    state.season = 0
    state.log.append(_year_header(state.year))  # (log(), its entry made once)
    space = d.track_space(state.year) if state.year > 1801 else ""
    if space:
        f = move(state, d.US_FRIGATE, space, "gibraltar", state.pieces[space][d.US_FRIGATE])
        if f:
            log_later(state, US, _frigates_arrive, (f,))
        t = move(state, d.TRIPOLITAN_FRIGATE, space, "tripoli",
                 state.pieces[space][d.TRIPOLITAN_FRIGATE])
        if t:
            log_later(state, TR, _frigates_return, (t,))
    if state.year == 1805:
        pile = state.us_draw + state.us_discard
        state.us_discard = []
        state.rng, state.us_draw = rng.shuffled(state.rng, pile)
        log(state, US, f"The American discard pile is shuffled into a new draw pile of "
            f"{plural(len(pile), 'card')}.")


def _frigates_arrive(n: int) -> str:
    return f"{d.pieces_name(d.US_FRIGATE, n)} {agree(n, 'arrives', 'arrive')} in Gibraltar."


def _frigates_return(n: int) -> str:
    return f"{d.pieces_name(d.TRIPOLITAN_FRIGATE, n)} {agree(n, 'returns', 'return')} to Tripoli."


# (the entries every year writes, made once and shared by every game's log: log entries are
# never changed)

@cache
def _year_header(year: int) -> LogEntry:
    return LogEntry(year, 0, "", "header", f"The year {year} begins.", turn_mark(""))


@cache
def _us_draws(year: int, n: int) -> LogEntry:
    return LogEntry(year, 0, US, "text", f"The United States draws {plural(n, 'card')}.")


def record_season(state: GameState) -> None:
    """Note where the war stands as a season ends (the game-over chart)."""
    state.history_season.append(
        season_record(state.year, state.season, state.gold, state.frigates_sunk))


@cache
def season_record(year: int, season: int, gold: int, frigates_sunk: int) -> SeasonRecord:
    """One shared record per value (records never change; a frozen dataclass is slow to make,
    and every season of every simulated game makes one)."""
    return SeasonRecord(year, season, gold, frigates_sunk)


def end_of_season(state: GameState) -> None:
    """Advance the season; after Winter 1806 the game is a draw."""
    record_season(state)
    state.us_active_event = ""
    state.tbot_active_event = ""
    if state.season < 3:
        state.season += 1
        state.phase = _AMERICAN_PLAY
        return
    if state.year == 1806:
        end_game(state, "draw", "draw", "Winter 1806 ends with no victory: the game is a draw.")
    state.year += 1
    state.phase = Phase.START_OF_YEAR


def play(state: GameState) -> Proc[None]:
    """The whole game from the state's phase on (from its mid-turn decision first), until it ends."""
    try:
        if state.mid_turn is not None:
            point, state.mid_turn = state.mid_turn, None
            yield from resume_mid_turn(state, point)
            if state.phase == Phase.AMERICAN_PLAY:
                state.phase = Phase.TRIPOLITAN_PLAY
            else:
                end_of_season(state)
        while True:  # (the phases as module names: an enum member costs more to look up)
            if state.phase == _START_OF_YEAR:
                if draws_at_table(state, "us_draw"):
                    yield from start_of_year_at_table(state)
                else:
                    start_of_year(state)
            if state.phase == _AMERICAN_PLAY:
                yield from american_play(state)
                state.phase = _TRIPOLITAN_PLAY
            if state.phase == _TRIPOLITAN_PLAY:
                yield from tripolitan_play(state)
                end_of_season(state)
            if state.phase == _GAME_OVER:
                return
    except GameOver:
        if state.result is None or state.result.how != "draw":  # a draw's last season is already recorded
            record_season(state)
