"""The rules engine and the T-bot load no Textual: dependencies point one way, UI → bot → engine;
and a start loads only what its first screen draws."""

from __future__ import annotations

import subprocess
import sys


def test_engine_and_bot_import_no_textual():
    code = ("import sys, tripoli_tui.engine, bot; "
            "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.')); "
            "print(bad); sys.exit(1 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"textual modules loaded: {run.stdout}{run.stderr}"


FIRST_PAINT = """
import asyncio, os, sys
from textual.screen import Screen
from tripoli_tui.tui.app import TripoliApp

inner = Screen._compositor_refresh
def painted(screen, *args, **kwargs):
    result = inner(screen, *args, **kwargs)
    if type(screen).__name__ in ("TitleScreen", "GameScreen"):
        print(" ".join(sorted(sys.modules)), flush=True)
        os._exit(0)
    return result
Screen._compositor_refresh = painted

async def main():
    game = None
    if {game!r}:
        from tripoli_tui.engine.game import Game
        game = Game.new(3)
    async with TripoliApp(game).run_test(size=(80, 24)) as pilot:
        while True:
            await pilot.pause()
asyncio.run(main())
"""


def loaded_at_first_paint(game: bool, tmp_path) -> set[str]:
    """The modules loaded when the first screen (the title, or a new game's) is first drawn."""
    import os

    env = dict(os.environ, TEXTUAL_ANIMATIONS="none", TRIPOLI_SAVE_DIR=str(tmp_path))
    run = subprocess.run([sys.executable, "-c", FIRST_PAINT.format(game=game)], capture_output=True,
                         text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stderr
    return set(run.stdout.split())


def test_the_first_screen_is_drawn_before_the_saves_code_loads(tmp_path):
    """A start pays for what its first screen draws (benchmarks/tui_startup.py): the title loads
    no rules engine, and neither it nor a new game's screen the save format or the save slots
    (holding the campaign needs its label alone); a campaign's screen loads neither the table's
    dice pad and board instructions nor a lesson's note (~5 ms of modules)."""
    title = loaded_at_first_paint(False, tmp_path)
    assert "tripoli_tui.tui.screens.title" in title
    engine = {"tripoli_tui.engine.game", "bot"} & title
    assert not engine, f"the title loaded {sorted(engine)}"
    game = loaded_at_first_paint(True, tmp_path)
    assert "tripoli_tui.tui.screens.game" in game and "tripoli_tui.storage.lock" in game
    early = {"tripoli_tui.storage.slots", "tripoli_tui.engine.saves"} & (title | game)
    assert not early, f"loaded before the first paint: {sorted(early)}"
    table_or_lesson = {"tripoli_tui.tui.widgets.dice_pad", "tripoli_tui.play.board_instructions",
                       "tripoli_tui.tui.widgets.tutorial_note"} & game
    assert not table_or_lesson, f"a campaign's start loaded {sorted(table_or_lesson)}"
    heavy = {"importlib.resources", "hashlib", "tomllib", "tomli_w"} & (title | game)
    assert not heavy, f"loaded before the first paint: {sorted(heavy)}"  # (~1-2 ms each)


async def test_only_the_chosen_theme_is_made_readable_as_the_app_starts(tmp_path, monkeypatch):
    """Textual asks for its default theme's variables before the game's theme is set: making
    those readable too cost ~10 ms of every start (benchmarks/tui_startup.py)."""
    from tripoli_tui.tui import theme
    from tripoli_tui.tui.app import TripoliApp

    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    theme._readable.cache_clear()
    app = TripoliApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert theme._readable.cache_info().misses == 1
        assert app.theme_variables["background"]


async def test_a_start_reading_the_kept_styles_does_not_ask_textual_its_version(tmp_path, monkeypatch):
    """The kept styles are checked against the Textual installed by its files: asking Textual
    its version (importlib.metadata, the package's records read) cost 17 ms of the start."""
    from tripoli_tui.engine.game import Game
    from tripoli_tui.tui import parsed_styles
    from tripoli_tui.tui.app import TripoliApp

    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    parsed_styles.forget()
    async with TripoliApp(Game.new(3)).run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
    parsed_styles.forget()
    assert (tmp_path / ".styles.kept").is_file()
    assert "importlib.metadata" not in loaded_at_first_paint(True, tmp_path)
