"""Predict the T-bot (the drill), without Textual: its questions (a test yes or no, a choice among
answers of its kind, never a step already shown), the answers judged with the deciding fact marked,
the score, and the scores kept in the campaign record (old records still load)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot import TBot
from tripoli_tui import storage
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.saves.document import load_game_text
from tripoli_tui.play.drill import NO, YES, Drill, fact_held, is_test, random_position

TUTORIALS = Path(__file__).resolve().parent.parent / "tripoli_tui" / "tutorials"


def tutorial(name: str) -> Game:
    return load_game_text((TUTORIALS / name).read_text(encoding="utf-8"))


def at_tbot_turn(seed: int = 3) -> Game:
    game = Game.new(seed)
    game.submit(next(o for o in game.pending.options if isinstance(o, k.DiscardToBuild)))
    return game


def test_each_test_is_asked_in_order_and_judged_by_the_tbot_s_own_answer() -> None:
    game = at_tbot_turn()
    expected = TBot().decide(game.state, game.pending).trace.steps
    drill = Drill(game)
    asked = []
    for step in expected:
        question = drill.question
        assert question is not None and question.step == step and question.options == (YES, NO)
        wrong = NO if step.passed else YES
        result = drill.answer(wrong)
        assert not result.right and result.answer == (YES if step.passed else NO)
        assert result.rule == step.rule and result.facts == step.facts
        asked.append(step.step)
    assert drill.score == 0 and drill.asked == len(expected)


def test_all_right_answers_score_full_and_the_drill_ends_when_the_american_side_acts() -> None:
    game = at_tbot_turn()
    drill = Drill(game)
    while drill.question is not None:
        drill.answer(drill.question.answer)
    assert drill.over and drill.score == drill.asked > 0
    assert game.pending is not None and game.pending.side == "us"
    assert any(e.kind == "tbot_trace" for e in game.state.log)  # the T-bot's turn was carried out


def test_raid_or_build_asks_where_the_tbot_raids_and_the_tie_goes_by_the_order() -> None:
    drill = Drill(tutorial("04-raid-or-build-tie.toml"))
    choices = []
    while drill.question is not None:
        question = drill.question
        if not question.is_test:
            choices.append(question)
        drill.answer(question.answer)
    where = [q for q in choices if q.about == k.RAID_OR_BUILD]
    assert where and "Tangier" in where[0].answer and len(where[0].options) >= 2


def test_a_hit_allocation_asks_which_piece_takes_the_hit() -> None:
    drill = Drill(tutorial("08-hits-1804.toml"))
    kinds = []
    while drill.question is not None:
        kinds.append(drill.question.about)
        drill.answer(drill.question.answer)
    assert k.ALLOCATE_HITS in kinds


def test_a_random_position_is_the_start_of_a_tbot_turn_and_the_same_for_the_same_seed() -> None:
    one, two = random_position(11), random_position(11)
    assert one.pending is not None and one.pending.kind == k.TRIPOLITAN_TURN
    assert one.state == two.state
    assert random_position(11, turns=0).state.when == "Spring 1801"


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    return tmp_path


def test_drill_scores_are_kept_beside_the_games_and_an_old_record_still_loads(saves: Path) -> None:
    (saves / storage.RECORD_FILE).write_text(
        'format = 1\n[[game]]\ndate = 2026-05-01T10:00:00Z\nseed = 4\nwinner = "us"\nhow = "treaty"\n'
        'ending = "Treaty"\nyear = 1805\nseason = "fall"\nus_points = 27\ntripolitan_points = 3\n',
        encoding="utf-8")
    old = storage.read_record()
    assert old.problem == "" and old.games == 1 and old.drills == []
    when = dt.datetime(2026, 5, 2, 9, 0, tzinfo=dt.UTC)
    storage.record_drill(7, 9, "tutorial", when=when)
    record = storage.read_record()
    assert record.games == 1 and record.drills == [storage.DrillScore(when, 7, 9, "tutorial")]
    game = at_tbot_turn(5)
    from tripoli_tui.engine.loop import play
    from tripoli_tui.engine.players import RandomPlayer
    play(game, {"us": RandomPlayer(5), "tripolitania": TBot()})
    storage.record_result(game)
    record = storage.read_record()
    assert record.games == 2 and len(record.drills) == 1  # a finished game keeps the drills


def test_the_record_screen_totals_count_the_drills() -> None:
    from tripoli_tui.tui.screens.record import totals_text

    when = dt.datetime(2026, 5, 2, 9, 0, tzinfo=dt.UTC)
    record = storage.CampaignRecord(drills=[storage.DrillScore(when, 3, 4, "game"),
                                            storage.DrillScore(when, 5, 5, "tutorial")])
    assert "Drills: 2, 8 of 9 predicted right (the last: 5 of 5)" in totals_text(record).plain


def test_a_decision_that_cannot_be_carried_out_ends_the_drill() -> None:
    game = at_tbot_turn()
    before = game.state.log[:]
    refused: list[k.Choice] = []

    def refuse(move) -> bool:
        refused.append(move.choice)
        return False

    drill = Drill(game, carry_out=refuse)
    while drill.question is not None:
        drill.answer(drill.question.answer)
    assert len(refused) == 1 and drill.stopped and drill.over
    assert game.state.log == before


def played_through(name: str) -> list[tuple[object, object]]:
    """Every question of a tutorial's drill, each with its answer judged (answered right)."""
    drill = Drill(tutorial(name))
    asked = []
    while drill.question is not None:
        question = drill.question
        asked.append((question, drill.answer(question.answer)))
    return asked


