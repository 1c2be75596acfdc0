"""What might the T-bot draw next? Its public odds: the cards its draw pile can still hold, worked
out from what the player may see, and the chance of each being the next card it draws, with what
the T-bot would do with it as the board stands (T4: play it at once, add it to the event card line
and draw again, or discard it to Raid or Build).

Only what is public is read: the T-bot's whole deck (printed), its event and battle card lines,
its discard pile as far as the player may look through it (queries.seen_discard: none of it with
the optional hidden discard pile, but for Bainbridge Supplies Intel), the cards it
has removed, the card it is consulting or playing, and the number of cards in its draw pile. Never
the draw pile's order or its contents: those are the engine's secret (a test holds it so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.decks import TBOT_BATTLE_LINE_START, TBOT_DECK, TBOT_EVENT_LINE_START
from tripoli_tui.engine.cards.registry import QUEUE
from tripoli_tui.engine.queries import seen_discard as seen_discard_of
from tripoli_tui.engine.state import GameState

from .turn import drawn_card_test

PLAYED, QUEUED, RAID_OR_BUILD = "played at once", "queued: it draws again", \
    "discarded to Raid or Build"
OUTCOMES = (PLAYED, QUEUED, RAID_OR_BUILD)
"""What the T-bot does with a card it draws (T4), as the odds group them."""

WHOLE_DECK: Counter[str] = Counter((*TBOT_DECK, *TBOT_EVENT_LINE_START, *TBOT_BATTLE_LINE_START))
"""Every card the T-bot has, as printed: its draw pile and both its starting lines."""


@dataclass(frozen=True)
class CardOdds:
    card: str
    name: str
    copies: int
    """How many of it the draw pile may hold."""
    chance: float
    """Of being the next card the T-bot draws."""
    outcome: str
    """What the T-bot would do with it, drawn as the board stands (OUTCOMES)."""
    facts: tuple[str, ...]
    """The facts of its test that decide it (T4)."""


@dataclass(frozen=True)
class DrawOdds:
    pile: int
    """The cards in the T-bot's draw pile (public: their number)."""
    unseen: int
    """The cards that may be in it (more than `pile` when part of the discard pile is hidden)."""
    cards: tuple[CardOdds, ...]
    """Each card it may draw next, likeliest first."""

    def chance_of(self, outcome: str) -> float:
        return sum(c.chance for c in self.cards if c.outcome == outcome)


def public_unseen(state: GameState, seen_discard: Sequence[str] | None = None) -> Counter[str]:
    """The T-bot's cards the player cannot see anywhere (its draw pile, and any discard hidden):
    its whole deck less every card in sight. `seen_discard`: the discards the player may look
    through (None: as far as the rules let them, queries.seen_discard)."""
    seen = Counter((*state.event_card_line, *state.battle_card_line, *state.tbot_removed,
                    *(seen_discard_of(state, "tbot_discard") if seen_discard is None
                      else seen_discard),
                    *(c for c in (state.tbot_drawn, state.tbot_active_event) if c)))
    return WHOLE_DECK - seen


def draw_odds(state: GameState, seen_discard: Sequence[str] | None = None) -> DrawOdds:
    """The T-bot's odds for its next draw, from what is public (see the module)."""
    unseen = public_unseen(state, seen_discard)
    total = sum(unseen.values())
    pile = len(state.tbot_draw)
    cards = []
    for card, copies in unseen.items():
        played, facts, instruction = drawn_card_test(state, card)
        outcome = PLAYED if played else QUEUED if instruction == QUEUE else RAID_OR_BUILD
        chance = copies / total if total and pile else 0.0
        cards.append(CardOdds(card, d.card_name(card), copies, chance, outcome, tuple(facts)))
    cards.sort(key=lambda c: (-c.chance, c.name))
    return DrawOdds(pile, total, tuple(cards))
