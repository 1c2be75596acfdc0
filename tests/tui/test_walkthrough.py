"""The T-bot's turn step by step: one trace step per key, the examined card highlighted."""

from __future__ import annotations

import pytest
from textual.widgets import ContentSwitcher

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine.decisions import DiscardToBuild
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.screens.choice_trace import TraceScreen
from tripoli_tui.tui.screens.flowchart import FlowchartScreen
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.widgets.cardlines import CardLines
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel
from tripoli_tui.tui.widgets.log_panel import LogPanel
from tripoli_tui.tui.widgets.reasoning import ReasoningPanel


async def test_a_whole_tbot_turn_one_step_per_key():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")  # discard to build a gunboat: the T-bot's turn begins
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert app.game.pending.side == "tripolitania"
        assert screen.query_one("#side", ContentSwitcher).current == "reasoning"
        steps_seen = 0
        decisions = 0
        for _ in range(300):
            if app.game.pending.side == "us":
                break
            driver = screen.session.walk
            steps = driver.trace.steps
            assert driver.shown == 1
            for n in range(2, len(steps) + 2):
                await press(pilot, "space")
                assert driver.shown == n
                if n <= len(steps):
                    card = steps[n - 1].card_id
                    if card:
                        assert screen.query_one(CardLines).examined == card
            steps_seen += len(steps)
            log_before = len(app.game.state.log)
            await press(pilot, "space")  # carry the decision out
            decisions += 1
            assert len(app.game.state.log) > log_before
        assert app.game.pending.side == "us"
        assert app.game.state.when == "Summer 1801"
        assert steps_seen > 0
        traces = [e for e in app.game.state.log if e.kind == "tbot_trace"]
        assert len(traces) == decisions
        assert screen.query_one("#side", ContentSwitcher).current == "hand"


async def test_finish_key_plays_the_rest_of_the_turn_at_once():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "space", "f")
        assert app.game.pending.side == "us"
        assert app.game.state.when == "Summer 1801"


async def test_walkthrough_toggle_is_kept_for_the_session():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "w")
        assert app.walkthrough is False
        await press(pilot, "b")
        assert app.game.state.when == "Summer 1801"  # the T-bot played at once
        await press(pilot, "w")
        assert app.walkthrough is True


async def test_flowchart_shows_the_path_just_taken_and_log_opens_a_trace():
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "f")
        await press(pilot, "t")
        assert isinstance(app.screen, FlowchartScreen)
        assert app.screen.path_taken
        await press(pilot, "escape")
        await press(pilot, "l")
        log = app.screen.query_one(LogPanel)
        traced = [row for row, i in enumerate(log.rows) if log.entries[i].kind == "tbot_trace"]
        assert len(traced) == 1  # one entry for the T-bot's turn
        await press(pilot, "escape", "b", "f")  # a second turn: Five Corsair Check, battle cards
        traced = [row for row, i in enumerate(log.rows) if log.entries[i].kind == "tbot_trace"]
        decisions = sum(1 for e in log.entries if e.kind == "tbot_trace")
        assert len(traced) == 2 and decisions > 2  # one entry per turn, not per decision
        log.highlighted = traced[-1]
        log.focus()
        await press(pilot, "enter")
        assert isinstance(app.screen, TraceScreen)
        assert len(app.screen.trace.decisions) == decisions - 1  # the whole second turn
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_a_failing_tbot_plays_nothing_and_says_so(monkeypatch):
    from bot import TBot

    def broken(self, game):
        raise RuntimeError("flowchart step missing")
    monkeypatch.setattr(TBot, "answer", broken)
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        before = app.game.state.clone()
        await press(pilot, "space", "space", "f")
        assert app.game.state == before
        assert app.game.pending.side == "tripolitania"
        assert "flowchart step missing" in app.screen.session.walk.error


async def test_r_opens_the_rulings_the_walkthrough_step_on_show_names():
    from textual.widgets import OptionList

    from tripoli_tui.tui.screens.help import HelpScreen

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")  # the T-bot's turn: its first step is Murad Reis, ruling TB-3
        walk = app.screen.session.walk
        step = walk.trace.steps[walk.shown - 1]
        assert "TB-3" in " ".join(step.facts) + step.rule
        await press(pilot, "r")
        assert isinstance(app.screen, HelpScreen)
        listing = app.screen.query_one("#ruling-list", OptionList)
        shown = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        assert "TB-3" in shown and len(shown) < 10


