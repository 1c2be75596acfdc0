"""TitleScreen: every menu entry and key, the seed box, and Continue with and without a save."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Input, OptionList, Static

from tests.tui.conftest import NOW
from tripoli_tui import storage
from tripoli_tui.engine.game import CampaignFacts
from tripoli_tui.tui.screens import load as load_module
from tripoli_tui.tui.screens import record as record_module
from tripoli_tui.tui.screens.help import HelpScreen
from tripoli_tui.tui.screens.load import LoadScreen
from tripoli_tui.tui.screens.record import RecordScreen
from tripoli_tui.tui.screens.title import (
    MENU,
    ContinueLatest,
    NewCampaign,
    OpenSave,
    QuitGame,
    TitleScreen,
    parse_seed,
)

Save = storage.SaveInfo

SAVES = [Save("autosave-1", Path("/saves/autosave-1.toml"), 1803, 2, 5, 1, NOW - 3600, "us",
              seed=4, campaign="4-abc123", about=CampaignFacts("The long blockade")),
         Save("before-the-assault", Path("/saves/before-the-assault.toml"), 1805, 2, 9, 2,
              NOW - 3 * 86400, "us", seed=530160)]
EXAMPLES = [Save("01-bombard-derne", Path("/examples/01.toml"), 1803, 3, 4, 0, NOW, "us",
                 "Bombard Derne before General Eaton marches.", "Bombard Derne")]


@pytest.fixture
def saves(utc: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(load_module, "fetch_saves", lambda: (list(SAVES), ""))
    monkeypatch.setattr(load_module, "fetch_latest", lambda: (SAVES[0], ""))
    monkeypatch.setattr(load_module, "fetch_examples", lambda: (list(EXAMPLES), ""))
    monkeypatch.setattr(load_module, "save_folder", lambda: "/saves")
    monkeypatch.setattr(record_module, "fetch_record", lambda: (None, "no record in this test"))


@pytest.fixture
def no_saves(utc: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(load_module, "fetch_saves", lambda: ([], ""))
    monkeypatch.setattr(load_module, "fetch_latest", lambda: (None, "no saved campaign yet"))
    monkeypatch.setattr(load_module, "fetch_examples", lambda: ([], ""))


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.animation_level = "none"
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(TitleScreen(), self.results.append)


def run(keys: list[str], check: object = None) -> Host:
    app = Host()

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            if callable(check):
                check(app)

    asyncio.run(go())
    return app


def test_seeds_are_whole_numbers() -> None:
    assert parse_seed("") == (None, "")
    assert parse_seed(" 42 ") == (42, "")
    assert parse_seed("-7") == (-7, "")
    assert parse_seed("-")[1].startswith("The seed must be a whole number")
    assert "too large" in parse_seed("9" * 20)[1]


def test_new_campaign_with_a_random_seed(saves: None) -> None:
    assert run(["n"]).results == [NewCampaign(None)]


def test_new_campaign_with_a_seed_typed(saves: None) -> None:
    assert run(["s", "4", "2", "enter"]).results == [NewCampaign(42)]
    assert run(["s", "1", "7", "escape", "n"]).results == [NewCampaign(17)]


def test_a_bad_seed_is_explained_and_nothing_starts(saves: None) -> None:
    def check(app: Host) -> None:
        message = str(app.screen.query_one("#title-message", Static).render())
        assert "whole number" in message
        assert isinstance(app.screen.focused, Input)

    assert run(["s", "minus", "enter"], check).results == []


def test_continue_the_latest_save(saves: None) -> None:
    def check(app: Host) -> None:
        menu = app.screen.query_one("#title-menu", OptionList)
        prompt = str(menu.get_option("continue").prompt)
        assert prompt.splitlines() == [" c   Continue  The long blockade",
                                       " " * 15 + "Fall 1803 · played today 19:26"]

    run([], check)
    assert run(["c"]).results == [ContinueLatest()]
    assert run(["enter"]).results == [ContinueLatest()], "Continue is highlighted first"


def test_continue_is_disabled_with_its_reason_when_there_is_no_save(no_saves: None) -> None:
    def check(app: Host) -> None:
        menu = app.screen.query_one("#title-menu", OptionList)
        option = menu.get_option("continue")
        assert option.disabled and "no saved campaign yet" in str(option.prompt)
        assert app.screen.active_bindings["c"].enabled is False  # dimmed in the footer

    assert run(["c"], check).results == []
    assert run(["enter"]).results == [NewCampaign(None)], "New campaign is highlighted first"


def test_load_opens_the_list_and_returns_the_chosen_path(saves: None) -> None:
    def check(app: Host) -> None:
        assert isinstance(app.screen, LoadScreen)

    run(["l"], check)
    assert run(["l", "down", "enter"]).results == [OpenSave(SAVES[1].path)]  # (Seed 530160)
    assert run(["l", "escape"]).results == []


def test_tutorials_open_on_the_examples(saves: None) -> None:
    assert run(["t", "enter"]).results == [OpenSave(EXAMPLES[0].path)]


def test_rules_and_record_open_over_the_title(saves: None) -> None:
    def rules(app: Host) -> None:
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.tab == "rules"

    run(["r"], rules)

    def record(app: Host) -> None:
        assert isinstance(app.screen, RecordScreen)

    run(["p"], record)

    def back(app: Host) -> None:
        assert isinstance(app.screen, TitleScreen)

    assert run(["r", "escape", "p", "escape"], back).results == []


def test_quit_and_the_menu_with_arrows(saves: None) -> None:
    assert run(["q"]).results == [QuitGame()]
    assert run(["end", "enter"]).results == [QuitGame()]
    assert run(["home", "enter"]).results == [NewCampaign(None)]


def _no_blink(pilot: object) -> None:
    for box in pilot.app.screen.query(Input):  # type: ignore[attr-defined]
        box.cursor_blink = False


def test_snapshot_title_80x24(saves: None, snap_compare: object) -> None:
    assert snap_compare(Host(), terminal_size=(80, 24), run_before=_no_blink)


def test_snapshot_title_120x40(saves: None, snap_compare: object) -> None:
    assert snap_compare(Host(), terminal_size=(120, 40), run_before=_no_blink)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_continue_with_a_long_name_keeps_to_its_two_lines(
        saves: None, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    """At 80 columns Continue's one line (name · date · played) passed the box's edge and wrapped
    to it; with a 60-letter name too. The name is cut with '…' to the box, where it stands goes
    on a second line under it, and the menu's other entries keep one line each."""
    long = Save("autosave-2", Path("/saves/autosave-2.toml"), 1803, 2, 5, 1, NOW - 3600, "us",
                seed=4, campaign="4-abc123", about=CampaignFacts("A" * 30 + " " + "B" * 29))
    monkeypatch.setattr(load_module, "fetch_latest", lambda: (long, ""))
    seen: list[list[str]] = []

    async def go() -> None:
        app = Host()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#title-menu", OptionList)
            seen.append([strip.text.rstrip() for strip in map(menu.render_line,
                                                               range(menu.size.height))])

    asyncio.run(go())
    lines = [line.strip("│╭╮╰╯─ ") for line in seen[0]]
    lines = [line for line in lines if line]
    assert len(lines) == len(MENU) + 1, lines  # one line each, Continue two
    at = next(n for n, line in enumerate(lines) if "Continue" in line)
    assert lines[at].endswith("B" * 22 + "…") and "A" * 30 in lines[at]
    assert lines[at + 1] == "Fall 1803 · played today 19:26"
    raw = next(n for n, line in enumerate(seen[0]) if "Continue" in line)
    assert seen[0][raw + 1].index("F") == seen[0][raw].index("A")  # under the name
