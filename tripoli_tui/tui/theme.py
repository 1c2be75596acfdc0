"""The game's own theme (the sea, the sides, the allies) and its colour variables under any theme,
made readable at every colour depth.

Every colour the game draws is a CSS variable (`$side-us`, `$hit-background` ...): the game's
theme sets them, and under any other theme they take the dark or light palette below. Then
`readable_variables` makes sure each foreground the game uses keeps a WCAG contrast of at least
4.5:1 on each background it is drawn on, as a terminal shows them in truecolor, 256 and 16
colours (the 16 as PuTTY and as stock xterm paint them): backgrounds are made quiet enough (a
mid-grey panel turns bright black in 16 colours, where no colour reads on it), then a foreground
that still fails is moved toward white (dark themes) or black (light themes) just as far as it
must.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache

from rich.color import Color as RichColor
from rich.color import ColorParseError, ColorSystem
from rich.text import Text
from textual._color_constants import ANSI_COLORS
from textual._context import active_app
from textual.color import Color
from textual.color import ColorParseError as TextualColorParseError
from textual.theme import Theme

from .contrast import DEPTHS, MINIMUM, contrast, luminance, shown, worst_contrast

THEME_NAME = "tripoli"
"""The game's own theme, the default."""

SIGNALS: dict[str, str] = {
    "map-changed": "#ffd75f", "map-changed-text": "#000000",
    "badge-background": "#ffd75f", "badge-text": "#000000",
    "hit-background": "#af0000", "hit-text": "#ffffff",
}
"""The same on a dark or a light theme: black on yellow for the season badge and a changed
place, white on red for a hit (they carry their own background)."""

DARK: dict[str, str] = {
    "side-us": "#6cb6ff", "side-sweden": "#ffd75f", "side-arab": "#a6e36b",
    "side-tripolitania": "#ff6b6b",
    "ally-morocco": "#ffaf5f", "ally-algiers": "#d7d7af", "ally-tunis": "#ff87d7",
    "gold": "#ffd700", "muted": "#a8a8a8", "card-name": "#ffd7af", "trace": "#d787ff",
    "map-sea": "#1a4a7a", "map-zone": "#3580c0", "map-land": "#2e2b24", "map-coast": "#c8b68a",
    "map-plate": "#0b1a2e",
    "map-key": "#ffd700", "cardlines-background": "#1c0f0f", **SIGNALS,
}
"""The game's colours on a dark theme. In 16 colours the sides and nations become: the United
States bright cyan, Tripolitania bright red, Sweden and Morocco bright yellow, the Arabs bright
green, Algiers white, Tunis bright magenta (each ally apart from the others and from Tripoli)."""

LIGHT: dict[str, str] = {
    "side-us": "#0b4f9c", "side-sweden": "#6b5200", "side-arab": "#2e5e00",
    "side-tripolitania": "#b3001b",
    "ally-morocco": "#4d2b00", "ally-algiers": "#4a4a4a", "ally-tunis": "#8a1a8a",
    "gold": "#7a5c00", "muted": "#5a5a5a", "card-name": "#6b3a1a", "trace": "#6a2a9a",
    "map-sea": "#8ad8f0", "map-zone": "#49a0d8", "map-land": "#f2eed6", "map-coast": "#6b5a2e",
    "map-plate": "#f7fafd",
    "map-key": "#7a3e00", "cardlines-background": "#f7e9e9", **SIGNALS,
}
"""The game's colours on a light theme."""

TRIPOLI_THEME = Theme(
    name=THEME_NAME, dark=True,
    primary="#4a9fe0", secondary="#c9a14a", accent="#ffd75f", warning="#ffd75f",
    error="#ff6b6b", success="#a6e36b", foreground="#dde6ee",
    background="#08131d", surface="#0d1b28", panel="#112233",
    variables={**DARK, "block-cursor-background": "#0f4f9f",
               "block-cursor-foreground": "#ffffff", "footer-key-foreground": "#ffd75f"},
)
"""The game's own theme: the Mediterranean at night, the sides in their colours."""

BACKGROUNDS = ("background", "surface", "panel", "map-land", "map-plate",
               "cardlines-background")
"""Where the game draws text in the sides' and nations' colours (on the map: the land, and the
plate under every word drawn on the sea)."""

MAP_AREAS = ("map-sea", "map-zone", "map-land")
"""The map's open sea, patrol zones and land: told apart at every colour depth (no text is
drawn on the sea or a zone but on a plate of its own, so they may be as bright as a map's)."""

FOREGROUNDS = ("side-us", "side-sweden", "side-arab", "side-tripolitania", "ally-morocco",
               "ally-algiers", "ally-tunis", "gold", "muted", "card-name", "trace", "map-coast",
               "map-key", "text-success", "text-error", "text-warning", "text-primary", "text-secondary",
               "text-accent", "text-muted", "foreground")
"""Colours of text drawn on every one of BACKGROUNDS."""

