"""Every theme the command palette offers draws every main screen at 80x24: ansi-dark and
ansi-light crashed every game screen ('on transparent' is no colour Rich knows), and being
remembered, every later start too. (A theme that fails anyway: test_theme_fallback.py.)

Every colour of every theme is checked as the game paints it; the screens are drawn in one theme
of each shape (`shape`): themes that differ only in the digits of their colours are drawn by the
same code, and drawing every screen took ~1.5 s of CPU a theme (22 of them: the suite's largest
test)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.style import Style
from textual.pilot import Pilot
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES, ThemeProvider

from tests.tui.helpers import press
from tests.tui.test_screens_game_over import played_to_the_end
from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import THEME, TripoliApp
from tripoli_tui.tui.screens.choice_trace import TraceScreen
from tripoli_tui.tui.screens.flowchart import FlowchartScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.game_over import GameOverScreen
from tripoli_tui.tui.screens.help import TABS, HelpScreen
from tripoli_tui.tui.screens.load import LoadScreen
from tripoli_tui.tui.screens.record import RecordScreen
from tripoli_tui.tui.screens.timeline import TimelineScreen
from tripoli_tui.tui.screens.title import TitleScreen
from tripoli_tui.tui.theme import TRIPOLI_THEME, game_variables, rich_colour
from tripoli_tui.tui.widgets.log_panel import LogPanel

THEMES = {**BUILTIN_THEMES, THEME: TRIPOLI_THEME}
OFFERED = sorted(THEMES)
"""The themes the palette's theme list offers: Textual's own and the game's."""

DIGITS = [(re.compile(r"#[0-9a-fA-F]{8}\b"), "#RRGGBBAA"), (re.compile(r"#[0-9a-fA-F]{6}\b"), "#RRGGBB"),
          (re.compile(r"#[0-9a-fA-F]{3,4}\b"), "#RGB"), (re.compile(r"\b\d+(\.\d+)?%"), "N%")]


def shape(name: str) -> tuple[bool, tuple[tuple[str, str], ...]]:
    """What drawing under a theme depends on beyond the digits of its colours: whether it is
    dark, and each of its variables' form ('#RRGGBB', 'ansi_red', 'transparent', 'auto N%',
    'bold', 'none', ...)."""
    forms = []
    for key, value in sorted(game_variables(THEMES[name]).items()):
        for digits, form in DIGITS:
            value = digits.sub(form, value)
        forms.append((key, value))
    return THEMES[name].dark, tuple(forms)


SHAPES: dict[tuple[bool, tuple[tuple[str, str], ...]], str] = {}
for _name in sorted(OFFERED, key=lambda name: name != THEME):  # the game's own first
    SHAPES.setdefault(shape(_name), _name)
DRAWN = sorted(SHAPES.values())
"""One theme of each shape: the game's own where it is one of them."""


async def test_the_themes_tested_are_the_ones_the_palette_offers() -> None:
    app = TripoliApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        offered = [name for name, _ in ThemeProvider(app.screen).commands]
    assert offered == OFFERED


@pytest.mark.parametrize("name", OFFERED)
def test_every_colour_of_every_theme_is_one_rich_draws(name: str) -> None:
    """Whatever a theme's variable holds ('transparent', 'ansi_default', '#ffffff 35%', 'none'),
    as a Rich colour (`paint`) it is one Rich draws, as text and as a background."""
    theme = THEMES[name]
    variables = game_variables(theme)
    for key, value in variables.items():
        colour = rich_colour(value, variables, theme.dark)
        assert Style.parse(f"bold {colour} on {colour}"), (key, value, colour)


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()


async def drawn(app: TripoliApp, pilot: Pilot[Any], screen: type[Screen[Any]]) -> None:
    """`screen` is on show, drawn whole, and nothing went wrong."""
    await settle(pilot)
    assert isinstance(app.screen, screen), (screen, app.screen)
    assert app.export_screenshot()
    assert app.crash is None and app.is_running, app.crash


async def closed(app: TripoliApp, pilot: Pilot[Any], screen: type[Screen[Any]]) -> None:
    await press(pilot, "escape")
    await drawn(app, pilot, screen)


def test_a_theme_of_each_shape_is_drawn_and_the_ansi_ones_are_shapes_of_their_own() -> None:
    assert {shape(name) for name in OFFERED} == {shape(name) for name in DRAWN}
    assert {THEME, "ansi-dark", "ansi-light"} <= set(DRAWN)
    assert len(DRAWN) < len(OFFERED)


@pytest.mark.parametrize("name", DRAWN)
async def test_a_theme_of_each_shape_draws_every_main_screen(name: str) -> None:
    storage.write_save(Game.new(1), "kept")
    app = TripoliApp()
    app.theme = name
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn(app, pilot, TitleScreen)
        app.push_screen(LoadScreen())
        await drawn(app, pilot, LoadScreen)
        await closed(app, pilot, TitleScreen)
        app.push_screen(RecordScreen())
        await drawn(app, pilot, RecordScreen)
        await closed(app, pilot, TitleScreen)

        app.open_game(Game.new(3))
        await drawn(app, pilot, GameScreen)
        await press(pilot, "b", "f")  # a discard to build, then the T-bot's turn: dice, the log
        await drawn(app, pilot, GameScreen)
        await press(pilot, "question_mark")
        for n, _ in enumerate(TABS, 1):
            await press(pilot, f"f{n}")
            await drawn(app, pilot, HelpScreen)
        await closed(app, pilot, GameScreen)
        await press(pilot, "t")
        await drawn(app, pilot, FlowchartScreen)
        await closed(app, pilot, GameScreen)
        await press(pilot, "i")
        await drawn(app, pilot, TimelineScreen)
        await closed(app, pilot, GameScreen)
        log = app.screen.query_one(LogPanel)
        log.highlighted = next(row for row, i in enumerate(log.rows)
                               if log.entries[i].kind == "tbot_trace")
        log.focus()
        await press(pilot, "enter")
        await drawn(app, pilot, TraceScreen)
        await closed(app, pilot, GameScreen)

        app.push_screen(GameOverScreen(played_to_the_end(5)))
        await drawn(app, pilot, GameOverScreen)
    assert app.crash is None and app.return_code in (0, None)
