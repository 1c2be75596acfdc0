"""The T-bot's reasoning at the three levels, on its real traces from seeded games: verbose every
step, concise its decision and the fact that decided it in two lines at the most, off nothing."""

from __future__ import annotations

from functools import cache

import pytest

from bot import TBot, Trace, TraceDecision, TraceStep
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import Move
from tripoli_tui.play.heuristic import HeuristicPlayer
from tripoli_tui.play.reasoning_levels import (
    DEFAULT_LEVEL,
    LEVELS,
    deciding_step,
    level_of,
    reasoning_lines,
)


class Recording:
    """The T-bot, keeping the trace of every answer it gives."""

    def __init__(self) -> None:
        self.tbot = TBot()
        self.traces: list[Trace] = []

    def answer(self, game: Game) -> Move[Trace]:
        move = self.tbot.answer(game)
        self.traces.append(move.trace)
        return move


@cache
def traces() -> tuple[Trace, ...]:
    """Every trace of the T-bot's answers in four seeded games."""
    found: list[Trace] = []
    for seed in range(1, 5):
        tbot = Recording()
        play(Game.new(seed), {d.US: HeuristicPlayer(), d.TRIPOLITANIA: tbot})
        found += tbot.traces
    return tuple(found)


def test_the_games_give_every_kind_of_trace() -> None:
    kinds = {t.decision.kind for t in traces()}
    assert {"tripolitan_turn", "drawn_card", "raid_or_build", "battle_card", "allocate_hits",
            "keep_die"} <= kinds


def test_off_says_nothing() -> None:
    assert all(reasoning_lines(t, "off") == [] for t in traces())


def test_verbose_is_the_walkthroughs_telling_every_step() -> None:
    for trace in traces():
        lines = reasoning_lines(trace, "verbose")
        assert "\n".join(lines) == trace.render()
        for step in trace.steps:
            assert step.heading() in lines
            assert all(f"    {step.fact_line(n)}" in "\n".join(lines) for n in range(len(step.facts)))


def test_concise_is_the_decision_and_its_deciding_fact_in_two_lines() -> None:
    for trace in traces():
        lines = reasoning_lines(trace, "concise")
        assert 1 <= len(lines) <= 2 and not any("\n" in line for line in lines)
        assert lines[0] == trace.decision_line()
        step = deciding_step(trace)
        assert step is not None
        deciding = step.deciding()
        if deciding >= 0:
            assert lines[1] == f"{step.heading()}: {step.fact_line(deciding)}"


def test_concise_names_the_fact_that_decided_a_failed_test() -> None:
    kept = next(t for t in traces() if t.decision.kind == "battle_card"
                and not any(s.passed for s in t.steps))
    step = kept.steps[-1]
    fact = step.facts[step.deciding()]
    assert fact in reasoning_lines(kept, "concise")[1]
    assert reasoning_lines(kept, "concise")[1].count("✘") == 1


def test_concise_names_the_harbor_chosen_among_those_that_qualify() -> None:
    def step(harbor: str) -> TraceStep:
        return TraceStep("T5.1", f"Raid or Build: {harbor}", "", (f"corsairs in {harbor}: 4",),
                         passed=True, met=("yes",))
    trace = Trace((step("Tangier"), step("Algiers"), step("Tunis"),
                   TraceStep("T5.2", "Raid or Build: raid", "", (), "pirate raid from Algiers", True)),
                  TraceDecision("raid_or_build", "raid algiers", "Raid or Build: pirate raid from "
                                "Algiers.", location="algiers"))
    assert reasoning_lines(trace, "concise") == [
        "Decision: Raid or Build: pirate raid from Algiers.",
        "Raid or Build: Algiers: yes: ✔ corsairs in Algiers: 4"]


def test_concise_of_a_choice_without_conditions_is_what_it_turned_on() -> None:
    trace = Trace((TraceStep("Z-storms", "Storms: which patrol zone", "",
                             ("American frigates in the Tripoli patrol zone: 5",
                              "American frigates in the Tangier patrol zone: 3",
                              "most American frigates: 5"), "the storm strikes Tripoli", True),),
                  TraceDecision("choose_location", "choose tripoli_patrol_zone", "Storms strikes."))
    assert reasoning_lines(trace, "concise")[1] == ("Storms: which patrol zone: · most American "
                                                    "frigates: 5")


def test_concise_takes_the_last_test_that_held_else_the_last_that_failed() -> None:
    def step(title: str, passed: bool) -> TraceStep:
        return TraceStep("T1", title, "", (f"{title} fact",), passed=passed,
                         met=("yes" if passed else "no",))
    decision = TraceDecision("tripolitan_turn", "draw", "The T-bot draws a card.")
    held = Trace((step("A", True), step("B", True), step("C", False)), decision)
    assert reasoning_lines(held, "concise")[1] == "B: yes: ✔ B fact"
    failed = Trace((step("A", False), step("B", False)), decision)
    assert reasoning_lines(failed, "concise")[1] == "B: no: ✘ B fact"


def test_a_decision_with_no_steps_is_its_decision_alone() -> None:
    trace = Trace((), TraceDecision("keep_die", "keep 5", "The T-bot keeps the 5."))
    assert reasoning_lines(trace, "concise") == ["Decision: The T-bot keeps the 5."]
    assert reasoning_lines(trace, "verbose") == ["Decision: The T-bot keeps the 5."]


def test_the_levels_by_name() -> None:
    assert LEVELS == ("verbose", "concise", "off") and DEFAULT_LEVEL == "verbose"
    assert level_of(" Concise ") == "concise"
    with pytest.raises(ValueError, match="verbose, concise, off"):
        level_of("loud")


def test_concise_of_a_test_held_on_several_conditions_names_those_met() -> None:
    step = TraceStep("T1", "Storms", "", ("frigates: 3", "Winter 1801: no", "corsairs: 2"),
                     passed=True, met=("yes", "no", "yes"))
    trace = Trace((step,), TraceDecision("tripolitan_turn", "play storms", "The T-bot plays Storms."))
    assert reasoning_lines(trace, "concise")[1] == "Storms: yes: ✔ frigates: 3; ✔ corsairs: 2"


def test_concise_without_a_condition_held_takes_the_last_step_that_held() -> None:
    chosen = TraceStep("H-F", "Hit allocation: frigates first", "", ("hits left: 1",),
                       "damage a frigate", True)
    after = TraceStep("T1", "Later test", "", ("a fact",), passed=False, met=("no",))
    trace = Trace((chosen, after), TraceDecision("allocate_hits", "hit frigate", "A hit."))
    assert reasoning_lines(trace, "concise")[1] == "Hit allocation: frigates first: · hits left: 1"