async def test_at_80x24_the_step_title_is_pinned_above_the_reasoning_and_not_clipped():
    from textual.widgets import Static

    from tripoli_tui.tui.widgets.reasoning import ReasoningPanel

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        panel = app.screen.query_one(ReasoningPanel)
        pinned = panel.query_one("#reasoning-step", Static)
        walk = app.screen.session.walk
        for _ in range(len(walk.trace.steps)):
            step = walk.trace.steps[walk.shown - 1]
            shown = str(pinned.render())
            assert f"▶ {step.title}" in shown
            assert pinned.region.y == panel.content_region.y            # pinned at the top
            assert pinned.region.right <= panel.region.right            # nothing cut off
            assert len(panel.border_title or "") <= panel.region.width - 4  # the title fits
            panel.scroll_end(animate=False)
            await pilot.pause()
            assert pinned.region.y == panel.content_region.y            # still there scrolled
            await press(pilot, "space")


async def test_with_room_for_the_whole_step_it_is_not_pinned_twice():
    """At 200x60 the step on show fits in the panel whole: its title is read once, in place,
    not again in a pinned line above (at 80x24, the test above, it is pinned)."""
    from textual.widgets import Static

    from tripoli_tui.tui.widgets.reasoning import ReasoningPanel

    app = make_app(Game.new(3))
    async with app.run_test(size=(200, 60)) as pilot:
        await press(pilot, "b")
        panel = app.screen.query_one(ReasoningPanel)
        walk = app.screen.session.walk
        step = walk.trace.steps[walk.shown - 1]
        assert not panel.query_one("#reasoning-step", Static).display
        text = " ".join(str(panel.query_one("#reasoning-text", Static).render()).split())
        assert text.count(step.title) == 1  # (words run together: a long line is wrapped)
        await press(pilot, "space")  # the decision: said once too
        assert not panel.query_one("#reasoning-step", Static).display
        text = " ".join(str(panel.query_one("#reasoning-text", Static).render()).split())
        assert text.count(walk.trace.decision.summary) == 1


def _in_view(panel) -> str:  # type: ignore[no-untyped-def]
    """The reasoning panel's text as far as it is in view (scrolled), lines joined."""
    from textual.geometry import Region
    from textual.widgets import Static

    text = panel.query_one("#reasoning-text", Static)
    top, height = int(panel.scroll_y), panel.scrollable_content_region.height
    return " ".join(strip.text.strip() for strip in text.render_lines(
        Region(0, top, text.size.width, height)))


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_deciding_facts_come_first_in_view_and_the_rule_folds_under_them(size):
    """Each step on show leads with its facts, ✔/✘, in view even at 80x24 (the 40-column panel
    printed the rule first and the facts fell below the fold); the rule unfolds with `o`."""
    from tripoli_tui.tui.widgets.reasoning import ReasoningPanel

    app = make_app(Game.new(3))
    async with app.run_test(size=size) as pilot:
        await press(pilot, "b", "space", "space", "b")  # Summer 1801: three cards, then the check
        panel = app.screen.query_one(ReasoningPanel)
        walk = app.screen.session.walk
        for _ in range(len(walk.trace.steps)):
            step = walk.trace.steps[walk.shown - 1]
            await pilot.pause()
            seen = " ".join(_in_view(panel).split())
            rule = " ".join(step.rule.split()[:4])
            assert rule not in seen                                   # folded
            for n, fact in enumerate(step.facts):
                words = " ".join(fact.split()[:3])
                assert words in seen, (words, seen)                   # every fact in view
                if step.mark(n):
                    assert f"{step.mark(n)} {words}" in seen          # with its ✔ or ✘
            if not step.passed:
                assert "◀ decided it" in seen                         # the failing one marked
            await press(pilot, "o")
            text = str(panel.query_one("#reasoning-text").render())
            assert rule in " ".join(text.split())                     # unfolded
            await press(pilot, "o", "space")


@pytest.mark.parametrize("from_panel", [False, True], ids=["hand", "choices"])
async def test_the_tbots_turn_takes_the_keys_from_the_panel_it_hides(from_panel: bool):
    """Answered from the hand (b) or from the choices asked in the side panel (c, then the
    option's key), the T-bot's turn on show has the keys: its reasoning is focused (↑↓ scroll
    it) and f finishes the turn. The focus was left in the hidden panel: a key of the last
    offer's answered the T-bot's turn with a discard ('not a legal choice')."""
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        if from_panel:
            await press(pilot, "c")
            panel = screen.query_one(ChoicePanel)
            assert "f" in panel.keys  # an option has the key f: the key that went astray
            build = next(n for n, o in enumerate(app.game.pending.options)
                         if isinstance(o, DiscardToBuild))
            await press(pilot, panel.keys[build])
        else:
            await press(pilot, "b")
        assert app.game.pending.side == "tripolitania"
        assert app.focused is screen.query_one(ReasoningPanel)
        await press(pilot, "f")
        assert app.game.pending.side == "us"
        assert app.game.state.when == "Summer 1801"