PAIRS = (("badge-text", "badge-background"), ("hit-text", "hit-background"),
         ("map-changed-text", "map-changed"),
         ("block-cursor-foreground", "block-cursor-background"),
         ("footer-key-foreground", "footer-background"),
         ("footer-foreground", "footer-background"))
"""Text drawn on a background of its own: the season badge, a die that hits, a place
changed last turn, the highlighted row, the footer's keys."""

HIGHLIGHTS = ("block-cursor-background",)
"""Backgrounds that must stand out from the screen's own: the highlighted row."""
STAND_OUT = 1.5
"""The least contrast of a highlight's background with the screen's."""

NATIONS = ("side-tripolitania", "ally-morocco", "ally-algiers", "ally-tunis")
"""The Tripolitan side's nations: each keeps a colour of its own at every depth."""


def palette(dark: bool) -> dict[str, str]:
    """The game's colour variables' defaults under a dark or a light theme."""
    return dict(DARK if dark else LIGHT)


def game_variables(theme: Theme) -> dict[str, str]:
    """Every CSS variable under `theme`, the game's included, made readable: what the app uses."""
    variables = {**palette(theme.dark), **theme.to_color_system().generate()}
    return readable_variables(variables, theme.dark)


def pair_colours(variables: Mapping[str, str], fg: str, bg: str,
                 dark: bool) -> tuple[Color, Color]:
    """The opaque colours of text `fg` drawn on `bg` (over the screen's background)."""
    base = resolve(variables["background"], variables, _ink(not dark), dark)
    ground = resolve(variables[bg], variables, base, dark)
    return resolve(variables[fg], variables, ground, dark), ground


def readable_variables(variables: Mapping[str, str], dark: bool) -> dict[str, str]:
    """`variables` with each background the game draws on made quiet enough, and each foreground
    moved just far enough to read on its backgrounds at every colour depth. The same theme gives
    the same answer, so it is worked out once (Textual asks twice before the first paint)."""
    return dict(_readable(tuple(variables.items()), dark))


@lru_cache(maxsize=16)
def _readable(items: tuple[tuple[str, str], ...], dark: bool) -> tuple[tuple[str, str], ...]:
    out = dict(items)

    def update(name: str, was: Color, now: Color | None) -> None:
        if now is not None and now != was:
            out[name] = _name(now)

    was = resolve(out["background"], out, _ink(not dark), dark)
    base = _fix_background(was, dark)
    update("background", was, base)
    grounds: dict[str, Color] = {}
    for name in BACKGROUNDS:
        if name in out:
            was = resolve(out[name], out, base, dark)
            update(name, was, grounds.setdefault(name, _fix_background(was, dark)))
    for name in FOREGROUNDS:
        if name in out:
            was = resolve(out[name], out, base, dark)
            update(name, was, _fix_foreground(was, list(grounds.values())))
    for fg, bg in PAIRS:
        if fg in out and bg in out:
            out[fg], out[bg] = _fix_pair(out, fg, bg, base, dark)
    return tuple(out.items())


def _fix_pair(variables: Mapping[str, str], fg: str, bg: str, base: Color,
              dark: bool) -> tuple[str, str]:
    """Text on a background of its own: the text moved first, then the background too if
    moving the text alone is not enough (away from the text first, then toward it with the text
    turned over); a highlight's background keeps standing out from the screen's."""
    ground = resolve(variables[bg], variables, base, dark)
    text = resolve(variables[fg], variables, ground, dark)
    lighter = luminance(text.rgb) > luminance(ground.rgb)
    for direction in (_ink(lighter), _ink(not lighter)):
        for candidate in _toward(ground, direction):
            if bg in HIGHLIGHTS and not _stands_out(candidate, base):
                continue
            fixed = _fix_foreground(text, [candidate])
            if fixed is not None:
                return _name(fixed), _name(candidate) if candidate != ground else variables[bg]
    return variables[fg], variables[bg]


def _stands_out(colour: Color, base: Color) -> bool:
    """A highlight's background is seen on the screen's: a contrast of STAND_OUT in truecolor and
    256 colours, another colour in 16."""
    return all(contrast(shown(colour, depth), shown(base, depth)) >= STAND_OUT
               if depth.system != ColorSystem.STANDARD else shown(colour, depth) != shown(base, depth)
               for depth in DEPTHS)


def resolve(value: str, variables: Mapping[str, str], under: Color, dark: bool) -> Color:
    """A variable's value as the opaque colour it paints over `under` ('auto 87%', 'ansi_red',
    '#ffffff0a', 'transparent', '$primary' ...)."""
    value = value.strip()
    if value.startswith("$"):
        return resolve(variables[value[1:]], variables, under, dark)
    name, _, percent = value.partition(" ")
    alpha = float(percent.rstrip("%")) / 100 if percent else None
    if name == "auto":
        colour, alpha = under.get_contrast_text(alpha or 1.0), None
    elif name == "ansi_default":
        colour = Color(0, 0, 0, ansi=0) if dark else Color(255, 255, 255, ansi=15)
    elif name == "transparent":
        return under
    else:
        colour = Color.parse(name)
    if alpha is not None:
        colour = colour.with_alpha(alpha)
    if colour.a < 1:
        blended = under + colour
        return Color(blended.r, blended.g, blended.b)
    return colour


