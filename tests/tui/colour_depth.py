"""Show an app as a terminal of fewer colours shows it, for snapshots: every colour goes through
Rich's downgrade to 256 colours (TERM=xterm-256color without COLORTERM, as over SSH) or to the 16
colours (TERM=xterm), drawn with the palette it matched against."""

from __future__ import annotations

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

from tripoli_tui.tui.contrast import Depth, shown


class ColourDepth(LineFilter):
    """Every segment's colours as a terminal of `depth` shows them."""

    def __init__(self, depth: Depth) -> None:
        super().__init__()
        self.depth = depth

    def _shown(self, colour: RichColor | None) -> RichColor | None:
        if colour is None or colour.is_default:
            return colour
        r, g, b = colour.get_truecolor()
        return RichColor.from_rgb(*shown(Color(r, g, b), self.depth))

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, None if style is None else
                        style + Style(color=self._shown(style.color),
                                      bgcolor=self._shown(style.bgcolor)),
                        control) for text, style, control in segments]

