"""RecordScreen: totals and finished campaigns from the real record file; a broken one is a message."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable, Static

from tripoli_tui import storage
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.tui.screens.record import RecordScreen


def finished(seed: int) -> Game:
    game = Game.new(seed)
    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1)})
    return game


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.animation_level = "none"
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(RecordScreen(), self.results.append)


def run(keys: list[str], check: object = None) -> Host:
    app = Host()

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if callable(check):
                check(app)
            for key in keys:
                await pilot.press(key)
                await pilot.pause()

    asyncio.run(go())
    return app


def test_recorded_games_and_totals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(tmp_path))
    game = finished(3)
    storage.record_result(game, when=dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC))
    result = game.state.result
    assert result is not None

    def check(app: Host) -> None:
        totals = str(app.screen.query_one("#record-totals", Static).render())
        won = 1 if result.winner == "us" else 0
        lost = 1 if result.winner == "tripolitania" else 0
        assert totals.startswith(f"{won} won · {lost} lost · {1 - won - lost} drawn")
        assert "(1 campaign finished)" in totals
        table = app.screen.query_one("#record-table", DataTable)
        row = [str(c) for c in table.get_row_at(0)]
        assert row[:2] == ["Seed 3", "1 May 2026\nplayed 1 May 2026"]
        assert row[3].endswith(f"\npoints {result.us_points}–{result.tripolitan_points}")

    assert run(["escape"], check).results == [None]


def test_no_record_yet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(tmp_path))

    def check(app: Host) -> None:
        assert "No campaign yet" in str(
            app.screen.query_one("#record-note", Static).render())

    assert run(["q"], check).results == [None]


def test_an_unreadable_record_is_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(tmp_path))
    (tmp_path / storage.RECORD_FILE).write_text("[[[ not toml", encoding="utf-8")

    def check(app: Host) -> None:
        totals = str(app.screen.query_one("#record-totals", Static).render())
        assert "not valid TOML" in totals

    assert run(["escape"], check).results == [None]


def test_a_failing_storage_is_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> object:
        raise OSError("disk gone")

    monkeypatch.setattr(storage, "read_record", refuse)

    def check(app: Host) -> None:
        assert "Could not read the campaign record (disk gone)" in str(
            app.screen.query_one("#record-totals", Static).render())

    assert run(["escape"], check).results == [None]


def _entry(day: int, seed: int, winner: str, how: str, year: int, season: int,
           us: int) -> storage.RecordEntry:
    return storage.RecordEntry(dt.datetime(2026, 5, day, 20, 0, tzinfo=dt.UTC), seed, winner, how,
                               how, year, season, us, 30 - us)


RECORD = storage.CampaignRecord([_entry(2, 11, "tripolitania", "gold", 1802, 3, 18),
                                 _entry(9, 12, "us", "treaty", 1805, 2, 24),
                                 _entry(20, 13, "draw", "draw", 1806, 3, 21)])
"""Three finished campaigns, oldest first: one lost, one won, one drawn."""


def going(name: str, seed: int, rollbacks: int) -> storage.CampaignSaves:
    """A campaign in progress, as its saves show it (played an hour ago)."""
    from tests.tui.conftest import NOW
    from tripoli_tui.engine.game import CampaignFacts

    latest = storage.SaveInfo(f"autosave-{seed}-ab-3", Path(f"/saves/autosave-{seed}-ab-3.toml"),
                              1803, 2, 5, 1, NOW - 3600, "us", seed=seed, campaign=f"{seed}-ab",
                              about=CampaignFacts(name, "2026-05-25 18:00", rollbacks))
    return storage.CampaignSaves(f"{seed}-ab", name, seed, latest, started="2026-05-25 18:00",
                                 rollbacks=rollbacks)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_record(utc: None, monkeypatch: pytest.MonkeyPatch, snap_compare: object,
                         size: tuple[int, int]) -> None:
    from tripoli_tui.tui.screens import record as record_module

    monkeypatch.setattr(record_module, "fetch_record", lambda: (RECORD, ""))
    monkeypatch.setattr(record_module, "fetch_campaigns",
                        lambda: [going("The long blockade", 530160, 2)])
    assert snap_compare(Host(), terminal_size=size)


def test_words_from_a_hand_edited_record_are_shown_not_read_as_markup(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tripoli_tui.tui.screens import record as record_module

    odd = storage.CampaignRecord([_entry(2, 11, "[red]", "[/b]", 1802, 3, 18)])
    monkeypatch.setattr(record_module, "fetch_record", lambda: (odd, ""))

    def check(app: Host) -> None:
        table = app.screen.query_one("#record-table", DataTable)
        cells = [str(c) for c in table.get_row_at(0)]
        assert cells[3].startswith("[/b], ") and "[red]" in cells, cells

    assert run(["escape"], check).results == [None]


@pytest.mark.parametrize("width", [80, 100, 120])
def test_a_long_name_and_its_tags_leave_every_column_in_view(
        width: int, utc: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 columns a 24-letter name with its seed, 'at the table' and 'hidden discards' pushed
    the table past the frame's edge: 'sunk 0/4' showed as 'sunk 0/' until scrolled sideways.
    The name column takes what the others leave; its tags go on as many lines as it needs."""
    from tripoli_tui.storage import campaigns
    from tripoli_tui.tui.screens import record as record_module

    long_name = "The blockade of Tripoli!"  # 24 letters: the most a name is shown with
    rows = [campaigns.CampaignRow(long_name, 530160, "2026-05-25 18:00", 1_780_000_000.0 - 60,
                                  "", "Winter 1801\ngold 10/12, sunk 0/4", 12, table=True,
                                  hidden_discard=True)]
    rows += [campaigns.CampaignRow(f"Seed {n}", n, "", 1_770_000_000.0, "draw",
                                   "draw, Winter 1806", 0, points="21–9") for n in range(3)]
    monkeypatch.setattr(record_module, "fetch_record", lambda: (RECORD, ""))
    monkeypatch.setattr(campaigns, "campaign_rows", lambda saves, record: rows)
    seen: dict[str, object] = {}

    async def go() -> None:
        app = Host()
        async with app.run_test(size=(width, 24)) as pilot:
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            seen["fits"] = (table.virtual_size.width, table.scrollable_content_region.width)
            seen["lines"] = [strip.text for strip in map(table.render_line, range(table.size.height))]
            await pilot.resize_terminal(80, 24)  # narrowed: the names fitted again
            await pilot.pause()
            seen["narrowed"] = (table.virtual_size.width, table.scrollable_content_region.width)
            seen["cursor"] = table.cursor_row

    asyncio.run(go())
    shown, room = seen["fits"]  # type: ignore[misc]
    assert shown <= room, f"the table is {shown} wide in {room}"
    text = "\n".join(seen["lines"])  # type: ignore[arg-type]
    assert "sunk 0/4" in text and "hidden discards" in text and "12×" in text
    assert ("The blockade of Tripoli!" if width > 80 else "The blockade of") in text
    shown, room = seen["narrowed"]  # type: ignore[misc]
    assert shown <= room and seen["cursor"] == 0
