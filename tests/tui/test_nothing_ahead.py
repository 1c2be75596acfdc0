"""Nothing ahead of the learner: while the T-bot's turn is walked through, the flowchart, the trace
and the reasoning panel show only the steps the walkthrough has reached; `f` reveals the rest."""

from __future__ import annotations

from textual.widgets import Static

from bot import TBot
from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.tui.screens.flowchart import FlowchartScreen
from tripoli_tui.tui.screens.flowchart_chart import Arrow, FlowBox
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.widgets.reasoning import ReasoningPanel


def draws_a_card(game: Game) -> bool:
    """The T-bot is to take its turn, and its answer goes past the Five Corsair Check to a draw."""
    pending = game.pending
    if pending is None or pending.kind != k.TRIPOLITAN_TURN:
        return False
    trace = TBot().answer(game).trace
    return trace is not None and [s.step for s in trace.steps][-2:] == ["T2", "T3"]


def a_turn_with_a_draw() -> Game:
    """A T-bot turn that scans its event card line, fails the Five Corsair Check and draws."""
    for seed in range(40):
        game = Game.new(seed)
        play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: TBot()}, until=draws_a_card)
        if game.pending is not None:
            return game
    raise AssertionError("no seed reaches a T-bot draw")


def panel_text(screen: GameScreen) -> str:
    panel = screen.query_one(ReasoningPanel)
    return "\n".join(str(panel.query_one(f"#{part}", Static).render())
                     for part in ("reasoning-step", "reasoning-text"))


async def test_mid_walkthrough_the_flowchart_and_panel_show_nothing_ahead() -> None:
    app = make_app(a_turn_with_a_draw())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        walk = screen.session.walk
        steps = walk.trace.steps
        assert len(steps) >= 3 and steps[-1].step == "T3"
        for shown in range(1, len(steps) + 1):
            assert walk.shown == shown
            text = panel_text(screen)
            assert walk.trace.decision.summary not in text          # the decision: not yet
            ahead = [f for s in steps[shown:] for f in s.facts
                     if all(f not in t.facts for t in steps[:shown])]
            assert not [f for f in ahead if f in text]
            await press(pilot, "t")
            chart = app.screen
            assert isinstance(chart, FlowchartScreen)
            boxes = {b.step.id: b for b in chart.query(FlowBox)}
            reached = {s.step for s in steps[:shown]}
            marked = {i for i, b in boxes.items() if b.marks}
            assert marked == reached, (shown, marked)               # no box ahead is marked
            assert not boxes["T3"].has_class("-taken") or shown == len(steps)  # nor the draw
            assert not boxes["T4"].has_class("-taken")              # nor the card it leads to
            for box_id, box in boxes.items():
                if box_id not in reached:
                    assert "✔" not in str(box.render()) and "✘" not in str(box.render())
            lit = {a.step_id for a in chart.query(Arrow) if a.has_class("-lit")}
            assert lit <= reached                                   # no arrow out of a box ahead
            await press(pilot, "escape")
            await press(pilot, "space")
        assert walk.trace.decision.summary in panel_text(screen)    # the decision, at the end
        await press(pilot, "f")                                     # finish: the rest revealed
        await press(pilot, "t")
        chart = app.screen
        assert isinstance(chart, FlowchartScreen)
        boxes = {b.step.id: b for b in chart.query(FlowBox)}
        assert boxes["T3"].has_class("-taken") and boxes["T4"].has_class("-taken")


def test_where_the_latest_step_leads_is_not_lit_before_the_next_is_shown() -> None:
    """A drawn card failed its test (T4): whether it is queued (back to the draw) or discarded for
    Raid or Build shows only with the next step, not from the arrows out of T4."""
    from rich.text import Text

    from bot.flowchart import RAID_OR_BUILD
    from bot.trace import TraceStep

    queue = Arrow(Text("queue"), "T4", False, "-loop", frozenset({"T3"}))
    discard = Arrow(Text("discard"), "T4", False, "-down", RAID_OR_BUILD)
    t4 = TraceStep("T4", "Consult the drawn card", "", passed=False)
    assert not queue.is_taken(["T3", t4]) and not discard.is_taken(["T3", t4])
    assert queue.is_taken(["T3", t4, "T3"]) and not discard.is_taken(["T3", t4, "T3"])
    assert discard.is_taken(["T3", t4, "T5.1"]) and not queue.is_taken(["T3", t4, "T5.1"])
