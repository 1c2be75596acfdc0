"""The drill's answer marks each fact as the T-bot's own trace does (the walkthrough, `tripoli
explain`): ✔ met, ✘ not, · a plain fact, and the fact that decided the step '◀ decided it' —
date facts too. Pinned over the positions of many seeded games, and the date of the hit
allocation's mode season by season."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.battle import answer_allocate_hit
from bot.trace import TraceStep
from tests.test_drill import tutorial
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.game import Game
from tripoli_tui.play.drill import Drill, Result, random_position

MARKS = {True: "✔", False: "✘", None: ""}


def drilled(seed: int) -> list[tuple[TraceStep, Result]]:
    """Every question of the drill on a seeded position answered (right and wrong in turn)."""
    drill = Drill(random_position(seed))
    out: list[tuple[TraceStep, Result]] = []
    for n in range(200):
        question = drill.question
        if question is None:
            break
        given = question.answer if n % 2 else next(
            (o for o in question.options if o != question.answer), question.answer)
        result = drill.answer(given)
        if question.step is not None:
            out.append((question.step, result))
    return out


def assert_marked_as_the_trace(step: TraceStep, result: Result) -> None:
    marks = tuple(MARKS[h] for h in result.held)
    assert marks == tuple(step.mark(n) for n in range(len(step.facts))), (step.title, step.facts)
    deciding = step.deciding()
    if deciding >= 0:
        assert deciding in result.decided, (step.title, step.facts[deciding])
    if step.met:  # a step with conditions: its deciding fact alone is marked, as in the trace;
        # one that held on several conditions met, those together
        together = tuple(n for n in range(len(step.facts)) if step.passed and step.mark(n) == "✔")
        assert result.decided == ((deciding,) if deciding >= 0 else together), (
            step.title, step.facts)


@pytest.mark.parametrize("seed", range(1, 41))
def test_each_fact_of_an_answer_is_marked_as_in_the_trace(seed: int) -> None:
    for step, result in drilled(seed):
        assert_marked_as_the_trace(step, result)


def test_a_date_fact_that_decided_is_marked() -> None:
    """Sweden Pays Tribute before 1803: its year is the fact that decided (✘, '◀ decided it')."""
    drill = Drill(tutorial("01-five-corsair-check.toml"))
    seen = False
    while (question := drill.question) is not None:
        result = drill.answer(question.answer)
        if question.step is not None and question.step.card == "Sweden Pays Tribute":
            seen = True
            assert_marked_as_the_trace(question.step, result)
            decided = [result.facts[i] for i in result.decided]
            assert len(decided) == 1 and decided[0].startswith("year: 1802")
            assert result.held[result.decided[0]] is False
    assert seen


@pytest.mark.parametrize(("year", "season", "frigates_first"), [
    (1804, 0, True), (1804, 3, True), (1805, 0, False), (1805, 1, False), (1805, 2, False),
    (1805, 3, True), (1806, 0, False), (1806, 3, False)])
def test_the_date_of_the_hit_allocation_mode_is_marked_season_by_season(
        year: int, season: int, frigates_first: bool) -> None:
    game = tutorial("09-hits-spring-1805.toml")
    assert game.pending is not None and game.pending.kind == k.ALLOCATE_HITS
    state = replace(game.state, year=year, season=season)
    mode = answer_allocate_hit(state, game.pending).steps[0]
    date = next(n for n, f in enumerate(mode.facts) if f.startswith("date: "))
    assert mode.mark(date) == ("✔" if frigates_first else "✘"), mode.facts[date]
    assert mode.passed is frigates_first
    if not frigates_first:
        assert mode.deciding() == date


TUTORIALS = sorted(p.name for p in (Path(__file__).resolve().parent.parent / "tripoli_tui"
                                    / "tutorials").glob("*.toml"))


def drilled_game(game: Game) -> list[tuple[TraceStep, Result]]:
    drill = Drill(game)
    out: list[tuple[TraceStep, Result]] = []
    while (question := drill.question) is not None and len(out) < 200:
        result = drill.answer(question.answer)
        if question.step is not None:
            out.append((question.step, result))
    return out


@pytest.mark.parametrize("name", TUTORIALS)
def test_each_fact_of_a_lesson_s_answers_is_marked_as_in_the_trace(name: str) -> None:
    for step, result in drilled_game(tutorial(name)):
        assert_marked_as_the_trace(step, result)


@pytest.mark.parametrize("season", range(4))
@pytest.mark.parametrize("year", [1804, 1805, 1806])
def test_the_hit_allocation_s_date_is_marked_in_the_drill_as_in_the_trace(year: int,
                                                                           season: int) -> None:
    game = tutorial("09-hits-spring-1805.toml")
    game.state.year, game.state.season = year, season
    judged = [(s, r) for s, r in drilled_game(game) if s.step == "H-MODE"]
    assert judged
    for step, result in judged:
        assert_marked_as_the_trace(step, result)
        date = next(n for n, f in enumerate(step.facts) if f.startswith("date: "))
        early = year <= 1804 or (year == 1805 and season == 3)
        assert result.held[date] is early
        assert result.decided == (date,)  # no Assault: the date decides, either way
