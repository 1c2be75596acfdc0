"""Predict the T-bot (the drill), without Textual: its questions, the answers judged, the score, and
the scores kept in the campaign record (old records still load)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot import TBot
from tripoli_tui import storage
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.saves.document import load_game_text
from tripoli_tui.play.drill import NO, YES, Drill, random_position

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
        if question.step is None:
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
