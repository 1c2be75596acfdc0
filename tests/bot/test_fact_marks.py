"""Each step's facts say which of its conditions were met (✔/✘) and which one decided it: a
battle card's condition that fails is marked on the failing fact, never on one that passes."""

from __future__ import annotations

from bot import flowchart as fc
from bot.reasoning import facts_of, make_step
from bot.trace import Trace
from tests.bot.helpers import ask_tbot
from tests.engine.positions import bare_state, place
from tripoli_tui.engine.cards.decks import TRIPOLITAN
from tripoli_tui.engine.mechanics import raids


def test_a_failing_battle_card_marks_the_fact_that_fails_not_the_one_that_passes() -> None:
    s = bare_state(1801, "summer")
    s.us_hand = ["thomas_jefferson"]
    trigger = TRIPOLITAN["us_signal_books_overboard"].trigger
    assert trigger is not None
    check = trigger(s)
    step = make_step(fc.BATTLE_CARD_STEP["us_signal_books_overboard"], facts_of(check), check.ok,
                     "kept", "us_signal_books_overboard")
    assert not step.passed
    marks = dict(zip(step.facts, (step.mark(n) for n in range(len(step.facts))), strict=True))
    assert marks["year: 1801, needed 1805 or 1806"] == "✘"
    assert marks["cards in the American hand: 1, needed at least 1"] == "✔"
    assert step.facts[step.deciding()] == "year: 1801, needed 1805 or 1806"
    assert [m for m in marks.values() if not m]            # the printed moment: a plain fact


def test_a_harbor_of_raid_or_build_marks_each_of_its_two_conditions() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 4)
    place(s, "tripoli_patrol_zone", "us_frigate", 4)
    _, answer = ask_tbot(s, raids.raid_or_build(s))
    tripoli = next(st for st in answer.trace.steps if st.title == "Raid or Build: Tripoli")
    assert not tripoli.passed
    assert [tripoli.mark(n) for n in range(3)] == ["✔", "✘", ""]
    assert tripoli.deciding() == 1                          # the frigates, not the corsairs


def test_the_marks_are_kept_in_the_log_and_read_back() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 4)
    _, answer = ask_tbot(s, raids.raid_or_build(s))
    assert any(step.met for step in answer.trace.steps)
    data = answer.trace.to_data()
    assert Trace.from_data(data) == answer.trace
    old = {**data, "steps": [{k: v for k, v in st.items() if k != "met"} for st in data["steps"]]}
    for step in Trace.from_data(old).steps:  # a log written before the marks: read, unmarked
        assert step.met == () and not any(step.mark(n) for n in range(len(step.facts)))
