"""`tripoli explain`: the T-bot's answer to a saved position, text or JSON; never writes the save."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bot import STEPS
from tripoli_tui.engine import Game
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.saves import game_to_toml
from tripoli_tui.explain_command import explain_game, explain_save


def game_at_tripolitan_decision(seed: int = 4) -> Game:
    game = Game.new(seed)
    play(game, {"us": RandomPlayer(seed)}, until=lambda game: game.pending.side != "us")
    assert game.pending is not None
    return game


def test_explain_a_tripolitan_decision_as_json() -> None:
    game = game_at_tripolitan_decision()
    assert game.pending is not None
    before = copy.deepcopy(game.state)
    code, text = explain_game(game, as_json=True)
    assert code == 0
    data = json.loads(text)
    assert set(data) == {"steps", "decision"}
    assert data["decision"]["kind"] == game.pending.kind
    assert all(step["step"] in STEPS for step in data["steps"])
    assert game.state == before


def test_explain_as_text() -> None:
    game = game_at_tripolitan_decision()
    code, text = explain_game(game, as_json=False)
    assert code == 0
    assert text.splitlines()[-1].startswith("Decision")
    assert "[T1]" in text or "[B" in text or "[H-" in text


def test_the_players_decision_is_not_explained() -> None:
    game = Game.new(1)
    code, text = explain_game(game, as_json=False)
    assert code == 2
    assert "the player's" in text


def test_a_missing_save_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = explain_save(str(tmp_path / "nothing-here.toml"), as_json=False)
    assert code == 1
    err = capsys.readouterr().err
    assert err.startswith("tripoli explain: ")
    assert "Traceback" not in err


def test_a_garbled_save_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "garbled.toml"
    path.write_text("format = [[[ not toml", encoding="utf-8")
    code = explain_save(str(path), as_json=True)
    assert code == 1
    assert "Traceback" not in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == "format = [[[ not toml"


def test_explain_a_real_save_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = game_at_tripolitan_decision()
    path = tmp_path / "tbot-turn.toml"
    text = game_to_toml(game)
    path.write_text(text, encoding="utf-8")
    code = explain_save(str(path), as_json=True)
    out = capsys.readouterr().out
    assert code == 0, out
    data = json.loads(out)
    assert game.pending is not None and data["decision"]["kind"] == game.pending.kind
    assert path.read_text(encoding="utf-8") == text


def test_explain_a_save_with_the_players_decision(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "player-turn.toml"
    path.write_text(game_to_toml(Game.new(2)), encoding="utf-8")
    assert explain_save(str(path), as_json=False) == 2
    assert "the player's" in capsys.readouterr().err


def test_explain_an_example_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert explain_save("01-five-corsair-check", as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["decision"]["choice"] == "five-corsair-check"
    assert [s["step"] for s in data["steps"]][-1] == "T2"


def test_explain_a_name_in_the_save_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path))
    (tmp_path / "my game.toml").write_text(game_to_toml(game_at_tripolitan_decision()), "utf-8")
    assert explain_save("my game", as_json=False) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1].startswith("Decision")
