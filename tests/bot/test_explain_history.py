"""`tripoli explain` on a save where the American side is to act (every autosave): the T-bot's last
turn read from the save's history; `--turn N` any earlier one (1 the first, -1 the last); a clear
refusal when there is no such turn; and `last_tbot_turn`, the one call the game makes for it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import TBot
from bot.turn_trace import last_tbot_turn, tbot_turn_numbered, tbot_turn_spans
from tripoli_tui.cli.explain import JSON_KEYS
from tripoli_tui.cli.main import main
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import BiasedPlayer
from tripoli_tui.storage import autosave

SEED = 7


def game_after_tbot_turns(turns: int) -> Game:
    """A game played (a biased American, the T-bot) until the American side is to act after the
    T-bot's `turns`-th turn."""
    game = Game.new(SEED)
    play(game, {d.US: BiasedPlayer(SEED), d.TRIPOLITANIA: TBot()},
         until=lambda g: g.pending is not None and g.pending.side == d.US
         and len(tbot_turn_spans(g.state.log)) >= turns)
    return game


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Game, Path]:
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    game = game_after_tbot_turns(4)
    return game, autosave(game)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["explain", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_an_autosave_explains_the_tbots_last_turn(saved: tuple[Game, Path],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    game, path = saved
    assert game.pending is not None and game.pending.side == d.US
    last = last_tbot_turn(game.state.log)
    assert last is not None and last.tbot_turn
    code, out, err = run(capsys, str(path))
    assert code == 0 and err == ""
    assert out.startswith("The T-bot's turn 4 of 4 in this game, read from the save's history")
    assert last.render() in out
    assert out.rstrip().splitlines()[-1].startswith("The event card line after: ")
    code, out, err = run(capsys, str(path), "--json")
    data = json.loads(out)
    assert code == 0 and tuple(data) == JSON_KEYS and err == ""
    assert data["title"] == last.title
    assert [s["step"] for s in data["steps"]] == [s.step for s in last.steps]
    assert data["event_card_line_after"] == [d.card_name(c) for c in game.state.event_card_line]


@pytest.mark.parametrize(("number", "index"), [(1, 0), (2, 1), (4, 3), (-1, 3), (-4, 0)])
def test_turn_n_counts_from_the_first_or_back_from_the_last(
        saved: tuple[Game, Path], capsys: pytest.CaptureFixture[str], number: int,
        index: int) -> None:
    game, path = saved
    spans = tbot_turn_spans(game.state.log)
    want = tbot_turn_numbered(game.state.log, number)
    assert want.title == game.state.log[spans[index].start].text.rstrip(".")
    code, out, _ = run(capsys, str(path), "--turn", str(number), "--json")
    data = json.loads(out)
    assert code == 0 and data["title"] == want.title
    assert data["steps"] == want.to_data()["steps"]


def test_the_line_after_an_earlier_turn_is_the_line_then(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    game = game_after_tbot_turns(12)  # (by then the line has changed since the first turn)
    path = autosave(game)
    end = tbot_turn_spans(game.state.log)[0].end
    lines_then: list[list[str]] = []  # the event card line once the turn's log is written

    def note(replay: Game) -> None:
        if not lines_then and len(replay.state.log) >= end:
            lines_then.append(list(replay.state.event_card_line))

    Game.replay(game.origin, game.history, on_step=note)
    assert lines_then[0] != game.state.event_card_line, "the line then is not the line now"
    code, out, _ = run(capsys, str(path), "--turn", "1", "--json")
    assert code == 0
    assert json.loads(out)["event_card_line_after"] == [d.card_name(c) for c in lines_then[0]]


@pytest.mark.parametrize("number", ["5", "-5", "0"])
def test_a_turn_out_of_range_is_refused_clearly(saved: tuple[Game, Path],
                                                capsys: pytest.CaptureFixture[str],
                                                number: str) -> None:
    _, path = saved
    code, out, err = run(capsys, str(path), "--turn", number)
    assert code == 2 and out == ""
    assert f"there is no T-bot turn {number}: the T-bot has played 4 turns (1 to 4, or -1 to -4 " \
           "from the last)" in err
    assert "Traceback" not in err


def test_a_save_before_the_tbots_first_turn_is_refused(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    path = autosave(Game.new(SEED))
    for args in ((), ("--turn", "1"), ("--json",)):
        code, out, err = run(capsys, str(path), *args)
        assert code == 2 and out == ""
        assert err.startswith("The American side is to act (Spring 1801)")
        assert "Nothing to explain in this save: the T-bot has not played a turn yet." in err


def test_turn_n_on_a_save_where_the_tbot_is_to_act_reads_the_history(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = game_after_tbot_turns(2)
    play(game, {d.US: BiasedPlayer(SEED), d.TRIPOLITANIA: TBot()},
         until=lambda g: g.pending is not None and g.pending.side == d.TRIPOLITANIA)
    path = tmp_path / "tbot-to-act.toml"
    from tripoli_tui.engine.saves import game_to_toml

    path.write_text(game_to_toml(game), encoding="utf-8")
    code, out, _ = run(capsys, str(path), "--turn", "-1", "--json")
    assert code == 0
    assert json.loads(out)["title"] == tbot_turn_numbered(game.state.log, -1).title


def test_last_tbot_turn_is_none_before_the_first() -> None:
    assert last_tbot_turn(Game.new(SEED).state.log) is None
    game = game_after_tbot_turns(1)
    turn = last_tbot_turn(game.state.log)
    assert turn is not None and turn == tbot_turn_numbered(game.state.log, 1)
    assert turn.steps and turn.steps[0].step in ("T1", "T2", "T3")
