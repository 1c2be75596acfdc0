"""The card registry: every card is defined once, in its own file, with what its side needs."""

from __future__ import annotations

from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards import decks, registry
from tripoli_tui.engine.cards.american import AmericanCard
from tripoli_tui.engine.cards.decks import AMERICAN, TRIPOLITAN
from tripoli_tui.engine.cards.tripolitan import TripolitanCard


def test_every_card_is_in_the_table_once_in_printed_order() -> None:
    assert set(decks.CARDS) == set(AMERICAN) | set(TRIPOLITAN)
    assert len(decks.CARDS) == len(AMERICAN) + len(TRIPOLITAN) == 51
    order = [registry.PRINTED_ORDER.index((c.deck, c.kind)) for c in decks.CARDS.values()]
    assert order == sorted(order)
    assert d.CARDS is registry.CARDS


def test_american_cards_carry_their_rules() -> None:
    for card in AMERICAN.values():
        assert isinstance(card, AmericanCard) and card.deck == d.US
        assert (card.effect is None) == (card.kind == d.BATTLE), card.id
        assert (not card.conditions) == (card.kind == d.BATTLE or not card.requirement), card.id


def test_tripolitan_cards_carry_the_tbot_rules() -> None:
    for card in TRIPOLITAN.values():
        assert isinstance(card, TripolitanCard) and card.deck == d.TRIPOLITANIA
        if card.id in decks.TBOT_DECK or card.id in decks.TBOT_EVENT_LINE_START:
            assert card.instruction and card.tbot, card.id
            assert (card.effect is None) == (card.instruction == registry.NEVER), card.id
        if card.kind == d.BATTLE:
            assert card.trigger is not None and card.tbot and card.rulings, card.id
        else:
            assert card.trigger is None, card.id
