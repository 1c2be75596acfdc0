"""FlowchartScreen: every step of the T-bot's flowchart, the path taken marked without colour too."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App
from textual.widgets import DataTable, Static

from bot.trace import TraceStep
from tripoli_tui.screens.flowchart import FlowchartScreen, Step, load_flowchart, path_marks

TURN = "The T-bot's turn"
STEPS = [
    Step("T1", "Event card line scan", "Play the first card of the event card line whose "
         "requirement holds.", "solitaire play", "play it; end of turn", "T2", TURN),
    Step("T2", "Five Corsair Check", "Five or more corsairs in the harbor of Tripoli: raid.",
         "solitaire play", "raid from Tripoli; end of turn", "T3", TURN),
    Step("T3", "Draw a card", "Draw the top card of the draw pile.", "solitaire play",
         "T4", "Raid or Build", TURN),
    Step("T4", "Consult the drawn card", "Follow the card's T-bot instruction.",
         "card instructions", "play it; end of turn", "queue it or Raid or Build", TURN),
    Step("T5", "Raid or Build", "Raid from the best harbor, else build a corsair.",
         "Raid or Build card", "raid", "build", TURN),
    Step("B1", "Happy Hunting", "Play on the first raid.", "battle cards", "play it",
         "keep it", "Battle card line"),
    Step("H-F", "Hit allocation: frigates first", "Damage a frigate first.", "strategy notes",
         "damage a frigate", "", "Taking hits"),
]
PATH: list[Any] = [TraceStep("T1", "", "", passed=False), TraceStep("T2", "", "", passed=False),
                   TraceStep("T3", "", "", passed=True), TraceStep("T4", "", "", passed=True)]


class Host(App[None]):
    def __init__(self, path: list[Any], steps: list[Any] | None = None) -> None:
        super().__init__()
        self.animation_level = "none"
        self.path, self.steps = path, steps
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(FlowchartScreen(self.path, self.steps), self.results.append)


def _rows(app: App[None]) -> list[list[str]]:
    table = app.screen.query_one("#flow-table", DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def test_marks_read_without_colour() -> None:
    marks = path_marks(["T1", "T3", "T4", "T3"])
    assert marks["T3"] == [(2, None), (4, None)]
    assert path_marks(PATH)["T1"] == [(1, False)]


def test_the_path_is_marked_and_the_cursor_starts_on_its_last_step() -> None:
    asyncio.run(_test_the_path_is_marked())


async def _test_the_path_is_marked() -> None:
    app = Host(PATH, STEPS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = _rows(app)
        assert ["✘ 1", "T1", "Event card line scan"] in rows
        assert ["✔ 3", "T3", "Draw a card"] in rows
        assert ["·", "T5", "Raid or Build"] in rows
        detail = str(app.screen.query_one("#flow-detail-text", Static).render())
        assert detail.startswith("T4  Consult the drawn card")
        await pilot.press("p")
        assert "T3  Draw a card" in str(app.screen.query_one("#flow-detail-text", Static).render())
        await pilot.press("n", "n")  # wraps round to the first step on the path
        assert "T1  Event card line scan" in str(
            app.screen.query_one("#flow-detail-text", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.results == [None]


def test_the_real_flowchart_is_shown_whole() -> None:
    steps, problem = load_flowchart()
    assert not problem and steps
    asyncio.run(_test_the_real_flowchart(steps))


async def _test_the_real_flowchart(steps: list[Step]) -> None:
    app = Host(["T1", "T2", "T3", "T4"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = {r[1] for r in _rows(app)}
        assert {s.id for s in steps} <= shown
        await pilot.press("f")
        await pilot.pause()
        assert app.results == [None]


def test_an_empty_path_and_unknown_steps_are_said_not_crashed() -> None:
    asyncio.run(_test_empty_and_unknown())


async def _test_empty_and_unknown() -> None:
    app = Host(["T9"], STEPS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Not in this flowchart: T9" in str(
            app.screen.query_one("#flow-heading", Static).render())
        await pilot.press("n")  # nothing on the path: a notice, no crash
        await pilot.pause()
    app = Host([], [])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "empty" in str(app.screen.query_one("#flow-heading", Static).render())


def test_snapshot_flowchart_80x24(snap_compare: object) -> None:
    assert snap_compare(Host(PATH, STEPS), terminal_size=(80, 24))


def test_snapshot_flowchart_120x40(snap_compare: object) -> None:
    assert snap_compare(Host(PATH, STEPS), terminal_size=(120, 40))


def test_trace_steps_from_the_bot_mark_held_and_failed_tests() -> None:
    steps = [TraceStep("T1", "Event card line scan", "rule", passed=False),
             TraceStep("T2", "Five Corsair Check", "rule", passed=True)]
    marks = path_marks(steps)
    assert marks == {"T1": [(1, False)], "T2": [(2, True)]}
