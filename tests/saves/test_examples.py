"""Every example position loads, and shows the situation its description promises."""

from __future__ import annotations

from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine.decisions import parse_choice
from tripoli_tui.engine.saves import game_to_toml, load_game_text

EXAMPLES = sorted(storage.examples_dir().glob("*.toml"))


def test_there_are_five_to_sixteen_examples_each_in_the_readme() -> None:
    assert 5 <= len(EXAMPLES) <= 16
    readme = (storage.examples_dir() / "README.md").read_text()
    assert all(f"`{p.name}`" in readme for p in EXAMPLES)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_loads_and_saves_back(path: Path) -> None:
    game = storage.read_save(path)
    assert game.pending is not None
    assert check_invariants(game.state, hand_limit_pending=game.hand_limit_pending) == []
    assert not game.history
    assert load_game_text(game_to_toml(game)).state == game.state


def play(name: str, *script: str) -> Game:
    game = storage.read_save(storage.examples_dir() / f"{name}.toml")
    for text in script:
        game.submit(parse_choice(text))
    return game


def options(game: Game) -> list[str]:
    assert game.pending is not None
    return [o.text() for o in game.pending.options]


def test_five_corsair_check_fires() -> None:
    assert options(play("01-five-corsair-check")) == ["five-corsair-check", "draw"]


def test_storms_waits_in_the_line_for_a_crowded_zone() -> None:
    assert options(play("02-storms-in-the-line")) == ["play-line storms", "draw"]


def test_tripoli_attacks_is_drawn_and_playable() -> None:
    game = play("03-tripoli-attacks")
    assert options(game) == ["draw"]
    game.submit(parse_choice("draw"))
    assert game.state.tbot_drawn == "tripoli_attacks"
    assert options(game) == ["play-drawn", "discard-raid-or-build"]


def test_raid_or_build_ties_between_tangier_and_algiers() -> None:
    game = play("04-raid-or-build-tie", "draw", "discard-raid-or-build")
    assert game.pending is not None and game.pending.kind == "raid_or_build"
    assert options(game) == ["raid tripoli", "raid tangier", "raid algiers"]


def test_yusuf_raids_with_one_ally_in_1805() -> None:
    game = play("05-yusuf-1805")
    assert options(game)[0] == "play-line yusuf_qaramanli"
    game.submit(parse_choice("play-line yusuf_qaramanli"))
    assert options(game) == ["choose tripoli", "choose tunis"]


def test_the_assault_can_be_played_with_the_guns_waiting() -> None:
    game = play("06-guns-of-tripoli-assault")
    assert "event assault_on_tripoli" in options(game)
    assert "the_guns_of_tripoli" in game.state.battle_card_line


def test_the_hand_limit_in_1806() -> None:
    game = play("07-hand-limit-1806")
    assert game.pending is not None and game.pending.kind == "hand_limit"
    assert len(game.state.us_hand) == 11 and game.state.us_draw == []
    assert game.state.pieces["tripoli"]["tripolitan_frigate"] == 2


def test_the_example_in_the_format_document_loads() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "save-format.md").read_text()
    section = doc.split("## Example", 1)[1]
    text = section.split("```toml\n", 1)[1].split("```", 1)[0]
    game = load_game_text(text)
    assert game.state.tbot_draw[0] == "tripoli_attacks"
    assert game.pending is not None and game.pending.kind == "tripolitan_turn"


TBOT_ANSWERS = {
    "01-five-corsair-check": ["five-corsair-check"],
    "02-storms-in-the-line": ["play-line storms", "choose tripoli_patrol_zone"],
    "03-tripoli-attacks": ["draw", "play-drawn"],
    "04-raid-or-build-tie": ["draw", "discard-raid-or-build", "raid tangier"],
    "05-yusuf-1805": ["play-line yusuf_qaramanli", "choose tripoli"],
}


@pytest.mark.parametrize("name, expected", TBOT_ANSWERS.items(), ids=list(TBOT_ANSWERS))
def test_the_tbot_does_what_the_description_says(name: str, expected: list[str]) -> None:
    from tripoli_tui.engine.loop import play as play_on
    from tripoli_tui.play.simulate import tbot_player

    game = play(name)
    answers: list[str] = []
    play_on(game, {"tripolitania": tbot_player()}, until=lambda game: len(answers) == len(expected),
            after=lambda game: answers.append(game.history[-1].choice.text()))
    assert answers == expected


def test_hits_in_1804_go_to_the_frigate_first() -> None:
    game = play("08-hits-1804")
    assert game.pending is not None and game.pending.kind == "allocate_hits"
    assert game.pending.side == "tripolitania"
    assert options(game) == ["hit frigate", "hit corsair"]


def test_the_mid_turn_positions_stand_at_their_tbot_decision() -> None:
    kinds = {name: play(name).pending for name in (
        "09-hits-spring-1805", "10-hits-assault", "11-queue-and-redraw", "12-yusuf-raid-order",
        "13-signal-books-offered")}
    assert {n: (p.side, p.kind) for n, p in kinds.items() if p is not None} == {
        "09-hits-spring-1805": ("tripolitania", "allocate_hits"),
        "10-hits-assault": ("tripolitania", "allocate_hits"),
        "11-queue-and-redraw": ("tripolitania", "drawn_card"),
        "12-yusuf-raid-order": ("tripolitania", "yusuf_raid_order"),
        "13-signal-books-offered": ("tripolitania", "battle_card"),
    }
    assert options(play("10-hits-assault")) == ["hit frigate", "hit corsair",
                                                "hit damaged_frigate"]
    assert options(play("11-queue-and-redraw")) == ["queue"]
    assert options(play("12-yusuf-raid-order")) == ["choose tunis", "choose algiers"]
