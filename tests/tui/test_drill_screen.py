"""The drill beside the board, played by keys: its questions asked in the side panel with the map
and both card lines in view (at 80x24 too), the help and the log looked at and the drill still
there, no step asked that the walkthrough already showed, the score recorded."""

from __future__ import annotations

from textual.geometry import Region

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.screens.drill import DrillPanel
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.widgets.board import MapPanel
from tripoli_tui.tui.widgets.cardlines import CardLines
from tripoli_tui.tui.widgets.log_panel import LogPanel
from tripoli_tui.tui.widgets.reasoning import ReasoningPanel


def assert_in_view(screen: GameScreen, *widgets: object) -> None:
    """Each widget is on screen and nothing covers it: every cell of its region shows it (or a
    widget inside it), and no other screen is open over the game."""
    assert screen.app.screen is screen
    for widget in widgets:
        region: Region = widget.region  # type: ignore[attr-defined]
        assert region.width > 0 and region.height > 0, f"{widget} is not on screen"
        for y in range(region.y, region.bottom):
            for x in (region.x, region.right - 1):
                found, _ = screen.get_widget_at(x, y)
                assert found is widget or widget in found.ancestors, \
                    f"{found} covers {widget} at {x},{y}"


async def answer_right(pilot, panel: DrillPanel) -> None:
    question = panel.question
    assert question is not None
    if question.is_test:
        await press(pilot, "y" if question.answer == "yes" else "n")
    else:
        await press(pilot, str(question.options.index(question.answer) + 1))


async def test_a_drill_is_asked_beside_the_map_and_both_card_lines_at_80x24():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await press(pilot, "d", "b")  # drill on; discard to build: the T-bot's turn begins
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(DrillPanel)
        drill = panel.drill
        assert drill is not None and drill.question is not None
        assert_in_view(screen, screen.query_one(MapPanel), screen.query_one(CardLines))
        assert panel.region.height >= 8 and screen.query_one(LogPanel).region.width > 0
        assert screen.query_one("#side").current == "drill"  # the reasoning is not shown
        for _ in range(100):
            if drill.question is None:
                break
            assert_in_view(screen, screen.query_one(MapPanel), screen.query_one(CardLines))
            await answer_right(pilot, panel)
            assert "Right" in str(screen.query_one("#drill-result").render())
        assert drill.over and drill.score == drill.asked > 0
        await press(pilot, "enter")  # its last answer read: on to the American turn
        assert panel.drill is None and screen.query_one("#side").current == "hand"
        assert app.game.pending.side == "us" and app.game.state.when == "Summer 1801"
        # the T-bot's decisions went through the session, as the walkthrough's do
        last = screen.session.last_trace
        assert last is not None and last is app.game.history[-1].trace
        await pilot.pause()
        record = storage.read_record()
        assert [(s.right, s.asked, s.source) for s in record.drills] == [
            (drill.score, drill.asked, "game")]


async def test_looking_at_the_help_and_the_log_keeps_the_drill():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "d", "b")
        screen = app.screen
        panel = screen.query_one(DrillPanel)
        drill, question = panel.drill, panel.question
        assert drill is not None and question is not None
        await press(pilot, "question_mark")
        assert app.screen is not screen  # the help is open
        await press(pilot, "escape")
        assert app.screen is screen and panel.drill is drill and panel.question is question
        await press(pilot, "l")  # read the log
        assert isinstance(screen.focused, LogPanel)
        assert screen.query_one("#side").current == "drill"
        await answer_right(pilot, panel)  # answered from the log: the drill goes on
        assert drill.asked == 1 and drill.score == 1
        await press(pilot, "t")  # the flowchart, and back
        assert app.screen is not screen
        await press(pilot, "escape")
        assert app.screen is screen and panel.drill is drill


async def test_the_panel_behind_and_the_log_do_not_tell_the_answer_before_it_is_given():
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "d", "b")
        screen = app.screen
        log_before = len(app.game.state.log)
        assert screen.query_one("#side").current == "drill"
        assert screen.session.walk.trace is None  # the walkthrough has not worked it out
        assert not screen.query_one(ReasoningPanel).display
        assert len(app.game.state.log) == log_before
        assert screen.session.flowchart_turns() == []  # the flowchart has no path to show yet


async def test_the_drill_does_not_ask_what_the_walkthrough_already_shows():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")  # the T-bot's turn, walked through: its first step on show
        screen = app.screen
        walk = screen.session.walk
        shown = walk.trace.steps[: walk.shown]
        await press(pilot, "d")
        panel = screen.query_one(DrillPanel)
        assert panel.drill is not None
        asked = []
        while panel.question is not None:
            asked.append(panel.question.step)
            await answer_right(pilot, panel)
        assert not any(step in shown for step in asked if step is not None)


async def test_stopping_the_drill_hands_back_to_the_walkthrough_at_the_step_reached():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "d", "b")
        screen = app.screen
        panel = screen.query_one(DrillPanel)
        await answer_right(pilot, panel)
        await press(pilot, "d")  # stop
        assert panel.drill is None and screen.drills.source == ""
        await pilot.pause()
        assert [(s.right, s.asked) for s in storage.read_record().drills] == [(1, 1)]
        if screen.session.tbot_to_move():
            assert screen.query_one("#side").current == "reasoning"


async def test_a_drill_on_a_random_position_from_the_title_screen():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#seed-input").value = "11"
        await press(pilot, "escape", "g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(DrillPanel)
        assert panel.question is not None
        assert_in_view(screen, screen.query_one(MapPanel), screen.query_one(CardLines))
        await press(pilot, "d")  # stopped early: the walkthrough goes on
        assert screen.drills.source == "" and panel.drill is None


async def test_enter_pressed_to_go_on_from_an_answer_does_not_answer_the_next_question():
    """⏎ after an answer goes on: it answers nothing (a player reading the answer and pressing ⏎
    to go on used to answer the next question with its highlighted 'yes'); it highlights the
    first answer, and the next ⏎ answers. The footer says what ⏎ does while the answer is read."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#seed-input").value = "10"  # a position the T-bot asks 5 tests on
        await press(pilot, "escape", "g")
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one(DrillPanel)
        drill = panel.drill
        assert drill is not None
        options = screen.query_one("#drill-options")
        assert options.highlighted == 0  # the first question: ⏎ answers it
        await press(pilot, "enter")
        assert drill.asked == 1 and panel.question is not None  # a second question is asked
        assert options.highlighted is None and screen.focused is options
        footer = [b.binding.description for b in screen.active_bindings.values()]
        assert "Next question" in footer
        await press(pilot, "enter")  # go on: nothing answered
        assert drill.asked == 1 and options.highlighted == 0
        assert "Next question" not in [b.binding.description
                                       for b in screen.active_bindings.values()]
        await press(pilot, "enter")  # now ⏎ answers
        assert drill.asked == 2 and options.highlighted is None
        await press(pilot, "down")  # ↓ chooses too
        assert options.highlighted == 0
        await press(pilot, "up", "enter")
        assert drill.asked == 3
        await answer_right(pilot, panel)  # y, n or a number answers at once, as before
        assert drill.asked == 4
