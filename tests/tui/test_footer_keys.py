"""Every screen's footer shows every key it means to show, whole, at 80x24 (the flowchart's footer
hid 'r Rulings' past its right edge). A dialog without a footer (the save box) says its keys in
its own words and is not asked."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tests.tui.test_screens_game_over import played_to_the_end
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.state import TableModes
from tripoli_tui.tui.screens.game_over import GameOverScreen
from tripoli_tui.tui.screens.load import LoadScreen
from tripoli_tui.tui.screens.record import RecordScreen
from tripoli_tui.tui.widgets.key_footer import KeyFooter

WIDTH = 80


def shown_actions(app: Any) -> dict[str, str]:
    """What the screen asks its footer to show (enabled or dimmed): each action, by its key (a
    binding of several keys, '?,f1', is one action, drawn once)."""
    return {binding.action: binding.key for _, binding, _, _ in
            app.screen.active_bindings.values() if binding.show}


def actions_in_view(app: Any) -> set[str]:
    """The actions whose keys the footer draws whole, inside the terminal's width."""
    screen = app.screen
    action_of = {key: binding.action for key, (_, binding, _, _) in screen.active_bindings.items()}
    footer = screen.query_one(KeyFooter)
    assert footer.display and footer.region.height
    footer.render()
    return {action_of[key] for _, end, key in footer.spans if end <= WIDTH}


Opener = Callable[[Any, Any], Awaitable[None]]


def keys(*pressed: str) -> Opener:
    async def open_it(app: Any, pilot: Any) -> None:
        await press(pilot, *pressed)
    return open_it


def pushed(make: Callable[[], Any]) -> Opener:
    async def open_it(app: Any, pilot: Any) -> None:
        app.push_screen(make())
        await pilot.pause()
    return open_it


def at_the_table() -> Game:
    """A table campaign whose luck is all the program's: the game screen with the table's keys."""
    return Game.new(3, TableModes())


SCREENS: dict[str, tuple[bool | Callable[[], Game], Opener]] = {
    "title": (False, keys()),
    "game, the American's turn": (True, keys()),
    "game, the T-bot's walkthrough": (True, keys("b")),
    "game, after the T-bot's turn": (True, keys("b", "f")),
    "game, reading the log": (True, keys("b", "f", "l")),
    "game, reading the T-bot's cards": (True, keys("b", "f", "K")),
    "flowchart": (True, keys("b", "f", "t")),
    "the T-bot's last turn": (True, keys("b", "f", "v")),
    "help": (True, keys("question_mark")),
    "odds": (True, keys("h")),
    "drill": (True, keys("d", "b")),
    "timeline": (True, keys("b", "f", "i")),
    "load": (True, pushed(LoadScreen)),
    "record": (True, pushed(RecordScreen)),
    "game over": (True, pushed(lambda: GameOverScreen(played_to_the_end(5)))),
    "at the table, the American's turn": (at_the_table, keys()),
    "at the table, the T-bot's walkthrough": (at_the_table, keys("b")),
    "at the table, after the T-bot's turn": (at_the_table, keys("b", "f")),
}


@pytest.mark.parametrize("name", list(SCREENS))
async def test_every_key_a_screen_shows_is_in_view_at_80x24(name: str) -> None:
    with_game, open_it = SCREENS[name]
    app = make_app(with_game() if callable(with_game) else Game.new(3) if with_game else None)
    async with app.run_test(size=(WIDTH, 24)) as pilot:
        await pilot.pause()
        await open_it(app, pilot)
        await pilot.pause()
        wanted = shown_actions(app)
        assert wanted, name
        footer = app.screen.query_one(KeyFooter)
        missing = {key for action, key in wanted.items() if action not in actions_in_view(app)}
        assert not missing - set(footer.spare_keys), (name, type(app.screen).__name__, missing,
                                                      [item[:3] for item in footer.shown])


def test_no_screen_uses_textual_s_footer() -> None:
    """Every screen's keys are drawn by KeyFooter: Textual's Footer rebuilds a widget per key at
    every look at the keys and restyles each as it mounts (a fifth of a title-screen test's time,
    and every key pressed on the screens that had it)."""
    import ast

    from tests.imports import ROOT, module_files

    users = []
    for path in module_files().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual")
                    and any(alias.name in ("Footer", "FooterKey") for alias in node.names)):
                users.append(str(path.relative_to(ROOT)))
    assert not users, users
