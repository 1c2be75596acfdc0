"""LoadScreen: real saves in a temporary folder, newest first; tutorials; broken folders are messages."""

from __future__ import annotations

import asyncio
import dataclasses
import os
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import OptionList, Static, Tree

from tests.tui.conftest import NOW
from tripoli_tui import storage
from tripoli_tui.engine import Game
from tripoli_tui.engine.game import CampaignFacts
from tripoli_tui.storage.campaigns import start_campaign
from tripoli_tui.tui.screens import load as load_module
from tripoli_tui.tui.screens.load import LoadScreen, played_text


@pytest.fixture
def folder(utc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """Two real saves (an hour and three days old), a broken one, and one example position."""
    saves = tmp_path / "saves"
    examples = tmp_path / "examples"
    examples.mkdir()
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(saves))
    monkeypatch.setattr(storage.listing, "examples_dir", lambda: examples)
    recent = storage.write_save(Game.new(1), "recent")
    older = storage.write_save(Game.new(2), "older")
    broken = saves / "broken.toml"
    broken.write_text("this is not a save", encoding="utf-8")
    example = examples / "01-first-steps.toml"
    example.write_text(recent.read_text(encoding="utf-8"), encoding="utf-8")
    os.utime(recent, (NOW - 3600, NOW - 3600))
    os.utime(older, (NOW - 3 * 86400, NOW - 3 * 86400))
    os.utime(broken, (NOW - 40 * 86400, NOW - 40 * 86400))
    return {"recent": recent, "older": older, "broken": broken, "example": example}


class Host(App[None]):
    def __init__(self, section: str = "saves") -> None:
        super().__init__()
        self.animation_level = "none"
        self.section = section
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(LoadScreen(self.section), self.results.append)


def run(keys: list[str], section: str = "saves", check: object = None) -> Host:
    app = Host(section)

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


def test_last_played_is_relative_for_a_week_then_a_date(utc: None) -> None:
    assert played_text(NOW - 60) == "today 20:25"
    assert played_text(NOW - 86400) == "yesterday 20:26"
    assert played_text(NOW - 3 * 86400) == "3 days ago"
    assert played_text(NOW - 40 * 86400) == "18 Apr 2026"
    assert played_text(float("nan")) == "unknown"


def tree_lines(app: Host) -> list[str]:
    """The campaigns list as shown, a label a line, its spaces run together."""
    tree = app.screen.query_one("#saves-tree", Tree)
    nodes = [tree.get_node_at_line(y) for y in range(tree.last_line + 1)]
    return [" ".join(str(node.label).split()) for node in nodes if node is not None]


def test_saves_are_listed_by_campaign_played_last_first_with_their_facts(
        folder: dict[str, Path]) -> None:
    def check(app: Host) -> None:
        assert tree_lines(app) == [
            "Seed 1 Spring 1801 gold 0/12 sunk 0/4 today 19:26",
            "recent Spring 1801 gold 0/12 sunk 0/4 today 19:26",
            "Seed 2 Spring 1801 gold 0/12 sunk 0/4 3 days ago",
            "Saves that do not open (1)",
        ]
        tutorials = app.screen.query_one("#tutorial-list", OptionList)
        assert tutorials.option_count == 1

    run(["space"], check=check)


def test_enter_loads_the_highlighted_save_and_escape_goes_back(folder: dict[str, Path]) -> None:
    assert run(["enter"]).results == [folder["recent"]]
    assert run(["down", "enter"]).results == [folder["older"]]
    assert run(["escape"]).results == [None]


def test_an_unreadable_save_is_refused_with_a_reason(folder: dict[str, Path]) -> None:
    def check(app: Host) -> None:
        assert isinstance(app.screen, LoadScreen)
        assert any("cannot be loaded" in n.message for n in app._notifications)

    assert run(["down", "down", "enter", "down", "enter"], check=check).results == []


def test_tutorials_load_an_example(folder: dict[str, Path]) -> None:
    assert run(["enter"], section="tutorials").results == [folder["example"]]
    assert run(["t", "enter"]).results == [folder["example"]]
    assert run(["t", "s", "enter"]).results == [folder["recent"]]


