"""No file can write to the player's terminal through the app: saves holding ESC, BEL, NUL, DEL and
C1 codes in their keys, values and names are listed, refused and noticed in visible stand-ins; and
whatever a widget draws, the driver never sends a control character of the text it is given."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual.widgets import Tree

from tests.saves.test_control_characters import HOSTILE, clean, planted, valid_save
from tests.tui.helpers import press
from tripoli_tui import storage
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.screens.load import LoadScreen
from tripoli_tui.tui.terminal import Frame, TerminalCells

from .test_terminal import layout


def test_the_driver_sends_no_control_character_it_is_given_to_draw() -> None:
    """The last guard: a cell holding ESC, BEL, NUL or a C1 code is sent as its stand-in."""
    console = Console(color_system="truecolor", force_terminal=True)
    cells = TerminalCells()
    sent = cells.sequence(layout([[Segment(f"a{HOSTILE}b", Style(color="#ffffff"))]], 40),
                          console, 40, 1)
    for planted_code in ("\x07", "\x00", "\x9b", "\x7f", "\x1b]", "\x1b[2J", "\u202e"):
        assert planted_code not in sent, repr(sent)
    assert "␛]0;owned␇" in sent


def frame_texts(frame: Frame) -> list[str]:
    return [text for _, _, _, strips in TerminalCells._pieces(frame) for strip in strips
            for text, _, control in strip if not control]


async def test_hostile_saves_in_the_load_list_and_their_notices_hold_no_control_character(
        tmp_path: Path) -> None:
    folder = storage.save_dir()
    folder.mkdir(parents=True)
    for what, text in planted().items():
        (folder / f"{what}.toml").write_text(text, encoding="utf-8")
    (folder / f"name{HOSTILE.replace(chr(0), '')}.toml").write_text(valid_save(), encoding="utf-8")
    app = TripoliApp()
    drawn: list[str] = []
    app.frame_watchers.append(lambda _app, frame: drawn.extend(frame_texts(frame)))
    notices: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        row, rows = 0, 1
        while row < rows:  # Enter on each row of the list, every campaign and folder open
            app.show_title()
            await press(pilot, "l")
            assert isinstance(app.screen, LoadScreen)
            tree = app.screen.query_one("#saves-tree", Tree)
            tree.root.expand_all()
            await pilot.pause()
            rows = tree.last_line + 1
            tree.move_cursor_to_line(row)  # (not `row` downs: that made the test quadratic)
            await press(pilot, "enter")
            notices.extend(f"{n.title} {n.message}" for n in app._notifications)
            row += 1
        assert any("cannot be loaded" in n or "Cannot open" in n for n in notices), notices
        for notice in notices:
            assert clean(notice), repr(notice)
    assert drawn and "owned" in "".join(drawn), "the hostile names were drawn"
    for text in drawn:
        assert clean(text), repr(text)


async def test_every_notice_is_shown_clean() -> None:
    """Notices quote errors, names and settings from files: each passes `shown` (a problem of
    several lines keeps its line breaks)."""
    app = TripoliApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.notify(f"first line {HOSTILE}\nsecond line", title=f"title {HOSTILE}")
        await pilot.pause()
        notice = list(app._notifications)[-1]
        assert clean(notice.message) and clean(notice.title)
        assert notice.message.endswith("\nsecond line") and "␛]0;owned␇" in notice.message
