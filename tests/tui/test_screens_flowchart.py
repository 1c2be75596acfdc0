"""FlowchartScreen: the T-bot's flowchart drawn as boxes and arrows, any turn of the log lit on it."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import App
from textual.widgets import Static

from bot import flowchart
from bot.trace import TraceStep
from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.saves.document import game_to_toml, load_game_text
from tripoli_tui.tui.messages import RulingsAsked
from tripoli_tui.tui.screens.choice_trace import TraceScreen
from tripoli_tui.tui.screens.flowchart import FlowchartScreen, ShownTurn
from tripoli_tui.tui.screens.flowchart_chart import Arrow, FlowBox, path_marks
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.widgets.log_panel import LogPanel


def step(step_id: str, passed: bool, card: str = "", facts: tuple[str, ...] = ()) -> TraceStep:
    return TraceStep(step_id, flowchart.STEPS[step_id].title, flowchart.STEPS[step_id].rule,
                     facts=facts, passed=passed, card=card)


DRAW_LOOP = ShownTurn("The T-bot's turn, Spring 1802", (
    step("T1", False, "Murad Reis Breaks Out", ("frigates in the Gibraltar patrol zone: 1",)),
    step("T2", False, facts=("corsairs in the harbor of Tripoli: 4, needed at least 5",)),
    step("T3", True), step("T4", False, "Storms"), step("T3", True), step("T4", False, "Tripoli Attacks"),
    step("T5.1", True, facts=("Tripoli: 4 corsairs, 0 frigates",)), step("T5.2", True)))
BUILD = ShownTurn("The T-bot's turn, Summer 1802", (
    step("T1", False), step("T2", False), step("T3", True), step("T4", False),
    step("T5.1", False), step("T5.3", True)))


class Host(App[None]):
    def __init__(self, path: list[Any] | None = None, turns: list[ShownTurn] | None = None,
                 current: int = -1) -> None:
        super().__init__()
        self.animation_level = "none"
        self.path, self.turns, self.current = path or [], turns or [], current

        self.rulings_opened: list[str] = []

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(FlowchartScreen(self.path, self.turns, self.current))

    @on(RulingsAsked)
    def _rulings_asked(self, message: RulingsAsked) -> None:
        self.rulings_opened.append(message.query)


def boxes(app: App[Any]) -> dict[str, FlowBox]:
    return {b.step.id: b for b in app.screen.query(FlowBox)}


def detail(app: App[Any]) -> str:
    return str(app.screen.query_one("#flow-detail-text", Static).render())


def test_marks_read_without_colour() -> None:
    marks = path_marks(["T1", "T3", "T4", "T3"])
    assert marks["T3"] == [(2, None), (4, None)]
    assert path_marks(DRAW_LOOP.path)["T4"] == [(4, False), (6, False)]


async def test_every_box_of_the_flowchart_is_drawn_with_its_arrows() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert list(boxes(app)) == [s.id for s in flowchart.FLOWCHART]
        arrows = list(app.screen.query(Arrow))
        assert {a.step_id for a in arrows} == {s.id for s in flowchart.FLOWCHART}
        loop = [a for a in arrows if a.has_class("-loop")]
        assert [a.step_id for a in loop] == ["T4"] and "back to the draw" in str(loop[0].render())
        assert not any(a.has_class("-lit") for a in arrows)
        assert "the chart alone" in str(app.screen.query_one("#flow-heading", Static).render())


async def test_the_turn_is_lit_failed_tests_marked_and_each_box_tells_its_facts() -> None:
    app = Host(turns=[DRAW_LOOP, BUILD], current=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        got = boxes(app)
        assert got["T2"].has_class("-failed") and got["T3"].has_class("-taken")
        assert not got["T3"].has_class("-failed") and not got["T5.3"].has_class("-taken")
        assert "steps ✘4 ✘6" in str(got["T4"].render())
        assert "steps ✔3 ✔5" in str(got["T3"].render())
        lit = {(a.step_id, a.held) for a in app.screen.query(Arrow) if a.has_class("-lit")}
        assert ("T1", False) in lit and ("T1", True) not in lit      # the no arrow down
        assert ("T4", False) in lit and ("T5.2", True) in lit        # the loop, the raid
        assert app.screen.focused is got["T5.2"]                      # the last box of the path
        got["T2"].scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click("#box-T2")
        assert app.screen.focused is got["T2"]
        text = detail(app)
        assert "Five Corsair Check" in text and "did not hold" in text
        assert "corsairs in the harbor of Tripoli: 4, needed at least 5" in text and "TB-7" in text
        await press(pilot, "n")                                       # next on the path: T3
        assert app.screen.focused is got["T3"]
        await press(pilot, "down")
        assert app.screen.focused is got["T4"] and "Step 4 Storms" in detail(app)
        await press(pilot, "right_square_bracket")                    # the later turn
        assert "Summer 1802" in str(app.screen.query_one("#flow-heading", Static).render())
        assert got["T5.3"].has_class("-taken") and not got["T5.2"].has_class("-taken")
        t4 = {tuple(sorted(a.classes)): a for a in app.screen.query(Arrow) if a.step_id == "T4"}
        assert not t4[("-loop", "flow-arrow")].has_class("-lit")      # no card queued this turn
        assert t4[("-down", "-lit", "flow-arrow")]                    # discarded for Raid or Build
        assert app.screen.focused is got["T5.3"]
        await press(pilot, "r")                                       # the rulings it names
        assert app.rulings_opened == ["TB-12 G-1"]


async def test_flowchart_opens_before_the_first_tbot_move() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "t")
        assert isinstance(app.screen, FlowchartScreen)
        assert app.screen.turns == [] and len(boxes(app)) == len(flowchart.FLOWCHART)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_flowchart_opens_after_loading_with_every_turn_of_the_log() -> None:
    played = make_app(Game.new(3))
    async with played.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "f", "b", "f")
        text = game_to_toml(played.game)
    app = make_app(load_game_text(text))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "t")
        screen = app.screen
        assert isinstance(screen, FlowchartScreen)
        assert [t.title for t in screen.turns] == ["The T-bot's turn, Spring 1801",
                                                    "The T-bot's turn, Summer 1801"]
        assert screen.current == 1 and screen.path_taken


async def test_flowchart_opens_on_the_turn_of_a_log_entry() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "f", "b", "f", "l")
        log = app.screen.query_one(LogPanel)
        traced = [row for row, i in enumerate(log.rows) if log.entries[i].kind == "tbot_trace"]
        log.highlighted = traced[0]
        log.focus()
        await press(pilot, "enter")
        assert isinstance(app.screen, TraceScreen)
        await press(pilot, "t")
        screen = app.screen
        assert isinstance(screen, FlowchartScreen)
        assert screen.current == 0 and screen.turns[0].title == "The T-bot's turn, Spring 1801"


def _turn_keys(*keys: str) -> Any:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        # The chart scrolls its selected box into view after a refresh: wait until three looks in
        # a row, 20 ms apart, see the same screen (one pause was not always enough when loaded).
        seen: list[str] = []
        for _ in range(100):
            await pilot.pause(0.02)
            seen = [*seen[-2:], pilot.app.export_screenshot()]
            if len(seen) == 3 and len(set(seen)) == 1:
                return
    return run_before


def test_snapshot_flowchart_80x24(snap_compare: Any) -> None:
    assert snap_compare(Host(turns=[DRAW_LOOP]), terminal_size=(80, 24), run_before=_turn_keys())


def test_snapshot_flowchart_120x40(snap_compare: Any) -> None:
    assert snap_compare(Host(turns=[DRAW_LOOP]), terminal_size=(120, 40),
                        run_before=_turn_keys("p", "p", "p"))
