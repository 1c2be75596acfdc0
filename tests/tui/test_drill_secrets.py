"""While the drill is on, nothing on screen answers its questions before they are asked: the T-bot's
card tiles carry no ✓/✗, K reads a card without saying whether it would be played, and the help
does not judge the T-bot's cards on the board now. Off again, the marks come back."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.screens.help import HelpScreen
from tripoli_tui.tui.widgets.cardlines import CardLines

MARKS = ("✓", "✗", "✔", "✘")


def tiles_text(screen: GameScreen) -> str:
    return str(screen.query_one(CardLines).render())


async def test_no_card_mark_nor_reason_in_the_whole_drill():
    app = make_app(Game.new(7))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert any(m in tiles_text(screen) for m in MARKS)  # marks on: the default
        await press(pilot, "d")  # the drill on, in the American turn: the next turn is asked
        assert not any(m in tiles_text(screen) for m in MARKS)
        await press(pilot, "K")  # a tile selected: the card, not why it would be played
        tiles = tiles_text(screen)
        assert "Murad Reis Breaks Out" in tiles.split("\n")[-1]
        assert not any(m in tiles for m in MARKS) and "needed" not in tiles
        await press(pilot, "escape", "question_mark")
        assert isinstance(app.screen, HelpScreen) and not app.screen.tbot_now
        await press(pilot, "escape", "d")  # the drill off: the marks are back
        assert any(m in tiles_text(screen) for m in MARKS)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen) and app.screen.tbot_now


def test_the_help_judges_no_tbot_card_when_told_not_to():
    from tripoli_tui.engine import data as d
    from tripoli_tui.tui.screens.help_texts import card_details

    state = Game.new(7).state
    card = d.card_by_name("Murad Reis Breaks Out")
    assert "condition now" in str(card_details(card, state))
    hidden = str(card_details(card, state, tbot_now=False))
    assert "condition now" not in hidden and not any(m in hidden for m in MARKS)


async def test_the_walkthrough_never_tells_how_many_steps_are_left():
    from tripoli_tui.tui.widgets.reasoning import ReasoningPanel

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")  # the T-bot's turn, walked through
        screen = app.screen
        walk, panel = screen.session.walk, screen.query_one(ReasoningPanel)
        titles = []
        for _ in range(60):
            trace = walk.trace
            if trace is None or not screen.session.tbot_to_move():
                break
            title = str(panel.border_title)
            titles.append(title)
            if walk.shown <= len(trace.steps):
                assert title.endswith(f"step {walk.shown}"), title
                assert "/" not in title and " of " not in title
            else:  # every step shown: now the total may be said
                assert f"{len(trace.steps)} step" in title
            await press(pilot, "space")
        assert any(t.endswith("step 1") for t in titles)
        assert any(t.startswith("The T-bot's decision") for t in titles)


def lines_before(panel, words: str) -> int:
    """How many rows of the drill's answer come before the last one with `words` (-1: none)."""
    from tripoli_tui.tui.screens.drill import result_text

    static = panel.query_one("#drill-result")
    rows = result_text(panel.result).wrap(panel.app.console, static.content_region.width)
    return max((n for n, row in enumerate(rows) if words in row.plain), default=-1)


@pytest.mark.parametrize("seed", [1, 2, 4, 6])
async def test_the_answer_and_its_deciding_fact_are_in_view_at_80x24(seed: int):
    from tripoli_tui.play.drill import random_position
    from tripoli_tui.tui.screens.drill import DrillPanel

    app = make_app(random_position(seed))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "d")  # the drill on, at the start of a T-bot turn
        screen = app.screen
        panel = screen.query_one(DrillPanel)
        reveal = panel.query_one("#drill-reveal")
        decided = 0
        for n in range(60):
            question = panel.question
            if question is None:
                break
            given = question.answer if n % 2 else next(
                o for o in question.options if o != question.answer)
            await press(pilot, str(question.options.index(given) + 1))
            assert reveal.scroll_y == 0
            height = reveal.scrollable_content_region.height
            assert lines_before(panel, "Right" if given == question.answer else "Not so") == 0
            if panel.result.decided:
                decided += 1
                row = lines_before(panel, "◀")
                assert 0 <= row < height, (row, height, panel.result.facts)
        assert decided


@pytest.mark.parametrize("key", ["enter", "escape", "q"])
async def test_after_the_last_question_go_on_answers_enter_escape_and_q(key: str):
    from tripoli_tui.tui.screens.drill import DrillPanel
    from tripoli_tui.tui.widgets.key_footer import KeyFooter

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "d", "b")
        screen = app.screen
        panel = screen.query_one(DrillPanel)
        for _ in range(40):
            question = panel.question
            if question is None:
                break
            await press(pilot, str(question.options.index(question.answer) + 1))
        assert panel.drill is not None and panel.drill.over
        footer = screen.query_one(KeyFooter)
        said = {description: enabled for _, _, description, enabled in footer.shown}
        assert said.get("Go on") is True and "Quit" not in said
        if key != "enter":  # reading the log (where ⏎ opens a T-bot turn): esc and q go on
            await press(pilot, "l")
        await press(pilot, key)
        assert app.is_running and app.screen is screen
        assert panel.drill is None and app.game.pending.side == "us"
        said = {description for _, _, description, _ in footer.shown}
        assert "Go on" not in said and "Quit" in said


async def test_the_card_under_question_can_be_read():
    from tests.test_drill import tutorial
    from tripoli_tui.engine import data as d
    from tripoli_tui.tui.screens.drill import DrillPanel

    app = make_app(tutorial("01-five-corsair-check.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "d")
        screen = app.screen
        panel = screen.query_one(DrillPanel)
        question = panel.question
        assert question is not None and question.card_id
        await press(pilot, "K")
        card = d.CARDS[question.card_id]
        said = tiles_text(screen).split("\n")[-1]
        assert said == f"{card.name}: {card.tbot}"  # its printed instruction, not judged
        await press(pilot, "escape")
        assert panel.question is question  # still asked, and ⏎ answers it
        await press(pilot, "enter")
        assert panel.drill.asked == 1
