"""The drill played through by keys: toggled in a game, and from the title screen on a random position."""

from __future__ import annotations

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui import storage
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.screens.drill import DrillScreen
from tripoli_tui.tui.screens.game import GameScreen


async def test_a_drill_toggled_in_a_game_is_played_through_and_its_score_recorded():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await press(pilot, "d", "b")  # drill on; discard to build: the T-bot's turn begins
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        drill = screen.drill
        for _ in range(100):
            question = drill.question
            if question is None:
                break
            if question.options == ("yes", "no"):
                await press(pilot, "y" if question.answer == "yes" else "n")  # the right answer
            else:
                await press(pilot, str(question.options.index(question.answer) + 1))
            assert "Right" in str(screen.query_one("#drill-result").render())
        assert drill.over and drill.score == drill.asked > 0
        await press(pilot, "escape")
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        assert app.game.pending.side == "us" and app.game.state.when == "Summer 1801"
        # the T-bot's decisions went through the session, as the walkthrough's do (its last trace
        # and the places its turn changed are known to the screen)
        last = game_screen.session.last_trace
        assert last is not None and last.to_data() == app.game.history[-1].trace
        await pilot.pause()
        record = storage.read_record()
        assert [(s.right, s.asked, s.source) for s in record.drills] == [
            (drill.score, drill.asked, "game")]


async def test_a_drill_on_a_random_position_from_the_title_screen():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#seed-input").value = "11"
        await press(pilot, "escape", "g")
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen)
        assert app.screen.drill.question is not None
        await press(pilot, "escape")  # stopped early: back to the game, the walkthrough goes on
        assert isinstance(app.screen, GameScreen)
        assert app.screen.drill == ""
