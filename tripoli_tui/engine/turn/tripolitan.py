"""The T-bot's turn in solitaire: the event card line, the Five Corsair Check, the draw.

The engine offers the legal moves of the solitaire procedure; the controller (the T-bot, a random
player in tests) picks among them. See docs/tbot-flowchart.md for how the T-bot picks. Each card's
event is in cards/, pirate raids and Raid or Build in `raids`.
"""

from __future__ import annotations

from functools import cache

from .. import data as d
from ..cards.decks import TRIPOLITAN
from ..cards.registry import ALWAYS, NEVER, QUEUE
from ..cards.tripolitan import (
    Condition,
    play_tripolitan_event,
    solitaire_condition,
)
from ..cards.tripolitan.five_corsair_check import five_corsair_check
from ..core import Proc, decision, draw_card, log, log_later
from ..decisions import (
    DISCARD_FOR_RAID_OR_BUILD,
    DRAW_CARD,
    DRAWN_CARD,
    FIVE_CORSAIR_RAID,
    PLAY_DRAWN,
    PLAY_LINE_CARD,
    QUEUE_DRAWN,
    RAID_OR_BUILD_NO_CARD,
    TRIPOLITAN_TURN,
    Choice,
    DiscardForRaidOrBuild,
    FiveCorsairRaid,
    PlayDrawn,
    PlayLineCard,
    RaidOrBuild,
)
from ..mechanics.raids import pirate_raid, raid_or_build
from ..state import GameState, LogEntry, when
from ..turns import turn_mark

TR = d.TRIPOLITANIA

# --- the turn -------------------------------------------------------------------

def turn_options(state: GameState) -> list[Choice]:
    """The T-bot's legal moves at the start of its turn."""
    options: list[Choice] = []
    for card in state.event_card_line:  # (a loop: cheaper than a comprehension's own frame)
        condition = LINE_CONDITIONS.get(card)  # (solitaire_condition without its own call)
        if condition is not None and condition(state).ok:
            options.append(PLAY_LINE_CARD[card])
    if five_corsair_check(state).ok:
        options.append(FIVE_CORSAIR_RAID)
    options.append(DRAW_CARD if state.tbot_draw else RAID_OR_BUILD_NO_CARD)
    return options


LINE_CONDITIONS: dict[str, Condition] = {
    card: c.condition for card, c in TRIPOLITAN.items() if c.condition is not None}
"""The T-bot's solitaire condition of each card it ever plays (solitaire_condition's table:
every T-bot turn asks it of each card in the event card line)."""


@cache  # (one entry per season, shared by every game's log: log entries are never changed)
def _turn_header(year: int, season: int) -> LogEntry:
    return LogEntry(year, season, TR, "header", f"The T-bot's turn, {when(year, season)}.",
                    turn_mark(TR))


def tripolitan_play(state: GameState) -> Proc[None]:
    """One T-bot turn."""
    state.tbot_active_event = ""
    state.log.append(_turn_header(state.year, state.season))  # (log(), its entry made once)
    choice = yield decision(TR, TRIPOLITAN_TURN, "The T-bot's turn.", turn_options(state))
    if isinstance(choice, PlayLineCard):
        state.event_card_line.remove(choice.card)
        yield from play_tripolitan_event(state, choice.card, " from its event card line")
    elif isinstance(choice, FiveCorsairRaid):
        log(state, TR, "Five Corsair Check: five or more corsairs in Tripoli, so they raid.")
        yield from pirate_raid(state, "tripoli")
    elif isinstance(choice, RaidOrBuild):
        log(state, TR, "The T-bot's draw pile is empty: Raid or Build without discarding.")
        yield from raid_or_build(state)
    else:
        yield from draw_and_consult(state)


def drawn_card_options(state: GameState, card: str) -> list[Choice]:
    """What the solitaire instruction of a drawn card allows."""
    instruction = TRIPOLITAN[card].instruction
    if instruction == NEVER:
        return [DISCARD_FOR_RAID_OR_BUILD]
    if instruction == ALWAYS:
        return [PLAY_DRAWN]
    fallback: Choice = QUEUE_DRAWN if instruction == QUEUE else DISCARD_FOR_RAID_OR_BUILD
    if solitaire_condition(state, card).ok:
        return [PLAY_DRAWN, fallback]
    return [fallback]


def draw_and_consult(state: GameState) -> Proc[None]:
    """Draw the top card and follow its solitaire instruction; queued cards mean drawing again."""
    while state.tbot_draw:
        card = state.tbot_drawn = yield from draw_card(
            state, "tbot_draw", "The T-bot draws a card: which card did you draw from its pile?")
        log_later(state, TR, _draws, (card,))
        if not (yield from consult_drawn(state, card)):
            return
    log(state, TR, "The T-bot's draw pile is empty: Raid or Build without discarding.")
    yield from raid_or_build(state)


def _draws(card: str) -> str:
    return f"The T-bot draws {d.card_name(card)}."


@cache  # (a prompt made once per card: the T-bot draws a few cards a game)
def _drew(card: str) -> str:
    return f"The T-bot drew {d.card_name(card)}."


def consult_drawn(state: GameState, card: str) -> Proc[bool]:
    """Follow the drawn card's solitaire instruction; True when it was queued (draw again)."""
    choice = yield decision(TR, DRAWN_CARD, _drew(card),
                            drawn_card_options(state, card), card=card)
    state.tbot_drawn = ""
    if isinstance(choice, PlayDrawn):
        yield from play_tripolitan_event(state, card)
        return False
    if isinstance(choice, DiscardForRaidOrBuild):
        state.tbot_discard.append(card)
        log_later(state, TR, _discards_to_raid_or_build, (card,))
        yield from raid_or_build(state)
        return False
    state.event_card_line.append(card)
    log_later(state, TR, _queued, (card,))
    return True


def _discards_to_raid_or_build(card: str) -> str:
    return f"The T-bot discards {d.card_name(card)} to Raid or Build."


def _queued(card: str) -> str:
    return f"{d.card_name(card)} goes to the end of the event card line."
