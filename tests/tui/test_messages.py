"""Screens and widgets ask the app in typed messages (tui/messages.py), never in action strings:
the values they carry reach the app as they are, whatever characters they hold."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, position
from tripoli_tui import storage
from tripoli_tui.tui.messages import DrillScored, RulingsAsked, TutorialDone
from tripoli_tui.tui.screens.help import HelpScreen

TUI = Path(__file__).resolve().parents[2] / "tripoli_tui"


def action_string_calls(source: str) -> list[int]:
    """The lines of `source` that call run_action: an action built as a string and parsed back."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "run_action"]


NOT_OURS = {"tui/textual_fixes.py": 1}
"""Modules that run an action string Textual made, not one of ours, and how many times: the
guard that runs a text box's own bindings as its keys come, with the binding's action as Textual
would run it."""


def test_no_module_asks_the_app_in_an_action_string() -> None:
    found = {str(path.relative_to(TUI)): lines for path in sorted(TUI.rglob("*.py"))
             if (lines := action_string_calls(path.read_text(encoding="utf-8")))}
    assert {path: len(lines) for path, lines in found.items()} == NOT_OURS
    assert action_string_calls('self.app.run_action(f"record_drill({right!r})")') == [1]


ODD = "it's (odd), \"quoted\" \\ [b]"
"""A name no action string could carry as it is."""


async def test_a_drill_and_a_tutorial_reach_the_record_as_they_are(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drills: list[tuple[object, ...]] = []
    tutorials: list[tuple[str, bool]] = []
    monkeypatch.setattr(storage, "record_drill",
                        lambda *args, **kw: drills.append((*args, kw.get("answers"))))
    monkeypatch.setattr(storage, "record_tutorial", lambda *args: tutorials.append(args))
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.post_message(DrillScored(3, 4, ODD, (("T1", True), ("B1", False))))
        app.screen.post_message(TutorialDone(ODD, True))
        await pilot.pause()
    assert drills == [(3, 4, ODD, (("T1", True), ("B1", False)))]
    assert tutorials == [(ODD, True)]


async def test_rulings_asked_from_a_screen_open_the_help_on_them() -> None:
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.post_message(RulingsAsked(["TB-3", "G-5"]))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.tab == "rulings"
        assert [r.id for r in app.screen.rulings_shown] == ["G-5", "TB-3"]


async def test_the_palette_offers_the_game_screens_actions_there_and_nothing_elsewhere() -> None:
    from tripoli_tui.tui.screens.choice_palette import ChoicePalette
    from tripoli_tui.tui.screens.title import TitleScreen

    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = [name for name, _, _ in ChoicePalette(app.screen)._commands()]
        assert "Save the game under a name" in names and "Help: keys, rules, cards" in names
        assert any(name.startswith("Choose: ") for name in names)
        app.push_screen(TitleScreen())
        await pilot.pause()
        assert ChoicePalette(app.screen)._commands() == []
