"""A campaign's name on screen, by Pilot at 80x24: offered when a new campaign begins (editable
before play starts; Escape goes back to the title), renamed from the load screen and from the
timeline; snapshots of the naming at 80x24 and 200x60."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static, Tree

from tests.saves.helpers import late_game
from tests.tui.helpers import press
from tripoli_tui import storage
from tripoli_tui.storage.campaigns import list_campaigns, start_campaign
from tripoli_tui.storage.identity import now_utc, offered_name
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.campaign_name import CampaignNameDialog
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.load import LoadScreen
from tripoli_tui.tui.screens.timeline import TimelineScreen
from tripoli_tui.tui.screens.title import TitleScreen

WHEN = dt.datetime(2026, 11, 26, 9, 30, tzinfo=dt.UTC)


async def _settle(pilot: Any, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


async def test_a_new_campaign_is_offered_its_name_and_begins_under_the_one_typed(
        save_folder: Path) -> None:
    app = TripoliApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await press(pilot, "s", "7", "escape", "n")
        dialog = app.screen
        assert isinstance(dialog, CampaignNameDialog)
        box = dialog.query_one("#campaign-name", Input)
        offered = offered_name(7, now_utc())
        assert box.value == offered and box.has_focus
        assert dialog.query_one("#campaign-name-box").region.right <= 80
        box.value = ""
        await press(pilot, "enter")  # an empty name is refused in the dialog, saying why
        assert app.screen is dialog
        assert "needs a name" in str(dialog.query_one("#campaign-name-error", Static).render())
        box.value = "x" * 70
        await press(pilot, "enter")
        assert "at most 60 characters" in str(
            dialog.query_one("#campaign-name-error", Static).render())
        box.value = "  The long   blockade "
        await press(pilot, "enter")
        await _settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and app.game.origin.seed == 7
        assert storage.game_name(app.game) == "The long blockade"
    assert [c.name for c in list_campaigns()[0]] == ["The long blockade"]


async def test_escape_at_the_name_goes_back_to_the_title_and_starts_nothing(
        save_folder: Path) -> None:
    app = TripoliApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await press(pilot, "n")
        assert isinstance(app.screen, CampaignNameDialog)
        await press(pilot, "escape")
        await _settle(pilot)
        assert isinstance(app.screen, TitleScreen) and app.game is None
        await press(pilot, "n", "enter")  # the name offered, as it is
        await _settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.game is not None
        assert storage.game_name(app.game) == offered_name(app.game.origin.seed, now_utc())
    assert len(list_campaigns()[0]) == 1  # the campaign begun; none for the one not begun


async def test_load_renames_the_campaign_highlighted_and_continue_shows_it(
        save_folder: Path) -> None:
    game = start_campaign(late_game(152, 1802), when=WHEN)
    storage.write_save(game, "before the storm")
    storage.autosave(game)
    app = TripoliApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await press(pilot, "l")
        load = app.screen
        assert isinstance(load, LoadScreen)
        tree = load.query_one("#saves-tree", Tree)
        assert tree.cursor_node is not None
        await press(pilot, "space", "down")  # a save under the campaign: r renames its campaign
        await press(pilot, "r")
        dialog = app.screen
        assert isinstance(dialog, CampaignNameDialog)
        assert dialog.query_one("#campaign-name", Input).value == "Seed 152, 26 Nov 2026"
        for key in "Blockade":
            await pilot.press(key)
        await press(pilot, "enter")
        assert app.screen is load
        first = tree.root.children[0]
        assert str(first.label).startswith("Blockade ")
        await press(pilot, "escape")
        await _settle(pilot)
        title = app.screen
        assert isinstance(title, TitleScreen)
        shown = title.query_one("#title-menu", OptionList).get_option("continue").prompt
        name, where = str(shown).splitlines()
        assert name.endswith("Continue  Blockade") and where.lstrip().startswith(
            "Spring 1802 · played")
    assert [c.name for c in list_campaigns()[0]] == ["Blockade"]


async def test_the_timeline_renames_the_campaign_on_show(save_folder: Path) -> None:
    game = start_campaign(late_game(152, 1802), when=WHEN)
    app = TripoliApp(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await press(pilot, "i")
        timeline = app.screen
        assert isinstance(timeline, TimelineScreen)
        await press(pilot, "r")
        dialog = app.screen
        assert isinstance(dialog, CampaignNameDialog)
        dialog.query_one("#campaign-name", Input).value = "a\tb"
        await press(pilot, "enter")
        assert app.screen is dialog
        assert "(␉)" in str(dialog.query_one("#campaign-name-error", Static).render())
        dialog.query_one("#campaign-name", Input).value = "The Barbary war"
        await press(pilot, "enter")
        assert app.screen is timeline
        assert str(timeline.query_one("#timeline-title", Static).render()) == (
            "Timeline — The Barbary war")
        assert storage.game_name(game) == "The Barbary war"
    assert [c.name for c in list_campaigns()[0]] == ["The Barbary war"]


async def test_a_name_in_brackets_is_shown_as_typed_never_read_as_markup(
        save_folder: Path) -> None:
    game = start_campaign(late_game(152, 1802), when=WHEN)
    app = TripoliApp(game)
    notes: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await press(pilot, "i")
        timeline = app.screen
        shown_by = timeline.notify
        timeline.notify = lambda *args, **kwargs: (  # type: ignore[method-assign]
            notes.append((args, kwargs)), shown_by(*args, **kwargs))[-1]
        await press(pilot, "r")
        app.screen.query_one("#campaign-name", Input).value = "[/] [b]Derne[/b]"
        await press(pilot, "enter")
        assert app.screen is timeline
        assert str(timeline.query_one("#timeline-title", Static).render()) == (
            "Timeline — [/] [b]Derne[/b]")
        said = [(args, kwargs) for args, kwargs in notes
                if "The campaign is now" in str(args[0])]
        assert said and said[0][0][0] == "The campaign is now “[/] [b]Derne[/b]”."
        assert said[0][1].get("markup") is False  # the player's text, never read as markup
    assert storage.game_name(game) == "[/] [b]Derne[/b]"


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
def test_snapshot_a_new_campaign_s_name(size: tuple[int, int], save_folder: Path,
                                        snap_compare: Any,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from tripoli_tui.storage import campaigns

    monkeypatch.setattr(campaigns, "now_utc", lambda: WHEN)

    async def begin(pilot: Any) -> None:
        await _settle(pilot)
        await press(pilot, "s", "7", "escape", "n")
        await _settle(pilot)

    app = TripoliApp()
    app.animation_level = "none"
    assert snap_compare(app, terminal_size=size, run_before=begin)

