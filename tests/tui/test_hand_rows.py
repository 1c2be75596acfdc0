"""A row of the hand stays one line at 80x24: a long card name is shortened (…), its kind's tag
is kept whole at the end of the row, and the card box shows the whole name."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, option_lines, position
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards import decks
from tripoli_tui.engine.cards.decks import US_DECK
from tripoli_tui.tui.widgets.hand import KIND_TAGS

DECK = list(dict.fromkeys(US_DECK))
HANDS = [DECK[i:i + 7] for i in range(0, len(DECK), 7)]
"""Every card of the American deck, seven to a hand (more would ask for a discard first)."""


def test_the_hands_hold_every_american_card() -> None:
    every = {c.id for c in d.CARDS.values() if c.deck == d.US}
    assert {c for hand in HANDS for c in hand} | set(decks.US_CORE_CARDS) == every


@pytest.mark.parametrize("cards", HANDS, ids=[f"hand{n}" for n in range(1, len(HANDS) + 1)])
async def test_every_row_of_the_hand_is_one_line_at_80_columns(cards: list[str]) -> None:
    state = position(*cards)  # and the core cards beside them
    listed = list(state.us_hand) + list(state.us_core)
    app = make_app(game_of(state), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one("#hand-list", OptionList)
        assert hand.option_count == len(listed)
        assert hand.virtual_size.height == len(listed), "a row of the hand takes two lines"
        for index, card in enumerate(listed):
            hand.highlighted = index  # scrolled into sight
            await pilot.pause()
            lines = option_lines(hand, index)
            assert len(lines) == 1, (card, lines)
            row = lines[0]
            name, tag = d.card_name(card), KIND_TAGS[d.CARDS[card].kind][0]
            if tag:
                assert row.endswith(f" {tag}"), (card, row)
            shown = row[2:len(row) - (len(tag) + 1 if tag else 0)]
            if shown != name:  # shortened: its beginning, and at least a few words of it
                assert shown.endswith("…") and name.startswith(shown[:-1]), (card, row)
                assert len(shown) >= 15, f"{name!r} cut to {shown!r}"
            box = str(app.screen.query_one("#card-detail", Static).render())
            assert box.startswith(name), (card, box[:60])


def test_a_long_name_is_shortened_at_80_columns() -> None:
    """The test above meets a shortened name (or it would check only rows that fit anyway)."""
    longest = max(DECK, key=lambda c: len(d.card_name(c)) + len(KIND_TAGS[d.CARDS[c].kind][0]))
    assert len(d.card_name(longest)) + len(KIND_TAGS[d.CARDS[longest].kind][0]) + 3 > 36


def test_a_card_s_condition_goes_on_under_its_own_words() -> None:
    """The card box under the hand (and under a choice of cards): a condition too long for the
    box went on at its left edge, under its ✓ or ✗; it goes on under its words, at whatever
    width the box is drawn. Its text (no mark) wraps as any text does."""
    from textual.content import Content

    from tripoli_tui.tui.widgets.fitted import HangingRow, HangingText

    box = HangingText(Content("Early Deployment  (common)\n"
                              "✓ American frigates on the 1802 track space: 1, needed at least 1\n"
                              "Take one American frigate from next year's space."))
    lines = [line.plain for line in box.lines(40)]
    assert lines == ["Early Deployment  (common)",
                     "✓ American frigates on the 1802 track",
                     "  space: 1, needed at least 1",
                     "Take one American frigate from next",
                     "year's space."]
    assert [line.plain for line in box.lines(100)] == str(box).splitlines()
    assert all(len(line) <= 40 for line in lines)
    for width in (0, 1, 3):  # a box not laid out yet, or squeezed: no error (one crashed at 0)
        assert box.lines(width) and HangingRow(Content("✓ "), Content("words")).lines(width)
