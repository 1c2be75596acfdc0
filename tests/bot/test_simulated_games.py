"""Seeded games with the T-bot for Tripolitania: no error, invariants hold, every T-bot decision has
a trace that ends in that decision, and (almost) every flowchart step is reached.

Runtime (measured on the dev container): the 2,000 games about 10 s, the 200 late-war games about 3 s.
Invariants are checked after every T-bot choice and at the end of each game; the engine's own
property tests check them after every American choice.
"""

from __future__ import annotations

import pytest

from bot import STEPS, TBot, Trace
from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import BiasedPlayer, Move, Player, RandomPlayer
from tripoli_tui.play.simulate import simulate

GAMES = 2000


class CheckedTBot:
    """The T-bot, each answer's trace checked as it is given (with `traces`): its data form ends
    in the decision answered; the kinds of decision answered and the flowchart steps taken are
    counted."""

    def __init__(self, traces: bool = True) -> None:
        self.tbot = TBot()
        self.traces = traces
        self.seed = 0
        self.decisions = 0
        self.kinds: set[str] = set()
        self.steps: set[str] = set()

    def answer(self, game: Game) -> Move:
        pending = game.pending
        assert pending is not None
        answer = self.tbot.decide(game.state, pending)
        if self.traces:
            data = answer.trace.to_data()
            assert data["steps"], f"seed {self.seed}: an empty trace"
            assert data["decision"] == {**data["decision"], "kind": pending.kind,
                                        "choice": answer.choice.text()}, f"seed {self.seed}"
            if self.decisions % 97 == 0:
                assert Trace.from_data(data) == answer.trace
        self.decisions += 1
        self.kinds.add(pending.kind)
        self.steps.update(step.step for step in answer.trace.steps)
        return Move(answer.choice, answer.trace)


def play_checked(seed: int, us: Player, tbot: CheckedTBot) -> Game:
    """One game to its end, the invariants checked after every T-bot choice (the engine's own
    property tests check them after every American choice)."""
    def after_tbot(game: Game) -> None:
        if game.history[-1].trace is not None:
            problems = check_invariants(game.state, hand_limit_pending=game.hand_limit_pending)
            assert problems == [], f"seed {seed}: {problems}"

    tbot.seed = seed
    game = Game.new(seed)
    play(game, {d.US: us, d.TRIPOLITANIA: tbot}, after=after_tbot)
    return game


@pytest.mark.slow
def test_two_thousand_games_with_traces() -> None:
    tbot = CheckedTBot()
    for seed in range(GAMES):
        game = play_checked(seed, RandomPlayer(seed), tbot)
        assert game.state.result.winner in ("us", "tripolitania", "draw"), f"seed {seed}"
    assert tbot.decisions > GAMES
    assert {"tripolitan_turn", "drawn_card", "raid_or_build", "battle_card"} <= tbot.kinds


def test_late_war_games_reach_every_flowchart_step() -> None:
    tbot = CheckedTBot(traces=False)
    for seed in range(200):
        play_checked(seed, BiasedPlayer(seed), tbot)
    # corsairs-first hits (H-C) need a naval battle against Tripoli in 1805-1806: about three games
    # in a thousand; tests/bot/test_hits_and_choices.py covers it from explicit positions.
    assert sorted(set(STEPS) - tbot.steps - {"H-C"}) == []


def test_simulate_uses_the_tbot_by_default() -> None:
    summary = simulate(20, 1)
    assert summary["tripolitan"] == "tbot"
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0
    assert summary["games"] == 20