@pytest.mark.parametrize(("name", "kind", "offered", "answer"), [
    ("02-storms-in-the-line.toml", k.CHOOSE_LOCATION,
     ("Tunis patrol zone", "Tripoli patrol zone"), "Tripoli patrol zone"),
    ("12-yusuf-raid-order.toml", k.YUSUF_RAID_ORDER, ("Tunis", "Algiers"), "Algiers"),
    ("08-hits-1804.toml", k.ALLOCATE_HITS,
     ("Damage an undamaged frigate", "Sink a corsair"), "Damage an undamaged frigate"),
    ("03-tripoli-attacks.toml", k.DRAWN_CARD,
     ("Play the drawn card", "Add it to the end of the event card line and draw again",
      "Discard it to Raid or Build"), "Play the drawn card"),
    ("04-raid-or-build-tie.toml", k.RAID_OR_BUILD,
     ("Pirate raid from Tripoli", "Pirate raid from Tangier", "Pirate raid from Algiers",
      "Pirate raid from Tunis", "Build a corsair in Tripoli"), "Pirate raid from Tangier"),
])
def test_each_choice_is_asked_among_answers_of_its_own_kind(name, kind, offered, answer) -> None:
    """A zone question offers patrol zones, a harbor question harbors, a hit question the pieces;
    a drawn card and Raid or Build offer every answer, not only the legal ones (which would tell)."""
    choices = [(q, r) for q, r in played_through(name) if q.about == kind]
    assert choices, f"{name} asks no {kind} question"
    question, result = choices[0]
    assert question.options == offered and question.answer == answer and result.right
    assert question.step is not None and not question.prompt.endswith("does it hold?")
    assert result.rule == question.step.rule and result.decided  # the choice's own facts, marked


@pytest.mark.parametrize("name", sorted(p.name for p in TUTORIALS.glob("*.toml")))
def test_only_tests_are_asked_yes_or_no_and_no_prompt_names_a_box_id(name: str) -> None:
    for question, _ in played_through(name):
        assert (question.options == (YES, NO)) == question.is_test
        if question.is_test:
            assert question.step is not None and is_test(question.step)
        assert question.step is None or question.step.step not in question.prompt
        assert "does it hold" not in question.prompt


def test_steps_already_shown_are_not_asked() -> None:
    game = tutorial("01-five-corsair-check.toml")
    move = TBot().answer(game)
    steps = move.trace.steps
    assert len(steps) >= 3
    drill = Drill(game, first=move, shown=1)  # the walkthrough showed step 1: asked from step 2
    assert drill.question is not None and drill.question.step == steps[1]
    assert drill.revealed == 1
    drill.answer(drill.question.answer)
    assert drill.revealed == 2
    # the decision shown too: nothing left to ask on it, it is carried out at once
    everything = Drill(tutorial("01-five-corsair-check.toml"), first=move, shown=len(steps) + 1)
    assert everything.carried == 1
    assert everything.question is None or everything.question.step not in steps


def test_a_choice_shown_by_the_walkthrough_is_not_asked_again() -> None:
    game = tutorial("02-storms-in-the-line.toml")
    drill = Drill(game)
    while drill.question is not None and drill.question.about != k.CHOOSE_LOCATION:
        drill.answer(drill.question.answer)
    assert drill.question is not None
    move = TBot().answer(game)  # the zone decision, its only step (the choice) already shown
    again = Drill(game, first=move, shown=1)
    assert again.carried == 1
    assert all(q.about != k.CHOOSE_LOCATION for q in again.queue)


@pytest.mark.parametrize(("fact", "held"), [
    ("corsairs in the harbor of Tripoli: 3, needed at least 5", False),
    ("corsairs in the harbor of Tripoli: 5, needed at least 5", True),
    ("American frigates in the Tripoli patrol zone: 2, needed exactly 1", False),
    ("active allies: 1 (Algiers), needed at least 2 in 1801-1804", False),
    ("Tripolitan corsairs in Gibraltar: 2, needed at least 1 (ruling TB-3)", True),
    ("Derne captured by Hamet's Army: no, needed yes", False),
    ("the T-bot's active event card: none, needed The Philadelphia Runs Aground", False),
    ("frigates in the Gibraltar patrol zone: 1, needed 0 (or Winter 1801)", None),
    ("year: 1802, needed 1803 or later (ruling TB-4)", None),
    ("American and Swedish frigates in the Tangier patrol zone: 0, needed fewer than the corsairs",
     None),
    ("place in the event card line: 1 of 3", None),
])
def test_a_fact_says_whether_its_condition_held(fact: str, held: bool | None) -> None:
    assert fact_held(fact) is held


def test_the_answer_marks_the_fact_that_decided_it() -> None:
    drill = Drill(tutorial("03-tripoli-attacks.toml"))
    judged = {}
    while drill.question is not None:
        question = drill.question
        result = drill.answer(NO if question.answer == YES else YES) if question.is_test \
            else drill.answer(question.answer)
        judged[question.prompt] = result
    five = judged["Five Corsair Check: are there five or more corsairs in the harbor of Tripoli?"]
    assert not five.right and five.answer == NO
    assert [five.facts[i] for i in five.decided] == [
        "corsairs in the harbor of Tripoli: 3, needed at least 5"]
    assert five.held == (False,)
    sweden = judged["Event card line: is the requirement of Sweden Pays Tribute met?"]
    assert [sweden.facts[i] for i in sweden.decided] == [
        "Swedish frigates in the Tripoli patrol zone: 0, needed at least 1"]
