"""A position the game accepts is one it can save: `check` and load apply every rule of the board
the game's own saves meet (engine/invariants.py), to the position as written and to the position
the game goes on from (issue 32, point 4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.cli.main import main
from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.saves import SaveError, game_to_toml, load_game_text, position_to_toml

EXAMPLES = sorted(storage.examples_dir().glob("*.toml"))
TUTORIAL = storage.examples_dir() / "14-tripoli-attacks-hits.toml"
SENTENCE = ("position.pieces.tripoli_patrol_zone: 4 Tripolitan ships in the Tripoli patrol zone "
            "outside Tripoli Attacks")


def without_mid_turn() -> str:
    text = TUTORIAL.read_text()
    bare = re.sub(r"\[position\.mid_turn\]\n(?:[^\[\n][^\n]*\n)*\n", "", text)
    assert "mid_turn" not in bare and bare != text
    return bare


def test_the_tutorial_as_written_opens() -> None:
    game = load_game_text(TUTORIAL.read_text())
    assert check_invariants(game.state, hand_limit_pending=game.hand_limit_pending) == []


def test_without_its_mid_turn_it_is_refused_on_load() -> None:
    with pytest.raises(SaveError) as refused:
        load_game_text(without_mid_turn())
    assert str(refused.value).startswith(SENTENCE)
    assert "T-bot's turn" in str(refused.value)
    with pytest.raises(SaveError, match=re.escape(SENTENCE)):  # nor rescued as a bare position
        load_game_text(without_mid_turn(), history=False)


def test_without_its_mid_turn_check_refuses_it(
        save_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bare.toml"
    path.write_text(without_mid_turn())
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"tripoli check: bare.toml: {SENTENCE}")
    assert "Traceback" not in err and err.count("\n") == 1


def test_a_rule_broken_in_the_position_names_its_field() -> None:
    game = Game.new(5)
    state = game.state.clone()
    state.pieces["tripoli"][d.CORSAIR] -= 1
    state.pieces["tripoli_patrol_zone"][d.CORSAIR] += 1
    with pytest.raises(SaveError) as refused:
        load_game_text(position_to_toml(state))
    assert str(refused.value) == ("position.pieces.tripoli_patrol_zone: 1 Tripolitan ship in the "
                                  "Tripoli patrol zone outside Tripoli Attacks")


def autosaves_open(game: Game, seed: int) -> int:
    """Play `game` on with random players, opening each autosave as the app writes it (at every
    turn reached): how many were opened."""
    opened = 0
    turn: tuple[int, int, str] | None = None

    def autosave(g: Game) -> None:
        nonlocal opened, turn
        s = g.state
        if g.pending is not None and (s.year, s.season, str(s.phase)) != turn:
            turn = (s.year, s.season, str(s.phase))
            assert load_game_text(game_to_toml(g)).state == s
            opened += 1

    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 7)},
         after=autosave)
    return opened


@pytest.mark.slow
def test_every_autosave_of_many_seeded_games_opens() -> None:
    """A property: every autosave written in 240 seeded games from the printed setup opens
    (as `check` and Load open it)."""
    assert sum(autosaves_open(Game.new(seed), seed) for seed in range(240)) > 2000


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_autosave_of_games_from_a_tutorial_opens(path: Path) -> None:
    """The same for games played on from every tutorial's position (a position the game
    accepts is one it can save)."""
    for seed in range(4):
        autosaves_open(storage.read_save(path), seed)
