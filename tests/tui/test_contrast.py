"""Every colour pair the game draws keeps a WCAG contrast of at least 4.5:1 under every built-in
Textual theme and the game's own, in truecolor, 256 and 16 colours (Rich's downgrade); the
Tripolitan nations keep colours of their own at every depth.

The ANSI themes (ansi-dark, ansi-light) are among Textual's and checked too, in the terminal's own
16 colours as PuTTY and xterm paint them: their 'ansi_default' (the terminal's own background and
text, which no program can know) is taken as black on ansi-dark and white on ansi-light, and their
'transparent' surfaces and panels as the background they let through (as `paint` draws them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.color import ColorSystem
from textual.theme import BUILTIN_THEMES

import tripoli_tui
from tripoli_tui.tui.contrast import DEPTHS, MINIMUM, SIXTEEN, SIXTEEN_XTERM, contrast, shown
from tripoli_tui.tui.theme import (
    BACKGROUNDS,
    FOREGROUNDS,
    MAP_AREAS,
    NATIONS,
    PAIRS,
    STAND_OUT,
    THEME_NAME,
    TRIPOLI_THEME,
    game_variables,
    pair_colours,
    resolve,
)

THEMES = {**BUILTIN_THEMES, THEME_NAME: TRIPOLI_THEME}


def drawn_pairs() -> list[tuple[str, str]]:
    """(foreground, background) for every pair the game draws."""
    return [(fg, bg) for fg in FOREGROUNDS for bg in BACKGROUNDS] + list(PAIRS)


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_pair_reads_at_every_depth(name: str) -> None:
    theme = THEMES[name]
    variables = game_variables(theme)
    failures = []
    for fg, bg in drawn_pairs():
        text, ground = pair_colours(variables, fg, bg, theme.dark)
        for depth in DEPTHS:
            ratio = contrast(shown(text, depth), shown(ground, depth))
            if ratio < MINIMUM:
                failures.append(f"{fg} on {bg}: {ratio:.2f} in {depth.name}")
    assert not failures, failures


@pytest.mark.parametrize("name", sorted(THEMES))
def test_each_nation_keeps_a_colour_of_its_own(name: str) -> None:
    """Each nation apart from the others at every depth; on a light theme in 16 colours only
    black, red, blue and magenta read on white in both palettes, so there the allies need only
    stand apart from Tripoli (Morocco and Algiers share black; the map names every harbor)."""
    theme = THEMES[name]
    variables = game_variables(theme)
    for depth in DEPTHS:
        colours = {n: shown(pair_colours(variables, n, "background", theme.dark)[0], depth)
                   for n in NATIONS}
        if theme.dark or depth not in (SIXTEEN, SIXTEEN_XTERM):
            assert len(set(colours.values())) == len(NATIONS), (depth.name, colours)
        else:
            enemy = colours.pop("side-tripolitania")
            assert enemy not in colours.values(), (depth.name, enemy, colours)


@pytest.mark.parametrize("fg, bg", [("badge-text", "badge-background"),  # was grey on yellow
                                    ("block-cursor-foreground", "block-cursor-background"),
])
def test_what_sixteen_colours_showed_badly_now_reads(fg: str, bg: str) -> None:
    text, ground = pair_colours(game_variables(BUILTIN_THEMES["textual-dark"]), fg, bg, True)
    for depth in (SIXTEEN, SIXTEEN_XTERM):
        assert contrast(shown(text, depth), shown(ground, depth)) >= MINIMUM, depth.name


TINTED = ("background", "surface")
"""Where the game draws on `$boost` (the dice and track strips, the walkthrough's pinned step,
the flowchart's selected box): a tint over these."""


@pytest.mark.parametrize("name", sorted(THEMES))
def test_text_on_the_boosted_strips_reads_at_every_depth(name: str) -> None:
    theme = THEMES[name]
    variables = game_variables(theme)
    failures = []
    for under in TINTED:
        ground = resolve("$boost", variables, pair_colours(variables, "foreground", under,
                                                           theme.dark)[1], theme.dark)
        for fg in FOREGROUNDS:
            text = resolve(variables[fg], variables, ground, theme.dark)
            for depth in DEPTHS:
                ratio = contrast(shown(text, depth), shown(ground, depth))
                if ratio < MINIMUM:
                    failures.append(f"{fg} on boost over {under}: {ratio:.2f} in {depth.name}")
    assert not failures, failures


SOURCES = Path(tripoli_tui.__file__).parent
COLOUR_USE = re.compile(r"(?:^|[\s{;])(color|background|border-title-color|border-subtitle-color)"
                        r"\s*:\s*\$([a-z][a-z0-9-]*)", re.M)
PAINTED = re.compile(r"""paint\(\s*['"]([a-z][a-z0-9-]*)['"]""")
STYLED = re.compile(r"""["'][^"'\n]*?\$([a-z][a-z0-9-]*)""")
NAMED = re.compile(r"""style\s*=\s*f?["'][^"'\n]*\b(red|green|yellow|blue|cyan|magenta|white|black"""
                   r"""|grey\d*|gray\d*)\b|#[0-9a-fA-F]{6}\b""")


def test_every_colour_the_game_draws_text_in_is_one_the_contrast_tests_check() -> None:
    """Text colours in our CSS and Rich styles are the theme's variables checked above (a new
    screen written with '$warning', 'bold red' or '#ff0000' fails here)."""
    checked = set(FOREGROUNDS) | set(BACKGROUNDS) | {c for pair in PAIRS for c in pair} | {
        "boost", *MAP_AREAS}  # no text on the map's areas (test_words_on_the_sea_are_on_a_plate)
    unchecked = []
    for path in sorted(SOURCES.rglob("*.tcss")) + sorted(SOURCES.rglob("*.py")):
        if path.name in ("theme.py", "contrast.py"):
            continue
        source = path.read_text()
        used = [m.group(2) for m in COLOUR_USE.finditer(source)]
        if path.suffix == ".py":
            used += PAINTED.findall(source) + STYLED.findall(source)
            unchecked += [f"{path.name}: {m.group(0)}" for m in NAMED.finditer(source)]
        unchecked += [f"{path.name}: ${name}" for name in used if name not in checked]
    assert not unchecked, unchecked


@pytest.mark.parametrize("name", sorted(THEMES))
def test_the_highlighted_row_stands_out_from_the_screen(name: str) -> None:
    """Making the highlighted row's text readable never sinks its background into the screen's
    (it did under flexoki once xterm's 16 colours were checked)."""
    theme = THEMES[name]
    variables = game_variables(theme)
    row = pair_colours(variables, "block-cursor-foreground", "block-cursor-background", theme.dark)[1]
    screen = pair_colours(variables, "foreground", "background", theme.dark)[1]
    for depth in DEPTHS:
        if depth.system == ColorSystem.STANDARD:
            assert shown(row, depth) != shown(screen, depth), depth.name
        else:
            assert contrast(shown(row, depth), shown(screen, depth)) >= STAND_OUT, depth.name


@pytest.mark.parametrize("name", sorted(THEMES))
def test_the_maps_sea_zones_and_land_are_told_apart_at_every_depth(name: str) -> None:
    """The open sea, the patrol zones and the land are three colours at every depth, and the sea
    is not the screen's: in 16 colours (stock xterm, PuTTY) they were all black. (The land may be
    the screen's colour: words are drawn on it.)"""
    theme = THEMES[name]
    variables = game_variables(theme)
    areas = {area: pair_colours(variables, "foreground", area, theme.dark)[1]
             for area in (*MAP_AREAS, "background")}
    for depth in DEPTHS:
        shown_as = {area: shown(colour, depth) for area, colour in areas.items()}
        assert len({shown_as[area] for area in MAP_AREAS}) == len(MAP_AREAS), (depth.name, shown_as)
        assert shown_as["map-sea"] != shown_as["background"], (depth.name, shown_as)


@pytest.mark.parametrize("name", sorted(THEMES))
def test_the_land_is_never_red_at_any_depth(name: str) -> None:
    """Land is land's colour at every depth: over SSH at 256 colours (no COLORTERM) a dark brown
    turned maroon (#5f0000) and a light one pink (#ffd7d7). Red may lead green by little."""
    theme = THEMES[name]
    variables = game_variables(theme)
    land = pair_colours(variables, "foreground", "map-land", theme.dark)[1]
    for depth in DEPTHS:
        red, green, _ = shown(land, depth)
        assert red - green <= 0x18, (depth.name, shown(land, depth))
