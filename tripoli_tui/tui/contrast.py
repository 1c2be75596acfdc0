"""WCAG contrast of the colours the game shows, as a terminal shows them at each colour depth."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from rich._palettes import EIGHT_BIT_PALETTE, STANDARD_PALETTE
from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.palette import Palette
from textual.color import Color

RGB = tuple[int, int, int]

XTERM_PALETTE: tuple[RGB, ...] = (
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
    (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
    (255, 0, 255), (0, 255, 255), (255, 255, 255))
"""The 16 colours as stock xterm shows them (its yellow is bright and its bright black light: a
colour that reads in PuTTY's 16 may not read here)."""


class Depth(NamedTuple):
    """How a terminal shows colours: the colour system Rich downgrades to, and for 16 colours the
    palette the terminal paints them with."""

    system: ColorSystem
    palette: tuple[RGB, ...]
    name: str


def _colours(palette: Palette, count: int) -> tuple[RGB, ...]:
    """The first `count` colours of one of Rich's palettes."""
    return tuple((c.red, c.green, c.blue) for c in (palette[n] for n in range(count)))


TRUECOLOR = Depth(ColorSystem.TRUECOLOR, (), "truecolor")
EIGHT_BIT = Depth(ColorSystem.EIGHT_BIT, _colours(EIGHT_BIT_PALETTE, 256), "256 colours")
SIXTEEN = Depth(ColorSystem.STANDARD, _colours(STANDARD_PALETTE, 16), "16 colours (PuTTY)")
SIXTEEN_XTERM = Depth(ColorSystem.STANDARD, XTERM_PALETTE, "16 colours (xterm)")
DEPTHS: tuple[Depth, ...] = (TRUECOLOR, EIGHT_BIT, SIXTEEN, SIXTEEN_XTERM)
"""Truecolor, 256 colours (as the game sends them: `nearest_256`) and 16 colours (TERM=xterm) as
PuTTY and as stock xterm paint them."""
MINIMUM = 4.5
"""WCAG AA for text."""


CUBE_AND_GREYS: tuple[tuple[int, RGB], ...] = tuple(
    (n, tuple(EIGHT_BIT_PALETTE[n])) for n in range(16, 256))  # type: ignore[misc]
"""The xterm palette's colour cube and greys (its first 16 are the terminal's own)."""


GREYISH = 40
"""A colour whose channels lie within this of each other is near grey (its chroma is small)."""


@cache
def nearest_256(rgb: RGB) -> int:
    """The colour of the xterm palette a 256-colour terminal is sent for `rgb`: Rich's downgrade,
    but for a colour near grey the nearest of the palette's cube and greys ("redmean" distance,
    a cheap stand-in for the eye's). Rich takes a dark colour of little chroma for a saturated
    one (its saturation is its chroma over its lightness): a dark slate blue (#112233) became
    navy (#00005f), the night's blue-black background black."""
    r, g, b = rgb
    if max(rgb) - min(rgb) >= GREYISH:
        number = RichColor.from_rgb(r, g, b).downgrade(ColorSystem.EIGHT_BIT).number
        assert number is not None
        return number

    def distance(candidate: tuple[int, RGB]) -> float:
        cr, cg, cb = candidate[1]
        mean = (r + cr) / 2
        return ((2 + mean / 256) * (r - cr) ** 2 + 4 * (g - cg) ** 2
                + (2 + (255 - mean) / 256) * (b - cb) ** 2)

    return min(CUBE_AND_GREYS, key=distance)[0]


def shown(colour: Color, depth: Depth) -> RGB:
    """The colour a terminal shows for an opaque colour at a depth (Rich's downgrade, then the
    terminal's palette). Remembered: making a theme readable asks for the same few thousand."""
    key = (colour, depth.name)
    rgb = _SHOWN.get(key)
    if rgb is None:
        rgb = _SHOWN[key] = _shown(colour, depth)
    return rgb


_SHOWN: dict[tuple[Color, str], RGB] = {}


def _shown(colour: Color, depth: Depth) -> RGB:
    if colour.ansi is not None and 0 <= colour.ansi < 16:
        return (SIXTEEN_XTERM if depth is SIXTEEN_XTERM else SIXTEEN).palette[colour.ansi]
    r, g, b = colour.rgb
    if depth.system == ColorSystem.TRUECOLOR:
        return (r, g, b)
    if depth.system == ColorSystem.EIGHT_BIT:
        return depth.palette[nearest_256((r, g, b))]
    number = RichColor.from_rgb(r, g, b).downgrade(depth.system).number
    assert number is not None
    return depth.palette[number]


@cache
def luminance(rgb: RGB) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cache
def worst_contrast(fg: Color, bg: Color) -> tuple[float, Depth]:
    """The lowest contrast of fg on bg over the depths, and the depth it happens at."""
    return min(((contrast(shown(fg, depth), shown(bg, depth)), depth) for depth in DEPTHS),
               key=lambda pair: pair[0])
