"""Show an app as a 16-colour terminal (TERM=xterm) shows it, for snapshots: every colour goes
through Rich's downgrade to the 16 colours, drawn with the palette it matched against."""

from __future__ import annotations

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

from tripoli_tui.tui.contrast import SIXTEEN, shown


def _sixteen(colour: RichColor | None) -> RichColor | None:
    if colour is None or colour.is_default:
        return colour
    r, g, b = colour.get_truecolor()
    return RichColor.from_rgb(*shown(Color(r, g, b), SIXTEEN))


class SixteenColours(LineFilter):
    """Every segment's colours as 16 colours show them."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, None if style is None else
                        style + Style(color=_sixteen(style.color), bgcolor=_sixteen(style.bgcolor)),
                        control) for text, style, control in segments]