def _ink(dark: bool) -> Color:
    return Color(0, 0, 0) if dark else Color(255, 255, 255)


def _toward(colour: Color, target: Color) -> Iterator[Color]:
    """The colour, then 5% steps of the way to `target`, ending at it."""
    for step in range(21):
        yield colour.blend(target, step / 20)


def _is_quiet(colour: Color, dark: bool) -> bool:
    """Dark enough (on a dark theme) or light enough (light) at every depth for the game's
    colours to read on it."""
    if dark:
        return all(luminance(shown(colour, depth)) <= 0.035 for depth in DEPTHS)
    return all(luminance(shown(colour, depth)) >= 0.62 for depth in DEPTHS)


def _fix_background(colour: Color, dark: bool) -> Color:
    if colour.ansi is not None:
        return colour
    return next((c for c in _toward(colour, _ink(dark)) if _is_quiet(c, dark)), _ink(dark))


def _fix_foreground(colour: Color, grounds: list[Color]) -> Color | None:
    """The colour, or the nearest to it that reads on every ground at every depth (None if
    none does): toward white or black for a colour, another of the 16 for an ANSI colour."""
    for candidate in _candidates(colour):
        if all(worst_contrast(candidate, g)[0] >= MINIMUM for g in grounds):
            return candidate
    return None


def _candidates(colour: Color) -> Iterator[Color]:
    if colour.ansi is not None and 0 <= colour.ansi < 16:
        for number in (colour.ansi, colour.ansi ^ 8, 15, 0):
            yield Color.parse(f"ansi_{ANSI_COLORS[number]}")
        return
    for ink in (Color(255, 255, 255), Color(0, 0, 0)):
        yield from _toward(colour, ink)


def _name(colour: Color) -> str:
    """How a colour is written back as a variable (ANSI colours keep their name)."""
    if colour.ansi is not None and 0 <= colour.ansi < 16:
        return f"ansi_{ANSI_COLORS[colour.ansi]}"
    return colour.hex


def paint(name: str) -> str:
    """A colour variable's value under the running app's theme, as a Rich colour (for text
    built as Rich Text; CSS and Content use `$name` directly)."""
    try:
        app = active_app.get()
        variables, dark = app.theme_variables, app.current_theme.dark
    except LookupError:  # outside an app: the dark palette
        variables, dark = {}, True
    return rich_colour(variables.get(name, "") or DARK.get(name, "default"), variables, dark)


def rich_colour(value: str, variables: Mapping[str, str], dark: bool) -> str:
    """A theme's colour as a colour Rich takes, whatever the theme: an ANSI colour by its name
    ('ansi_red' is 'red', 'ansi_default' the terminal's own 'default'); 'transparent' (the ANSI
    themes' surfaces and panels) as the screen's background it lets through; and a colour Rich has
    no words for ('#ffffff0a', 'auto 87%') as the opaque colour it paints on the screen's
    background. One that is no colour at all is the terminal's default, never an error: Rich
    raises MissingStyle as it draws a style it cannot read ('on transparent' crashed every game
    screen under ansi-dark)."""
    value = value.strip()
    if value == "transparent":
        value = "$background"
    if value.startswith("$"):  # each variable followed once: a loop of them ends
        name = value[1:]
        rest = {k: v for k, v in variables.items() if k != name}
        return rich_colour(variables.get(name) or "default", rest, dark)
    if _rich_takes(value.removeprefix("ansi_")):
        return value.removeprefix("ansi_")
    try:
        base = resolve(variables.get("background", "ansi_default"), variables, _ink(not dark), dark)
        return resolve(value, variables, base, dark).hex
    except (ColorParseError, TextualColorParseError, ValueError, KeyError, RecursionError):
        return "default"


@lru_cache(maxsize=256)
def _rich_takes(name: str) -> bool:
    try:
        RichColor.parse(name)
    except ColorParseError:
        return False
    return True


def hit_style(fresh: bool = True) -> str:
    """A die that hits: reversed and bold, so it stands out in any colours and in none."""
    if not fresh:
        return f"reverse {paint('muted')}"
    return f"bold reverse {paint('hit-background')} on {paint('hit-text')}"


DIE = re.compile(r"\[(\d)\]")
"""A die in a log line: '[6]'."""


def dice_marked(line: str) -> Text:
    """A log line of dice with each 6 marked as a hit; misses stay plain."""
    text = Text(line)
    for m in DIE.finditer(line):
        if m.group(1) == "6":
            text.stylize(hit_style(), m.start(), m.end())
    return text
