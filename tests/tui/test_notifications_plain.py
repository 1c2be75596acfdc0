"""Notifications are plain text: a save's own words are never read as Textual markup."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets._toast import Toast  # not exported by textual.widgets; pinned version

from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.load import LoadScreen

TUTORIAL = Path(__file__).parents[2] / "tripoli_tui" / "tutorials" / "01-five-corsair-check.toml"


async def test_a_card_named_like_markup_in_a_save_is_shown_not_obeyed() -> None:
    saves = Path(os.environ["TRIPOLI_SAVE_DIR"])
    saves.mkdir(parents=True, exist_ok=True)
    text = TUTORIAL.read_text(encoding="utf-8")
    (saves / "broken.toml").write_text(text.replace('"Naval Movement"', '"[/b]"', 1),
                                       encoding="utf-8")
    app = TripoliApp()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause(0.1)
        toasts = [str(toast.render()) for toast in app.screen.query(Toast)]
        assert any("unknown card '[/b]'" in t for t in toasts), toasts
        assert isinstance(app.screen, LoadScreen) and app.is_running


async def test_every_notification_is_plain_text() -> None:
    app = TripoliApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.notify("Saved as [/b]/[red]x.toml", title="[i]")
        await pilot.pause()
        await pilot.pause(0.1)
        toasts = [str(toast.render()) for toast in app.screen.query(Toast)]
        assert any("Saved as [/b]/[red]x.toml" in t for t in toasts), toasts
