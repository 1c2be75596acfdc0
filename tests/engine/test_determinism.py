"""The same seed and the same choices always give the same game."""

from __future__ import annotations

import pytest

from tripoli_tui.engine import Game, rng
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import Choice, parse_choice
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import BiasedPlayer, RandomPlayer


def played(seed: int) -> tuple[Game, list[Choice]]:
    game = Game.new(seed)
    play(game, {d.US: BiasedPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1_000_003)})
    return game, [entry.choice for entry in game.history]


@pytest.mark.parametrize("seed", [0, 1, 42, 999, 2024])
def test_same_seed_same_choices_same_log(seed: int) -> None:
    first, choices = played(seed)
    second, again = played(seed)
    assert again == choices
    assert second.state == first.state
    assert [(e.year, e.season, e.side, e.kind, e.text, e.data) for e in second.state.log] == [
        (e.year, e.season, e.side, e.kind, e.text, e.data) for e in first.state.log]


@pytest.mark.parametrize("seed", [7, 77, 777])
def test_replay_from_text_forms_rebuilds_the_game(seed: int) -> None:
    game, choices = played(seed)
    texts = [c.text() for c in choices]
    assert [parse_choice(t) for t in texts] == choices
    rebuilt = Game.replay(game.origin, texts)
    assert rebuilt.state == game.state
    assert rebuilt.state.log == game.state.log
    assert rebuilt.is_over


def test_different_seeds_differ() -> None:
    a, _ = played(1)
    b, _ = played(2)
    assert a.state.log != b.state.log


def test_generator_is_fixed() -> None:
    """The generator's outputs are part of saved games: they must never change."""
    g = rng.seed_state(2020)
    values = []
    for n in (6, 6, 6, 24, 100):
        g, v = rng.below(g, n)
        values.append(v)
    assert values == EXPECTED_DRAWS
    _, shuffled = rng.shuffled(rng.seed_state(1), list(range(10)))
    assert sorted(shuffled) == list(range(10)) and shuffled == EXPECTED_SHUFFLE


EXPECTED_DRAWS = [2, 5, 1, 10, 5]
EXPECTED_SHUFFLE = [7, 6, 5, 2, 3, 8, 0, 1, 4, 9]


def test_undo_goes_back_one_american_choice_but_never_past_the_t_bot() -> None:
    game = Game.new(11)
    assert game.pending is not None and game.pending.kind == "american_play"
    before, pending = game.state.clone(), game.pending
    move = next(o for o in pending.options if o.text().startswith("discard-move"))
    game.submit(move)
    assert game.pending is not None and game.pending.kind == "move_frigate"
    assert game.can_undo
    game.undo()
    assert game.state == before and game.pending == pending and game.history == []
    assert not game.can_undo
    game.submit(move)
    game.submit(parse_choice("done"))                 # move no frigate: the T-bot's turn
    assert game.pending is not None and game.pending.side == d.TRIPOLITANIA
    game.submit(game.pending.options[-1])
    assert not game.can_undo


def test_dice_are_the_generator_six_sided_draws() -> None:
    g = rng.seed_state(99)
    expected = []
    h = g
    for _ in range(50):
        h, v = rng.below(h, 6)
        expected.append(v + 1)
    assert rng.dice(g, 50) == (h, expected)


def test_shuffle_of_a_long_list_is_a_permutation() -> None:
    g, out = rng.shuffled(rng.seed_state(3), list(range(300)))
    assert sorted(out) == list(range(300)) and out != list(range(300)) and g != rng.seed_state(3)
