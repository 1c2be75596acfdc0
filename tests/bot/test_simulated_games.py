"""Seeded games with the T-bot for Tripolitania: no error, invariants hold, every T-bot decision has
a trace that ends in that decision, and (almost) every flowchart step is reached.

Runtime (measured on the dev container): the 2,000 games about 10 s, the 200 late-war games about 3 s.
Invariants are checked after every T-bot choice and at the end of each game; the engine's own
property tests check them after every American choice.
"""

from __future__ import annotations

from bot import STEPS, TBot, Trace
from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.players import BiasedPlayer, RandomPlayer
from tripoli_tui.play.simulate import simulate

GAMES = 2000


def test_two_thousand_games_with_traces() -> None:
    tbot = TBot()
    decisions = 0
    kinds: set[str] = set()
    for seed in range(GAMES):
        game = Game.new(seed)
        us = RandomPlayer(seed)
        while game.pending is not None:
            pending = game.pending
            if pending.side == d.US:
                choice, _ = us.answer(game)
                game.submit(choice)
            else:
                answer = tbot.decide(game.state, pending)
                data = answer.trace.to_data()
                assert data["steps"], f"seed {seed}: an empty trace"
                assert data["decision"] == {**data["decision"], "kind": pending.kind,
                                            "choice": answer.choice.text()}, f"seed {seed}"
                if decisions % 97 == 0:
                    assert Trace.from_data(data) == answer.trace
                game.submit(answer.choice, trace=answer.trace)
                decisions += 1
                kinds.add(pending.kind)
                problems = check_invariants(game.state, hand_limit_pending=game.hand_limit_pending)
                assert problems == [], f"seed {seed}: {problems}"
        assert game.state.result.winner in ("us", "tripolitania", "draw"), f"seed {seed}"
    assert decisions > GAMES
    assert {"tripolitan_turn", "drawn_card", "raid_or_build", "battle_card"} <= kinds


def test_late_war_games_reach_every_flowchart_step() -> None:
    tbot = TBot()
    seen: set[str] = set()
    for seed in range(200):
        game = Game.new(seed)
        us = BiasedPlayer(seed)
        while game.pending is not None:
            if game.pending.side == d.US:
                game.submit(us.answer(game).choice)
                continue
            answer = tbot.decide(game.state, game.pending)
            seen.update(step.step for step in answer.trace.steps)
            game.submit(answer.choice, trace=answer.trace)
            problems = check_invariants(game.state, hand_limit_pending=game.hand_limit_pending)
            assert problems == [], f"seed {seed}: {problems}"
    # corsairs-first hits (H-C) need a naval battle against Tripoli in 1805-1806: about three games
    # in a thousand; tests/bot/test_hits_and_choices.py covers it from explicit positions.
    assert sorted(set(STEPS) - seen - {"H-C"}) == []


def test_simulate_uses_the_tbot_by_default() -> None:
    summary = simulate(20, 1)
    assert summary["tripolitan"] == "tbot"
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0
    assert summary["games"] == 20
