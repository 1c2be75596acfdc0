"""The command palette's Screenshot keeps a picture of the screen in the saves folder and says
where it went (Textual's own wrote to ~/Downloads, which a server seldom has: 'Failed to save
screenshot'); over a host it is not offered; one that cannot be written is said."""

from __future__ import annotations

import asyncio

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.storage.files import SAVE_DIR_ENV, SERVED_ENV, save_dir
from tripoli_tui.storage.listing import save_files


def said(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_the_palettes_screenshot_is_kept_beside_the_saves() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await press(pilot, "ctrl+p", *"screenshot")
        await press(pilot, "enter")
        for _ in range(100):  # (Textual takes it a tenth of a second after the palette closes)
            shots = sorted(save_dir().glob("screenshot-*.svg"))
            if shots:
                break
            await asyncio.sleep(0.02)
        assert len(shots) == 1 and shots[0].read_text(encoding="utf-8").startswith("<svg")
        assert f"Saved as {shots[0]}." in said(app)
        assert shots[0] not in save_files(save_dir())  # a picture, never offered as a save
        app.deliver_screenshot()  # another in the same second: a name of its own
        assert len(sorted(save_dir().glob("screenshot-*.svg"))) == 2


async def test_over_a_host_the_palette_offers_no_screenshot(monkeypatch) -> None:
    """A hosted player has no way to fetch a file from the host: the palette does not offer a
    picture that would stay there; asked anyway, it is named, never placed on the host."""
    monkeypatch.setenv(SERVED_ENV, "1")
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert "Screenshot" not in {c.title for c in app.get_system_commands(app.screen)}
        app.deliver_screenshot()
        await pilot.pause()
        [shot] = save_dir().glob("screenshot-*.svg")
        assert f"Saved as {shot.name}." in said(app)
        assert not any(str(save_dir()) in message for message in said(app))


async def test_a_screenshot_that_cannot_be_written_is_said(tmp_path, monkeypatch) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the saves folder should be")
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        monkeypatch.setenv(SAVE_DIR_ENV, str(blocked))
        app.deliver_screenshot()
        await pilot.pause()
        assert any(m.startswith("The screenshot was not saved: cannot create the save folder")
                   for m in said(app)), said(app)
        assert app.is_running
