"""A key in the footer works or is not shown (issue 34, point 8): no dimmed key for the player to
press in vain on the game screen (undo with nothing to take back, in the drill; the T-bot's last
turn before it had one), v pressed while the T-bot plays says why it waits, the flowchart shows
n, p, [ and ] only where they go somewhere, and q in a lesson goes back to the title."""

from __future__ import annotations

from typing import Any

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tests.tui.test_course_screens import settle, tutorial_app
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.screens.flowchart import FlowchartScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.title import TitleScreen
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel
from tripoli_tui.tui.widgets.key_footer import KeyFooter


def footer(app: Any) -> dict[str, bool]:
    """Each action the game screen's footer draws, and whether it works now."""
    app.screen.query_one(KeyFooter).bindings_changed(app.screen)
    shown = {}
    for _, binding, enabled, _ in app.screen.active_bindings.values():
        if binding.show:
            shown[binding.action] = enabled
    return shown


def assert_every_key_works(app: Any, where: str) -> dict[str, bool]:
    shown = footer(app)
    dimmed = sorted(action for action, enabled in shown.items() if not enabled)
    assert not dimmed, f"{where}: the footer shows keys that do nothing: {dimmed}"
    drawn = app.screen.query_one(KeyFooter).shown
    assert all(enabled for *_, enabled in drawn), (where, drawn)
    return shown


def said(app: Any) -> str:
    return "\n".join(n.message for n in app._notifications)


async def test_at_the_start_undo_and_the_last_tbot_turn_are_not_shown() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        shown = assert_every_key_works(app, "the first American turn")
        assert "undo" not in shown and "last_tbot_turn" not in shown
        await press(pilot, "m")  # a choice made: undo takes it back, and is shown
        assert footer(app).get("undo") is True
        await press(pilot, "escape")


async def test_in_the_walkthrough_undo_is_shown_only_while_it_works() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await press(pilot, "b")  # a card discarded to build: the T-bot's walkthrough
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.tbot_to_move()
        shown = assert_every_key_works(app, "the walkthrough")
        assert shown.get("undo") is True  # the American discard can still be taken back
        before = len(screen.game.history)
        await press(pilot, "u")
        assert len(screen.game.history) == before - 1 and "Undone." in said(app)
        await press(pilot, "b", "f")  # played through: the T-bot's turn stands
        assert_every_key_works(app, "after the T-bot's turn")


async def test_in_a_drill_undo_is_not_shown_and_v_says_why_it_waits() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await press(pilot, "d", "b")  # drill on; the T-bot's turn asked
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.drilling
        shown = assert_every_key_works(app, "a drill's question")
        assert "undo" not in shown
        history = len(screen.game.history)
        await press(pilot, "u")
        assert len(screen.game.history) == history, "u is not shown: it takes nothing back"
        await press(pilot, "v")
        assert "your drill asks it now. v reads it again once it is over" in said(app), said(app)
        assert screen.drilling and app.screen is screen


async def test_v_in_the_walkthrough_says_why_it_waits() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await press(pilot, "b", "v")
        assert "v reads it again once it is over" in said(app) and "space" in said(app), said(app)
        assert isinstance(app.screen, GameScreen) and app.screen.session.tbot_to_move()


def flowchart_keys(app: Any) -> set[str]:
    return {binding.action for _, binding, _, _ in app.screen.active_bindings.values()
            if binding.show}


async def test_the_flowchart_shows_only_the_keys_that_go_somewhere() -> None:
    app = make_app(Game.new(3), walkthrough=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await press(pilot, "t")  # no T-bot turn yet: the chart alone
        assert isinstance(app.screen, FlowchartScreen)
        keys = flowchart_keys(app)
        assert not {"path_step(1)", "path_step(-1)", "turn(-1)", "turn(1)"} & keys, keys
        await press(pilot, "escape", "b")  # the T-bot plays its first turn at once
        await settle(pilot)
        await press(pilot, "t")
        chart = app.screen
        assert isinstance(chart, FlowchartScreen) and len(chart.turns) == 1
        keys = flowchart_keys(app)
        assert "turn(-1)" not in keys and "turn(1)" not in keys, "one turn: no other to show"
        assert ("path_step(1)" in keys) is (len(chart.path_taken) > 1), (chart.path_taken, keys)
        for _ in range(6):  # turns on until one of several steps is on show
            if len(chart.path_taken) > 1:
                break
            await press(pilot, "escape", "b")
            await settle(pilot)
            await press(pilot, "t")
            chart = app.screen
            assert isinstance(chart, FlowchartScreen)
        assert len(chart.path_taken) > 1 and len(chart.turns) > 1
        keys = flowchart_keys(app)
        assert {"path_step(1)", "path_step(-1)", "turn(-1)", "turn(1)"} <= keys, keys
        before = chart.selected
        await press(pilot, "n")
        assert chart.selected is not before


async def test_q_in_a_lesson_goes_back_to_the_title() -> None:
    app = tutorial_app("01-five-corsair-check")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert footer(app).get("lesson_to_title") is True and "quit" not in footer(app)
        await press(pilot, "q")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen) and app.is_running


async def test_q_in_a_campaign_still_quits() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "lesson_to_title" not in footer(app)
        await press(pilot, "q")
        await settle(pilot)
        assert not app.is_running


async def test_a_key_an_option_has_is_not_drawn_as_the_screens() -> None:
    """While the side panel asks, a key one of its options has picks that option: the footer
    does not draw the screen's own use of it (it drew 't Flowchart' while t sailed the frigate to
    Tripoli: the footer was not told that the next offer's keys had come)."""
    app = make_app(Game.new(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "m", "g")  # discard to move, a frigate from Gibraltar: to where?
        panel = app.screen.query_one(ChoicePanel)
        assert app.game.pending.kind == "move_destination" and "t" in panel.keys
        drawn = {key for key, *_ in app.screen.query_one(KeyFooter).shown}
        assert not drawn & set(panel.keys), sorted(drawn & set(panel.keys))
        await press(pilot, "escape")  # the choices put away: t is the flowchart's again
        assert "t" in {key for key, *_ in app.screen.query_one(KeyFooter).shown}
