"""The tutorial note's title is the tutorial file's text: shown as written, never read as markup."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tripoli_tui.tui.widgets.tutorial_note import Tutorial, TutorialNote


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield TutorialNote(Tutorial("[b]Raids[/b] from [Tripoli", "What to watch."))


async def test_a_title_with_brackets_is_shown_as_written():
    app = Host()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        note = app.query_one(TutorialNote)
        shown = note.render_str(note.border_title or "").plain
        assert shown == "Tutorial: [b]Raids[/b] from [Tripoli"
