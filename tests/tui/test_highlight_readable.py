"""The highlighted row of a list is drawn in the highlight's own colours: its coloured words (a
card's tag, a side's pieces, a key letter) are checked for contrast on the screen's backgrounds,
not on the highlight's, where they were black on black on a light theme in 16 colours."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, position


@pytest.mark.parametrize("theme", ["tripoli", "textual-light"])
async def test_the_highlighted_card_is_drawn_in_the_highlights_colours(theme: str) -> None:
    app = make_app(game_of(position("naval_movement", "burn_the_philadelphia")), walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.pause()
        hand = app.screen.query_one("#hand-list", OptionList)
        hand.highlighted = 1  # Burn the Philadelphia: its tag (unique) is coloured
        await pilot.pause()
        row = hand.get_visual_style("option-list--option",
                                    "option-list--option-highlighted").rich_style
        line = next(hand.render_line(y) for y in range(hand.size.height)
                    if "Burn the Philadelphia" in hand.render_line(y).text)
        assert "unique" in line.text
        for segment in line:
            if segment.text.strip():
                style = segment.style
                assert style is not None
                colours = (style.bgcolor, style.color) if style.reverse else (style.color,
                                                                            style.bgcolor)
                assert colours == (row.color, row.bgcolor), (segment.text, style)
