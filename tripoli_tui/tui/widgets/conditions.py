"""A card's conditions on the board now, each marked met (✓) or not (✗), those that fail first."""

from __future__ import annotations

from textual.content import Content

from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.american import event_requirement
from tripoli_tui.engine.cards.decks import TRIPOLITAN
from tripoli_tui.engine.cards.tripolitan import solitaire_condition
from tripoli_tui.engine.queries import Check
from tripoli_tui.engine.state import GameState

MET, UNMET = "✓", "✗"
"""The marks: readable without colour (NO_COLOR) as well as in it."""


def card_check(state: GameState, card: str) -> Check | None:
    """The check a card answers to now: an American event's requirement or the T-bot's solitaire
    condition (None for battle cards, which are offered at their moment, and cards never played)."""
    c = d.CARDS[card]
    if c.kind == d.BATTLE:
        return None
    if c.deck == d.US:
        return event_requirement(state, card)
    tripolitan = TRIPOLITAN.get(card)
    if tripolitan is None or tripolitan.condition is None:
        return None
    return solitaire_condition(state, card)


def deciding_facts(check: Check) -> list[str]:
    """The facts that decide a check, as the T-bot's trace words them: the conditions that fail
    if it fails, all its conditions if it holds (its facts, for a check without conditions)."""
    deciding = [str(c.fact) for c in check.conditions() if check.ok or not c.met]
    return deciding or [str(f) for f in check.facts]


def conditions_content(check: Check) -> Content:
    """One line per condition, '✗ label: value, needed X' first, then '✓ …'."""
    lines = [Content.assemble((f"{MET if c.met else UNMET} ", "bold $text-success" if c.met
                               else "bold $text-error"),
                              (str(c.fact), "" if c.met else "$text-error"))
             for c in check.conditions_unmet_first()]
    return Content("\n").join(lines)
