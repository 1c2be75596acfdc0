"""The T-bot's last turn is one key away (v), and the log jumps from T-bot turn to T-bot turn
([ and ]) with a highlight that stands out."""

from __future__ import annotations

from textual.color import Color
from textual.widgets import Static

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.screens.choice_trace import TraceScreen
from tripoli_tui.tui.screens.flowchart import FlowchartScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.widgets.log_panel import LogPanel


async def test_v_opens_the_last_tbot_turn_and_t_its_flowchart() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "v")                       # no T-bot turn yet: nothing opens
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "b", "f", "b", "f", "v")
        screen = app.screen
        assert isinstance(screen, TraceScreen)
        assert screen.trace.title == "The T-bot's turn, Summer 1801"
        assert "Five Corsair Check" in str(screen.query_one("#trace-text", Static).render())
        await press(pilot, "t")
        assert isinstance(app.screen, FlowchartScreen)
        assert app.screen.turns[app.screen.current].title == "The T-bot's turn, Summer 1801"


async def test_the_log_jumps_from_tbot_turn_to_tbot_turn() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "f", "b", "f", "b", "f", "l")
        log = app.screen.query_one(LogPanel)
        turns = log.turn_rows()
        assert len(turns) == 3
        await press(pilot, "left_square_bracket")
        assert log.highlighted == turns[-1]           # the latest T-bot turn
        await press(pilot, "left_square_bracket", "left_square_bracket")
        assert log.highlighted == turns[0]
        await press(pilot, "left_square_bracket")     # none earlier: it stays, and says so
        assert log.highlighted == turns[0]
        await press(pilot, "right_square_bracket")
        assert log.highlighted == turns[1]
        await press(pilot, "enter")
        assert isinstance(app.screen, TraceScreen)
        assert app.screen.trace.title == "The T-bot's turn, Summer 1801"
        await press(pilot, "escape", "v")             # v in the log: the last turn, as anywhere
        assert isinstance(app.screen, TraceScreen)
        assert app.screen.trace.title == "The T-bot's turn, Fall 1801"


async def test_the_highlighted_log_entry_stands_out() -> None:
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "f", "l", "left_square_bracket")
        log = app.screen.query_one(LogPanel)
        plain = log.get_visual_style("option-list--option").rich_style
        lit = log.get_visual_style("option-list--option",
                                   "option-list--option-highlighted").rich_style
        badge = Color.parse(app.get_css_variables()["badge-background"])
        assert lit.bgcolor is not None and lit.bgcolor != plain.bgcolor
        r, g, b = lit.bgcolor.get_truecolor()
        assert max(abs(r - badge.r), abs(g - badge.g), abs(b - badge.b)) <= 2  # the badge's
        assert lit.bold
