"""WCAG contrast of the colours the game shows, as a terminal shows them at each colour depth."""

from __future__ import annotations

from rich._palettes import EIGHT_BIT_PALETTE, STANDARD_PALETTE
from rich.color import Color as RichColor
from rich.color import ColorSystem
from textual.color import Color

RGB = tuple[int, int, int]
DEPTHS: tuple[ColorSystem, ...] = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD)
"""Truecolor, 256 colours and 16 colours (TERM=xterm: stock xterm and PuTTY)."""
DEPTH_NAMES = {ColorSystem.TRUECOLOR: "truecolor", ColorSystem.EIGHT_BIT: "256 colours",
               ColorSystem.STANDARD: "16 colours"}
MINIMUM = 4.5
"""WCAG AA for text."""


def shown(colour: Color, depth: ColorSystem) -> RGB:
    """The colour a terminal shows for an opaque colour at a depth (Rich's downgrade; the 16
    colours as Rich's palette has them)."""
    if colour.ansi is not None and 0 <= colour.ansi < 16:
        return tuple(STANDARD_PALETTE[colour.ansi])  # type: ignore[return-value]
    r, g, b = colour.rgb
    if depth == ColorSystem.TRUECOLOR:
        return (r, g, b)
    number = RichColor.from_rgb(r, g, b).downgrade(depth).number
    assert number is not None
    palette = EIGHT_BIT_PALETTE if depth == ColorSystem.EIGHT_BIT else STANDARD_PALETTE
    return tuple(palette[number])  # type: ignore[return-value]


def luminance(rgb: RGB) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def worst_contrast(fg: Color, bg: Color) -> tuple[float, ColorSystem]:
    """The lowest contrast of fg on bg over the three depths, and the depth it happens at."""
    return min((contrast(shown(fg, depth), shown(bg, depth)), depth) for depth in DEPTHS)
