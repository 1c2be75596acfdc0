"""What users of Textual apps expect from the command line (issue 37, point 7): `--version`,
`--theme NAME` (the palette's themes, named in `--help`), a keymap file beside the settings that
rebinds any key by its binding's id (a broken line said with its line, the game's key kept), and
`--help` naming where saves, settings and the keymap live."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.pilot import Pilot
from textual.theme import BUILTIN_THEMES

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui import storage
from tripoli_tui.cli import main as cli
from tripoli_tui.cli.commands import THEMES, build_parser
from tripoli_tui.engine import Game
from tripoli_tui.tui import app as tui_app
from tripoli_tui.tui.app import THEME, TripoliApp
from tripoli_tui.tui.keymap import binding_ids, is_key
from tripoli_tui.tui.screens.flowchart import FlowchartScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.widgets.key_footer import KeyFooter


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as ended:
        cli.main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out == f"tripoli {version('tripoli-tui')}\n"


def test_the_themes_named_are_the_ones_the_palette_offers() -> None:
    assert sorted(THEMES) == sorted([*BUILTIN_THEMES, THEME])


def test_help_names_the_themes_and_where_saves_settings_and_keys_live() -> None:
    text = " ".join(build_parser().format_help().split())
    assert all(name in text for name in THEMES)
    for words in ("TRIPOLI_SAVE_DIR", "settings.toml", "keymap.toml", "./saves"):
        assert words in text, words


def test_an_unknown_theme_is_refused_in_a_line_naming_the_choices(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        cli.main(["--theme", "neon", "new"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'neon'" in err and "nord" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["--theme", "nord", "new", "--seed", "3"],
                                  ["new", "--theme", "nord"], ["--theme", "nord"],
                                  ["load", "x", "--theme", "nord"],
                                  ["--theme", "dracula", "table", "--theme", "nord"]])
def test_theme_is_passed_to_the_game_for_this_run(argv: list[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **how: seen.append(how) or 0)
    monkeypatch.setattr(cli, "has_a_terminal", lambda: True)
    assert cli.main(argv) == 0
    assert seen[0]["theme"] == "nord"


async def test_the_theme_of_a_run_is_shown_and_not_remembered() -> None:
    storage.write_settings(storage.Settings(theme="dracula"))
    app = TripoliApp(theme="nord")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "nord"
    assert storage.read_settings()[0].theme == "dracula"


def test_every_binding_shown_in_a_footer_has_an_id_a_keymap_can_name() -> None:
    """(A binding without an id cannot be rebound.)"""
    import tripoli_tui

    binding_ids()  # every screen and widget imported
    missing = []
    classes: list[type] = [object]
    from textual.dom import DOMNode

    classes = [DOMNode]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        if not cls.__module__.startswith(tripoli_tui.__name__):
            continue
        for binding in vars(cls).get("BINDINGS", ()):
            if isinstance(binding, Binding) and binding.show and not binding.id:
                missing.append(f"{cls.__name__}: {binding.key}")
    assert not missing, missing


@pytest.mark.parametrize(("key", "known"), [
    ("f2", True), ("ctrl+z", True), ("question_mark", True), ("?", True), ("shift+tab", True),
    ("u", True), ("pageup", True), ("space", True), ("ctlr+z", False), ("f99x", False),
    ("", False), ("ctrl+", False)])
def test_keys_textual_can_read(key: str, known: bool) -> None:
    assert is_key(key) is known


@contextlib.asynccontextmanager
async def started_with_keymap(text: str) -> AsyncIterator[tuple[TripoliApp, Pilot[Any], str]]:
    """A game started with `text` as the player's keymap.toml: the app, its pilot, and what the
    game said as it started."""
    path = storage.save_dir() / "keymap.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    app = make_app(Game.new(3), walkthrough=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        yield app, pilot, "\n".join(n.message for n in app._notifications)


async def test_a_keymap_rebinds_a_key_and_the_footer_shows_it() -> None:
    async with started_with_keymap('"game.flowchart" = "f2"\n') as (app, pilot, _):
        assert isinstance(app.screen, GameScreen)
        drawn = str(app.screen.query_one(KeyFooter).render())
        assert "F2 Flowchart" in drawn or "f2 Flowchart" in drawn, drawn
        await press(pilot, "t")
        assert isinstance(app.screen, GameScreen), "t is f2 now"
        await press(pilot, "f2")
        assert isinstance(app.screen, FlowchartScreen)


async def test_a_broken_keymap_is_said_with_its_lines_and_the_game_s_keys_are_kept() -> None:
    async with started_with_keymap(
            '"game.flowchat" = "f2"\n"game.help" = "ctlr+h"\n"game.timeline" = 3\n'
            '"game.flowchart" = "f4"\n') as (app, pilot, said):
        assert "keymap.toml line 1: 'game.flowchat' is no key of the game's" in said, said
        assert "keymap.toml line 2: 'ctlr+h' is not a key" in said, said
        assert "keymap.toml line 3: game.timeline = 3 is not a key" in said, said
        await press(pilot, "f4")
        assert isinstance(app.screen, FlowchartScreen), "the usable line is used"


async def test_a_keymap_that_is_not_toml_is_said_and_every_key_kept() -> None:
    async with started_with_keymap('"game.flowchart" = "f2\n') as (app, pilot, said):
        assert "keymap.toml is not valid TOML" in said and "line 1" in said, said
        await press(pilot, "t")
        assert isinstance(app.screen, FlowchartScreen)



def test_docs_keys_lists_every_binding_a_keymap_can_name() -> None:
    """docs/keys.md is written by `python -m tripoli_tui.tui.keys_doc > docs/keys.md`."""
    from tripoli_tui.tui.keys_doc import keys_document

    docs = Path(__file__).resolve().parents[2] / "docs" / "keys.md"
    assert docs.read_text(encoding="utf-8") == keys_document(), (
        "docs/keys.md is out of date: python -m tripoli_tui.tui.keys_doc > docs/keys.md")
