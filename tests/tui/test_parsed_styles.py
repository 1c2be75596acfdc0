"""The styles a start parses are kept beside the saves, and the next start reads them back instead
of parsing them (tui/parsed_styles.py): the same screen, drawn the same; a kept file that is not
one this game wrote is parsed over and written anew; a folder that cannot take it costs nothing;
a hosted game keeps none."""

from __future__ import annotations

import contextlib
import os
import pickle
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.css.model import RuleSet

from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.storage.kept import kept_name
from tripoli_tui.tui import parsed_styles, textual_fixes
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.game import GameScreen

KEPT = kept_name(parsed_styles.WHAT)


@pytest.fixture(autouse=True)
def a_new_process() -> Iterator[None]:
    """Each test starts as a new process would (nothing parsed, the file not read) and leaves the
    next test the same."""
    parsed_styles.forget()
    yield
    parsed_styles.forget()


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sources Textual parses, by where they were read from."""
    seen: list[str] = []
    inner = textual_fixes._parse_rules

    def counted(self, css, read_from, *args):  # type: ignore[no-untyped-def]
        seen.append(str(read_from))
        return inner(self, css, read_from, *args)

    monkeypatch.setattr(textual_fixes, "_parse_rules", counted)
    return seen


async def start() -> str:
    """A game's first screen, drawn (and its first frame gone by): what it shows."""
    app = TripoliApp(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.crash is None
        return app.export_screenshot()


def kept_file() -> Path:
    return storage.save_dir() / KEPT


async def test_a_second_start_parses_none_of_its_styles_and_draws_the_same(
        parsed: list[str]) -> None:
    first = await start()
    assert parsed, "the first start parses its styles"
    assert kept_file().read_bytes().startswith(parsed_styles.FORMAT)
    written = kept_file().stat().st_mtime_ns

    parsed_styles.forget()  # a new process
    parsed.clear()
    again = await start()
    assert parsed == []
    assert again == first
    assert kept_file().stat().st_mtime_ns == written, "nothing new parsed: the file is left be"


def rules_of_another_textual() -> bytes:
    return parsed_styles.FORMAT + pickle.dumps(("another Textual", "vars", {}))


@pytest.mark.parametrize("content", [
    b"", b"not ours at all", parsed_styles.FORMAT, parsed_styles.FORMAT + b"\x80\x05cut short",
    parsed_styles.FORMAT + pickle.dumps(["a list", "not", "a tuple"]),
    parsed_styles.FORMAT + pickle.dumps((None, None, None)),
], ids=["empty", "text", "header-only", "cut", "list", "nones"])
async def test_a_kept_file_not_written_by_this_game_is_parsed_over_and_written_anew(
        parsed: list[str], content: bytes) -> None:
    storage.make_folder()
    kept_file().write_bytes(content)
    await start()
    assert parsed, "what could not be read is parsed"
    data = kept_file().read_bytes()
    version, _, rules = pickle.loads(data[len(parsed_styles.FORMAT):])
    assert version == parsed_styles.textual_identity() and rules


async def test_rules_kept_by_another_textual_are_not_used(parsed: list[str]) -> None:
    await start()
    data = kept_file().read_bytes()
    _, variables, rules = pickle.loads(data[len(parsed_styles.FORMAT):])
    kept_file().write_bytes(parsed_styles.FORMAT + pickle.dumps(("another", variables, rules)))
    parsed_styles.forget()
    parsed.clear()
    await start()
    assert parsed


async def test_only_the_theme_in_use_is_kept(parsed: list[str]) -> None:
    title = TripoliApp()  # the title's styles, in the game's theme
    async with title.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    first = len(parsed)
    app = TripoliApp(Game.new(3))
    app.theme = "nord"
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
    _, variables, rules = pickle.loads(kept_file().read_bytes()[len(parsed_styles.FORMAT):])
    assert variables == parsed_styles.variables_fingerprint(app.stylesheet._variables)
    assert len(rules) == len(parsed) - first, "the sources parsed in nord's colours, and no others"
    in_nord = {source: found for (of, source), found in parsed_styles._rules.items() if of == variables}
    assert readable(rules) == readable(in_nord)


def readable(rules: dict[str, list[RuleSet]]) -> dict[str, list[tuple[Any, ...]]]:
    """Each source's rules, compared by their selectors and what they set (a layout by its name:
    Textual makes one for each rule, equal to no other)."""
    return {source: [(rule.selector_set, {name: getattr(value, "name", value) if name == "layout"
                                          else value for name, value in rule.styles.get_rules().items()})
                     for rule in found] for source, found in rules.items()}


async def test_a_hosted_game_keeps_no_styles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SERVED_ENV, "1")
    await start()
    assert not kept_file().exists()


async def test_a_folder_that_cannot_take_the_file_costs_the_game_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SAVE_LIMIT_ENV, "4096")  # room for the autosave, not the styles
    shown = await start()
    assert "Styles" not in shown and not kept_file().exists()
    monkeypatch.delenv(storage.SAVE_LIMIT_ENV)
    storage.make_folder()
    kept_file().mkdir()  # a folder where the file would go
    parsed_styles.forget()
    assert await start()
    assert kept_file().is_dir()


def test_a_write_of_the_styles_cut_short_is_cleared_like_a_save_s() -> None:
    folder = storage.make_folder()
    left = folder / f".{KEPT}.x1y2z3.tmp"
    left.write_bytes(b"half")
    old = time.time() - 3600
    os.utime(left, (old, old))
    assert storage.remove_stale_temp_files() == 1
    assert not left.exists()


async def test_a_pipe_or_a_link_where_the_file_goes_is_no_hang_and_no_harm(
        parsed: list[str], tmp_path: Path) -> None:
    folder = storage.make_folder()
    os.mkfifo(folder / KEPT)  # opened to be read as a file would be, it would wait for a writer
    unblocked: list[bool] = []

    def writer() -> None:  # (were the game waiting on the pipe, this lets it go, and says so)
        with contextlib.suppress(OSError):
            os.close(os.open(folder / KEPT, os.O_WRONLY | os.O_NONBLOCK))
            unblocked.append(True)

    watchdog = threading.Timer(10, writer)
    watchdog.start()
    try:
        assert await start() and parsed
    finally:
        watchdog.cancel()
    assert not unblocked, "the game waited on the pipe"
    assert kept_file().is_file(), "the pipe is replaced by the file"
    target = tmp_path / "elsewhere"
    target.write_bytes(b"not styles")
    kept_file().unlink()
    kept_file().symlink_to(target)
    parsed_styles.forget()
    parsed.clear()
    assert await start() and parsed
    assert target.read_bytes() == b"not styles", "a file the link names is never written"


async def test_a_game_opened_from_the_title_keeps_its_styles_too(parsed: list[str]) -> None:
    """Started at the title, the game screen's styles were parsed at the key that opened it,
    at every start: they are kept with the title's."""
    title = TripoliApp()
    async with title.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")  # a new campaign, its name asked
        await pilot.pause()
        await pilot.press("enter")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(title.screen, GameScreen)
    parsed_styles.forget()
    parsed.clear()
    await start()
    assert parsed == []
