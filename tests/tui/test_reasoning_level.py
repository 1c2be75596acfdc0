"""The reasoning level is every campaign's: the walkthrough shows the T-bot's decision at once at
concise (with the fact that decided it) and off (alone), every step at verbose; it is remembered."""

from __future__ import annotations

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine import Game
from tripoli_tui.engine.decisions import DiscardToBuild
from tripoli_tui.play.reasoning_levels import reasoning_lines
from tripoli_tui.storage.settings import read_settings
from tripoli_tui.tui.widgets.reasoning import ReasoningPanel


def panel_text(app) -> str:
    return str(app.screen.query_one("#reasoning-text").render())


async def test_the_walkthrough_shows_the_reasoning_at_the_level_chosen():
    game = Game.new(11)
    app = make_app(game, walkthrough=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        build = next(o for o in game.pending.options if isinstance(o, DiscardToBuild))
        await app.screen.submit(build)
        await pilot.pause()
        panel = app.screen.query_one(ReasoningPanel)
        assert "step 1" in str(panel.border_title)  # verbose: the first step, the rest to walk
        trace = app.screen.session.walk.trace
        concise = reasoning_lines(trace, "concise")
        app.screen.action_reasoning_level()
        await pilot.pause()
        assert app.screen.session.reasoning == "concise"
        assert "The T-bot's decision" in str(panel.border_title)  # its decision, at once
        assert concise[-1] in panel_text(app).replace("\n", " ") or concise[-1][:30] in panel_text(app)
        steps_shown = [s.heading() for s in trace.steps if s.heading() in panel_text(app)]
        assert len(steps_shown) <= 1
        app.screen.action_reasoning_level()
        await pilot.pause()
        assert app.screen.session.reasoning == "off"
        assert "✔" not in panel_text(app) and "✘" not in panel_text(app)
        await press(pilot, "space")  # carried out at once: no step to walk
        assert game.history[-1].trace is not None
        app.screen.action_reasoning_level()
        await pilot.pause()
        assert app.screen.session.reasoning == "verbose"
    assert read_settings()[0].reasoning == "verbose"


async def test_the_level_chosen_is_the_next_games_too():
    game = Game.new(11)
    app = make_app(game, walkthrough=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.action_reasoning_level()
        await pilot.pause()
    assert read_settings()[0].reasoning == "concise"
    app = make_app(Game.new(12), walkthrough=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.session.reasoning == "concise"
