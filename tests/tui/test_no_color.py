"""Without colour (NO_COLOR) the game still reads: a hit is reversed and bold, a miss plain, and
every kind of piece has a letter of its own."""

from __future__ import annotations

from rich.console import Console
from rich.style import Style

from tripoli_tui.tui.theme import dice_marked, hit_style
from tripoli_tui.tui.widgets.glyphs import GLYPHS


def style_at(text, offset: int) -> Style:
    return text.get_style_at_offset(Console(), offset)


def test_a_hit_is_reversed_and_bold_a_miss_plain() -> None:
    line = dice_marked("Tunis fires 3 dice: [6] [2] [6] - 2 hits")
    hit, miss = style_at(line, line.plain.index("[6]") + 1), style_at(line, line.plain.index("[2]") + 1)
    assert hit.reverse and hit.bold
    assert not miss.reverse and not miss.bold
    stale = Style.parse(hit_style(fresh=False))
    assert stale.reverse and not stale.bold


def test_every_kind_of_piece_has_a_letter_of_its_own() -> None:
    letters = list(GLYPHS.values())
    assert len(set(letters)) == len(letters)