async def test_the_choices_put_away_answer_no_key():
    """Whatever hides the side panel's choices with the focus still in them, their keys no longer
    answer: the offer they show is no longer asked (the key goes on to the screen: here e, which
    plays the hand's highlighted card as an event, the hand being on show)."""
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "c")
        screen = app.screen
        panel = screen.query_one(ChoicePanel)
        build = next(o for o in app.game.pending.options if isinstance(o, DiscardToBuild))
        key = panel.keys[app.game.pending.options.index(build)]
        screen.query_one("#side", ContentSwitcher).current = "hand"
        await pilot.pause()
        assert panel.has_focus_within and not panel.display
        await press(pilot, key)
        assert all(move.choice != build for move in app.game.history)


async def test_a_player_reading_the_log_keeps_it_as_the_tbots_turn_begins():
    """The T-bot's turn takes the keys only from a panel it hid: the log, on show beside it, keeps
    the focus the player gave it (b still builds with the hand's highlighted card)."""
    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.screen.query_one(LogPanel)
        log.focus()
        await pilot.pause()
        await press(pilot, "b")
        assert app.game.pending.side == "tripolitania"
        assert app.focused is log


def test_a_long_line_of_reasoning_goes_on_under_its_own_words() -> None:
    """hanging_lines: a line longer than the width goes on under its words, past its indent and
    its mark (▶ · ✔ ✘ →), its styles kept; a line that fits, and every line when the width has
    no room to hang words in, is left as it is."""
    from rich.text import Text

    from tripoli_tui.tui.widgets.fitted import hanging_lines

    text = Text("▶ Event card line scan — Yusuf Qaramanli  ✘ no\n"
                "   · place in the event card line: 2 of 3\n"
                "   → next card\n")
    text.stylize("bold", 2, 22)
    hung = hanging_lines(text, 38)
    assert hung.plain == ("▶ Event card line scan — Yusuf\n"
                          "  Qaramanli  ✘ no\n"
                          "   · place in the event card line: 2\n"
                          "     of 3\n"
                          "   → next card\n")
    assert hung[2:22].spans and all(span.style == "bold" for span in hung[2:22].spans)
    assert all(len(line) <= 38 for line in hung.plain.splitlines())
    assert hanging_lines(text, 12).plain == text.plain  # no room to hang words in
    assert hanging_lines(text, 80).plain == text.plain


async def test_at_80x24_no_fact_of_a_step_goes_on_at_the_panels_edge():
    """At 80x24 the facts of a T-bot step wrapped back to the panel's left edge ('…line: 2' /
    'of 3'), where a fact's words are read apart from its mark: each goes on under its words."""
    import re

    from textual.geometry import Region
    from textual.widgets import Static

    from tripoli_tui.tui.widgets.reasoning import ReasoningPanel

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "space", "space", "b", "space")  # Summer 1801, step 2
        panel = app.screen.query_one(ReasoningPanel)
        checked = 0
        for _ in range(4):
            text = panel.query_one("#reasoning-text", Static)
            lines = [strip.text.rstrip() for strip in text.render_lines(
                Region(0, 0, text.size.width, text.virtual_size.height or text.size.height))]
            keys = lines.index(next(line for line in lines if line.startswith(("w:", "space:"))))
            for line in lines[:keys]:  # (not the keys' line under the step, nor its wrap)
                if line and not line.startswith((" ", "▶", "The ", "■")):
                    raise AssertionError(f"a line at the edge: {line!r} in {lines}")
                checked += bool(re.match(r"^ {3,}[a-z0-9(]", line))  # a fact going on
            await press(pilot, "space")
        assert checked  # (facts did wrap at this width: the check saw some)


async def test_the_whole_turn_read_back_at_80x24_keeps_each_fact_under_its_words():
    """The T-bot's last turn read back (v) wrapped its long facts to the dialog's left edge,
    under the marks ('(or Winter' / '1801)'): each goes on under its own words, as beside the
    board."""
    from textual.geometry import Region
    from textual.widgets import Static

    app = make_app(Game.new(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b", "f", "v")
        text = app.screen.query_one("#trace-text", Static)
        lines = [strip.text.rstrip() for strip in text.render_lines(
            Region(0, 0, text.size.width, text.virtual_size.height or text.size.height))]
        assert "    1801)" in lines, lines  # a fact went on, under its words
        assert all(not line or line.startswith((" ", "▶", "■")) for line in lines), lines
