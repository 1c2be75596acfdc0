"""Save then load gives the same game, at many points of many seeded games, and it plays on alike."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from tripoli_tui.engine import Game, GameState, SavedTrace
from tripoli_tui.engine import data as d
from tripoli_tui.engine.game import RESUMABLE_PHASES
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.saves import (
    HANDLED_FIELDS,
    game_to_toml,
    load_game_text,
    position_to_toml,
)
from tripoli_tui.engine.state import Phase

from .helpers import checkpoints, late_game, play_to_end, players

SEEDS = [*range(25), 152, 1217, 2122]


@pytest.mark.parametrize("seed", SEEDS)
def test_load_of_save_is_the_same_game_at_every_checkpoint(seed: int) -> None:
    loads = 0
    for game, _ in checkpoints(seed, every=3):
        loaded = load_game_text(game_to_toml(game))
        assert loaded.state == game.state, f"seed {seed} at choice {len(game.history)}"
        assert loaded.history == game.history
        assert loaded.origin == game.origin
        assert (loaded.pending is None) == (game.pending is None)
        if game.pending is not None:
            assert loaded.pending == game.pending
        loads += 1
    assert loads > 5


@pytest.mark.parametrize("seed", [1, 10, 152, 1217])
def test_a_loaded_game_continues_exactly_as_the_original(seed: int) -> None:
    final = play_to_end(Game.new(seed), players(seed))
    points = list(checkpoints(seed, every=11))
    assert len(points) > 3
    for game, who in points:
        loaded = load_game_text(game_to_toml(game))
        play_to_end(loaded, copy.deepcopy(who))
        assert loaded.state.log == final.state.log, f"seed {seed} from choice {len(game.history)}"
        assert loaded.state == final.state


def test_traces_come_back_with_the_history() -> None:
    game = late_game(1217)
    traced = [e for e in game.history if e.trace is not None]
    assert traced
    loaded = load_game_text(game_to_toml(game))
    assert [e.trace for e in loaded.history] == [e.trace for e in game.history]
    kinds = [e.kind for e in loaded.state.log]
    assert kinds.count("tbot_trace") == len(traced)


@pytest.mark.parametrize("seed", [2, 152, 1217])
def test_positions_at_phase_boundaries_round_trip_without_history(seed: int) -> None:
    checked = 0
    for game, _ in checkpoints(seed, every=1):
        pending = game.pending
        at_start = pending is not None and pending.kind in ("american_play", "tripolitan_turn")
        if not at_start or len(game.state.us_hand) > 8:
            continue
        loaded = load_game_text(position_to_toml(game.state, pending=pending))
        expected = dataclasses.replace(game.state, log=[])
        assert dataclasses.replace(loaded.state, log=[]) == _at_phase_start(expected)
        assert loaded.pending == pending
        checked += 1
    assert checked > 10


def _at_phase_start(state: GameState) -> GameState:
    """The state the engine holds once a resumed phase has asked its first question."""
    s = copy.deepcopy(state)
    if s.phase == Phase.TRIPOLITAN_PLAY:
        s.tbot_active_event = ""
    return s


def test_a_game_begun_from_a_position_saves_its_origin() -> None:
    start = late_game(152, 1804).state
    start = dataclasses.replace(copy.deepcopy(start), log=[])
    assert start.phase in RESUMABLE_PHASES
    game = Game(start)
    who = players(5)
    for _ in range(20):
        if game.pending is not None:
            who.step(game)
    text = game_to_toml(game)
    assert "[history.origin]" in text
    loaded = load_game_text(text)
    assert loaded.origin == game.origin and loaded.state == game.state


def test_every_gamestate_field_is_written_and_read() -> None:
    names = {f.name for f in dataclasses.fields(GameState)}
    assert names == HANDLED_FIELDS, "a GameState field the save format does not know about"


def test_awkward_trace_text_survives() -> None:
    game = Game.new(4)
    play(game, players(4).sides(), until=lambda game: game.pending.side != d.US)
    assert game.pending is not None
    awkward = {"text": "Hamet's 'army' \x7f \u00e9\u2014 \n\t \"quoted\" \\ ''' \"\"\"",
               "nested": [[1, 2.5, True], {"k": "v"}], "empty": {}, "none": None}
    game.submit(game.pending.options[0], trace=SavedTrace(awkward))
    loaded = load_game_text(game_to_toml(game))
    assert loaded.history[-1].trace.to_data() == awkward
    assert loaded.state == game.state


@pytest.mark.parametrize("seed", [5, 1217])
def test_round_trip_with_the_tbot_and_its_real_traces(seed: int) -> None:
    from tripoli_tui.play.simulate import tbot_player

    def saved_and_loaded(game: Game) -> None:
        if len(game.history) % 9 == 0:
            assert load_game_text(game_to_toml(game)).state == game.state

    game = Game.new(seed)
    play(game, {d.US: players(seed).us, d.TRIPOLITANIA: tbot_player()}, after=saved_and_loaded)
    loaded = load_game_text(game_to_toml(game))
    assert loaded.state == game.state and any(e.trace for e in loaded.history)


def test_a_loaded_phase_is_the_phase_type_with_the_save_word() -> None:
    game = late_game(152, 1803)
    loaded = load_game_text(game_to_toml(game))
    assert isinstance(loaded.state.phase, Phase) and loaded.state.phase == game.state.phase
    assert f'\nphase = "{game.state.phase.value}"\n' in game_to_toml(loaded)