def test_an_empty_folder_says_so(utc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(tmp_path / "nothing-here"))
    monkeypatch.setattr(storage.listing, "examples_dir", lambda: tmp_path / "no-examples")

    def check(app: Host) -> None:
        assert "No saved campaigns yet" in str(app.screen.query_one("#saves-note", Static).render())
        assert "No example positions" in str(
            app.screen.query_one("#tutorials-note", Static).render())
        assert any("nothing to load" in n.message for n in app._notifications)

    assert run(["enter"], check=check).results == []
    assert run(["escape"]).results == [None]


def test_a_save_folder_with_brackets_in_its_path_is_shown_as_it_is(
        utc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A folder named like markup was read as markup: "[bold]" vanished, and "[/]" raised
    # MarkupError as the screen opened.
    saves = tmp_path / "my[bold]saves[/]"
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(saves))
    monkeypatch.setattr(storage.listing, "examples_dir", lambda: tmp_path / "no-examples")

    def check(app: Host) -> None:
        label = str(app.screen.query_one("#saves-label", Static).render())
        assert "my[bold]saves[/]" in label

    assert run([], check=check).results == []  # (the screen open, showing its path whole)
    assert run(["escape"]).results == [None]


def test_a_broken_storage_is_a_message_not_a_traceback(
        utc: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> list[object]:
        raise PermissionError("permission denied: saves")

    monkeypatch.setattr(storage, "list_saves", refuse)
    monkeypatch.setattr(storage, "list_examples", refuse)

    def check(app: Host) -> None:
        note = str(app.screen.query_one("#saves-note", Static).render())
        assert note == "Could not read the saved campaigns (permission denied: saves)."

    assert run(["enter"], check=check).results == []
    assert run(["escape"]).results == [None]


@pytest.fixture
def listed(utc: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves and tutorials as storage.SaveInfo, with fixed times and folder (for the snapshot)."""
    def info(name: str, year: int, season: int, gold: int, sunk: int, age: float, side: str,
             error: str = "", title: str = "", description: str = "") -> storage.SaveInfo:
        return storage.SaveInfo(name, Path(f"/saves/{name}.toml"), year, season, gold, sunk,
                                NOW - age, side, description, title, error)

    def of(save: storage.SaveInfo, seed: int, label: str, name: str = "") -> storage.SaveInfo:
        return dataclasses.replace(save, seed=seed, campaign=label,
                                   about=CampaignFacts(name, "2026-05-20 10:00"))

    saves = [of(info("autosave-1805-ab12cd-7", 1805, 1, 9, 2, 600, "us"), 1805, "1805-ab12cd",
                "The road to Derne"),
             of(info("before-the-assault", 1805, 2, 10, 2, 86400, "us"), 1805, "1805-ab12cd",
                "The road to Derne"),
             of(info("autosave-1805-ab12cd-6", 1805, 0, 8, 2, 2 * 86400, "us"), 1805,
                "1805-ab12cd", "The road to Derne"),
             of(info("first-campaign", 1802, 3, 6, 1, 9 * 86400, "tripolitania"), 530160, ""),
             info("damaged", 0, 0, 0, 0, 20 * 86400, "", error="not a save")]
    examples = [info("01", 1802, 1, 3, 0, 0, "tripolitania", title="Five Corsair Check",
                     description="The T-bot finds nothing to play in its line and raids with five "
                                 "corsairs from Tripoli."),
                info("02", 1803, 0, 4, 0, 0, "tripolitania", title="Storms in the line",
                     description="Two frigates blockade Tripoli while Storms waits in the line.")]
    monkeypatch.setattr(load_module, "fetch_saves", lambda: (saves, ""))
    monkeypatch.setattr(load_module, "fetch_examples", lambda: (examples, ""))
    monkeypatch.setattr(load_module, "save_folder", lambda: "/home/player/saves")


def test_snapshot_load_80x24(listed: None, snap_compare: object) -> None:
    assert snap_compare(Host(), press=["space"], terminal_size=(80, 24))


def test_snapshot_load_120x40(listed: None, snap_compare: object) -> None:
    assert snap_compare(Host(), press=["space"], terminal_size=(120, 40))


def _history_broken(path: Path) -> None:
    """Make a save's history fail to replay while its position stays whole."""
    text = path.read_text(encoding="utf-8")
    assert "choices = []" in text
    path.write_text(text.replace("choices = []", 'choices = ["no such choice"]'), encoding="utf-8")


def test_a_save_whose_history_fails_opens_its_position_alone_with_p(folder: dict[str, Path]) -> None:
    _history_broken(folder["recent"])
    os.utime(folder["recent"], (NOW - 3600, NOW - 3600))

    def check(app: Host) -> None:
        assert any("press p" in n.message for n in app._notifications)

    assert run(["down", "enter", "down", "enter"], check=check).results == []
    assert run(["down", "enter", "down", "p"]).results == [
        load_module.PositionOnly(folder["recent"])]
    assert run(["p"]).results == [], "p does nothing on a save that opens whole"


def test_continue_never_offers_a_save_that_does_not_open(folder: dict[str, Path]) -> None:
    _history_broken(folder["recent"])
    os.utime(folder["recent"], (NOW - 3600, NOW - 3600))
    latest = storage.latest_save()
    assert latest is not None and latest.path == folder["older"]


async def test_a_campaign_today_s_rules_replay_otherwise_is_marked_and_said(
        utc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(Issue 32, point 6.) A campaign one of whose T-bot decisions today's T-bot answers
    otherwise (a rule of its flowchart fixed since) is marked ≠ with the season where it parts,
    once Load has replayed it in the background, and said; one that replays the same is not."""
    from tests.saves.test_verify import played, tbot_changed_at
    from tripoli_tui.tui.screens.load_rows import CampaignNode

    saves = tmp_path / "saves"
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(saves))
    storage.write_save(Game.new(1), "recent")
    campaign = played(47)
    name, text = campaign[-1]
    (saves / name).write_text(text, encoding="utf-8")
    number, before = tbot_changed_at(campaign, monkeypatch)
    app = Host()
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        tree = app.screen.query_one("#saves-tree", Tree)
        marked = {node.data.campaign.label: node.label.plain for node in tree.root.children
                  if isinstance(node.data, CampaignNode)}
        assert len(marked) == 2, marked
        assert f"≠ {before.state.when}" in marked["47-c0ffee"]
        assert "≠" not in marked["seed-1"]
        said = [n.message for n in app._notifications]
        assert any("replays otherwise with this version's rules" in m and
                   f"{before.state.when}, choice {number}" in m for m in said), said


def test_a_long_campaign_name_and_its_autosaves_are_read_whole_at_80x24(
        utc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 34, point 10: a name as long as a campaign's may be is never cut (the list shows it
    whole, and the line highlighted reads whole under the list); an autosave is 'autosave N',
    not its file's name."""
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(tmp_path / "saves"))
    name = "The long Barbary campaign of winter nights, with Preble at sea"[:60]
    game = start_campaign(Game.new(11), name)
    storage.autosave(game)

    def check(app: Host) -> None:
        lines = tree_lines(app)
        assert lines[0].startswith(name + " Spring 1801"), lines
        assert [line.split(" Spring")[0] for line in lines[1:]] == [
            "Autosaves (1)", "autosave 1"], lines
        assert not any("autosave-" in line for line in lines), lines
        detail = app.screen.query_one("#saves-detail", Static)
        assert " ".join(str(detail.render()).split()).startswith(name), detail.render()
        assert detail.region.height >= 1 and detail.region.bottom <= 23

    run(["space", "down", "space", "up", "up"], check=check)


def test_the_facts_of_every_row_line_up_with_their_campaigns(folder: dict[str, Path]) -> None:
    """Where a save stands starts in the same column on every row: the campaign's, its named
    saves' (a guide where the campaign has its fold mark) and its autosaves' (in a folder, two
    columns further in), and the saves that do not open. They were two columns to the left."""
    import re

    game = start_campaign(Game.new(1))
    storage.autosave(game)
    season = re.compile(r"(Spring|Summer|Fall|Winter) 18\d\d|unreadable")
    columns: dict[str, int] = {}

    async def go() -> None:
        app = Host()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            tree = app.screen.query_one("#saves-tree", Tree)
            tree.root.expand_all()
            await pilot.pause()
            for y in range(tree.size.height):
                line = tree.render_line(y).text
                found = season.search(line)
                if found:
                    columns[line.strip()[2:20].strip()] = found.start()

    asyncio.run(go())
    assert {"Seed 2", "autosave 1", "recent", "broken"} <= set(columns), columns
    assert len(set(columns.values())) == 1, columns
