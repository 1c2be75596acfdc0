"""Every choice the T-bot makes inside a card it resolves (which patrol zone, which harbor, which
die): the card's definition holds the rule and its flowchart box; this tells it as a trace."""

from __future__ import annotations

from tripoli_tui.engine.cards.decks import TBOT_CHOICES
from tripoli_tui.engine.decisions import Decision
from tripoli_tui.engine.state import GameState

from . import flowchart as fc
from .reasoning import Reasoning, make_step


def answer_card_choice(state: GameState, pending: Decision) -> Reasoning:
    """The choice the card being resolved makes, by the rule in its definition."""
    card = pending.info.card
    rule = TBOT_CHOICES.get(card)
    if rule is None or rule.step.kind != pending.kind:
        raise ValueError(f"the T-bot has no rule for a {pending.kind!r} decision for {card!r}")
    chosen = rule.choose(state, pending)
    step = make_step(fc.CARD_CHOICE_STEP[card], chosen.facts, True, chosen.outcome, card)
    return Reasoning((step,), chosen.choice, chosen.summary)
