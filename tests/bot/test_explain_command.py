"""`tripoli explain`: the T-bot's whole turn from a saved position, text or JSON; never writes the
save."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from bot import STEPS
from tripoli_tui.cli.explain import JSON_KEYS, SEED_NOTE, explain_game, explain_save
from tripoli_tui.engine import Game
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.saves import game_to_toml
from tripoli_tui.storage import SaveInfo, list_examples


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
    assert tuple(data) == JSON_KEYS
    assert data["decision"]["kind"] == game.pending.kind
    assert data["decision"] == data["decisions"][0]
    assert all(step["step"] in STEPS for step in data["steps"])
    assert all({"step", "card", "passed", "facts", "outcome", "rule"} <= set(step)
               for step in data["steps"])
    assert game.state == before  # played on a copy


def test_explain_as_text() -> None:
    game = game_at_tripolitan_decision()
    code, text = explain_game(game, as_json=False)
    assert code == 0
    assert SEED_NOTE in text
    assert "Decision" in text
    assert "The rule: " in text and not re.search(r"\[(T\d|B\d|H-|Y-|Z-)", text)
    assert text.splitlines()[-1].startswith(("Then the American side is to act", "The game ends"))


def test_before_the_tbots_first_turn_there_is_nothing_to_explain() -> None:
    game = Game.new(1)
    code, text = explain_game(game, as_json=False)
    assert code == 2
    assert text.startswith("The American side is to act (Spring 1801)")
    assert text.endswith("Nothing to explain in this save: the T-bot has not played a turn yet.")


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
    assert "The American side is to act" in capsys.readouterr().err


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
    assert "Decision" in capsys.readouterr().out


EXAMPLES = list_examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.path.stem for e in EXAMPLES])
def test_explain_every_tutorial(example: SaveInfo, capsys: pytest.CaptureFixture[str]) -> None:
    from tripoli_tui.storage import read_save

    path = example.path
    before = path.read_bytes()
    game = read_save(path)
    tbot = game.pending is not None and game.pending.side == "tripolitania"
    code = explain_save(str(path), as_json=True)
    out, err = capsys.readouterr()
    assert path.read_bytes() == before
    if not tbot:  # a position at the American's decision: no T-bot turn in its history
        assert code == 2 and "The American side is to act" in err
        assert "the T-bot has not played a turn yet" in err
        return
    assert code == 0, err
    assert SEED_NOTE in err
    data = json.loads(out)
    assert tuple(data) == JSON_KEYS
    assert data["decision"]["kind"] == game.pending.kind  # type: ignore[union-attr]
    assert set(data["battle_cards"]) == {"played", "kept"}
    assert all({"at", "hits", "taken_by"} <= set(h) for h in data["hits"])
    kinds = {dec["kind"] for dec in data["decisions"]}
    assert kinds <= {"tripolitan_turn", "drawn_card", "raid_or_build", "battle_card",
                     "allocate_hits", "choose_location", "yusuf_raid_order", "keep_die"}


def test_explain_runs_until_the_american_side_acts(capsys: pytest.CaptureFixture[str]) -> None:
    assert explain_save("01-five-corsair-check", as_json=False) == 0
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1].startswith(
        "Then the American side is to act (Summer 1802): Interception roll")


def test_explain_the_whole_turn_of_a_tutorial(capsys: pytest.CaptureFixture[str]) -> None:
    assert explain_save("03-tripoli-attacks", as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert [dec["choice"] for dec in data["decisions"]] == ["draw", "play-drawn", "hit frigate"]
    assert data["drawn"] == ["Tripoli Attacks"] and data["queued"] == []
    assert data["event_card_line_after"] == ["Constantinople Sends Aid", "Yusuf Qaramanli",
                                             "Sweden Pays Tribute"]
    assert data["hits"] == [{"at": "Tripoli patrol zone", "hits": 1,
                             "taken_by": ["Damage an undamaged frigate"], "decided": 1,
                             "each": [{"target": "Damage an undamaged frigate", "decided": True,
                                       "ships_left": "1 frigate (1 damaged), 3 corsairs"}]}]
    assert data["decisions"][2]["allocation"] == {"at": "Tripoli patrol zone",
                                                  "target": "Damage an undamaged frigate"}


def test_explain_from_the_middle_of_a_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot import TBot

    game = game_at_tripolitan_decision()
    play(game, {"tripolitania": TBot(), "us": RandomPlayer(3)},  # a seed whose game reaches one
         until=lambda game: game.pending.kind == "drawn_card")
    assert game.pending is not None
    path = tmp_path / "mid-turn.toml"
    path.write_text(game_to_toml(game), encoding="utf-8")
    assert explain_save(str(path), as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["decision"]["kind"] == "drawn_card"
    assert data["drawn"][0] == data["decision"]["card"]


TUTORIAL_TURNS = {
    # name: (first decisions, hits [(at, taken by)], queued, battle cards played, kept)
    "04-raid-or-build-tie": (["draw", "discard-raid-or-build", "raid tangier"], [], [], None, None),
    "08-hits-1804": (["hit frigate", "hit corsair"],
                     [("Tripoli", ["Damage an undamaged frigate", "Sink a corsair"])], [], None,
                     None),
    "09-hits-spring-1805": (["hit corsair", "hit corsair"],
                            [("Tripoli", ["Sink a corsair", "Sink a corsair"])], [], None, None),
    "10-hits-assault": (["hit frigate", "hit corsair", "hit corsair"],
                        [("Tripoli", ["Damage an undamaged frigate", "Sink a corsair",
                                      "Sink a corsair"])], [], None, None),
    "11-queue-and-redraw": (["queue", "queue", "discard-raid-or-build", "raid tripoli"], None,
                            ["Storms", "The Philadelphia Runs Aground"], None, None),
    "12-yusuf-raid-order": (["choose algiers"], None, [], None, None),
    "13-signal-books-offered": (["battle-card us_signal_books_overboard",
                                 "battle-card happy_hunting"], None, [],
                                ["US Signal Books Overboard", "Happy Hunting",
                                 "Merchant Ship Converted"], []),
}


@pytest.mark.parametrize("name", sorted(TUTORIAL_TURNS))
def test_explain_each_kind_of_tbot_decision(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    first, hits, queued, played, kept = TUTORIAL_TURNS[name]
    assert explain_save(name, as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert [dec["choice"] for dec in data["decisions"]][:len(first)] == first
    if hits is not None:
        assert [(h["at"], h["taken_by"]) for h in data["hits"]][:len(hits)] == hits
    assert data["queued"] == queued
    assert data["event_card_line_after"][-len(queued):] == queued or not queued
    if played is not None:
        assert data["battle_cards"] == {"played": played, "kept": kept}


def test_the_tutorials_stand_at_every_kind_of_tbot_decision() -> None:
    from tripoli_tui.storage import read_save

    kinds = {read_save(e.path).pending.kind for e in EXAMPLES  # type: ignore[union-attr]
             if read_save(e.path).pending.side == "tripolitania"}  # type: ignore[union-attr]
    assert kinds == {"tripolitan_turn", "drawn_card", "battle_card", "yusuf_raid_order",
                     "allocate_hits"}
