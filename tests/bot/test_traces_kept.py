"""A T-bot trace stays a Trace from the T-bot to the screen: the history and the log keep the
object itself, only the save writes its data, and a loaded game reads each saved trace once."""

from __future__ import annotations

from pathlib import Path

from bot import TBot
from bot.trace import Trace, trace_of
from bot.turn_trace import turn_traces
from tripoli_tui.engine import Game, SavedTrace
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.saves import game_to_toml, load_game_text

CAMPAIGNS = Path(__file__).parent.parent / "campaigns"


def _played(seed: int, actions: int) -> Game:
    game = Game.new(seed)
    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: TBot()},
         until=lambda g: len(g.history) >= actions)
    return game


def _asked(game: Game) -> list[Trace]:
    """Every trace the walkthrough reads from the log: the T-bot's answers, as the turns hold them."""
    return [t for turn in turn_traces(game.state.log) for t in turn.traces if t.decision.asked]


def test_the_history_and_the_log_keep_the_tbot_trace_itself() -> None:
    game = _played(11, 60)
    traced = [e.trace for e in game.history if e.trace is not None]
    assert traced and all(isinstance(t, Trace) for t in traced)
    logged = [e.data for e in game.state.log if e.kind == "tbot_trace"]
    assert len(logged) == len(traced)
    assert all(a is b for a, b in zip(logged, traced, strict=True))
    assert all(a is b for a, b in zip(_asked(game), traced, strict=True))


def test_a_save_writes_the_data_and_a_loaded_game_reads_each_trace_once() -> None:
    game = _played(11, 60)
    text = game_to_toml(game)
    loaded = load_game_text(text)
    saved = [e.trace for e in loaded.history if e.trace is not None]
    assert saved and all(isinstance(t, SavedTrace) for t in saved)
    assert game_to_toml(loaded) == text  # its data written back as it was read
    first = _asked(loaded)
    assert first == [e.trace for e in game.history if e.trace is not None]
    again = _asked(loaded)  # a redraw: the same objects, not read from the data again
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert loaded.state == game.state  # a saved trace equals the trace whose data it holds


def test_data_that_is_no_trace_reads_as_none_and_is_kept_for_the_save() -> None:
    odd = SavedTrace({"steps": "not a list of steps"})
    assert trace_of(odd) is None and trace_of(odd) is None
    assert odd.to_data() == {"steps": "not a list of steps"}
    assert trace_of(None) is None and trace_of({"steps": [], "decision": {}}) is None
    # saves of format 1 whose traces are written by hand in another shape: loaded, their traces
    # kept as they were, each shown as a plain line of the turn
    for path in sorted(CAMPAIGNS.glob("format1-*.toml")):
        text = path.read_text()
        loaded = load_game_text(text)
        saved = [e.trace for e in loaded.history if e.trace is not None]
        assert saved and all(trace_of(t) is None for t in saved), path.name
        assert _asked(loaded) == [], path.name
        assert game_to_toml(loaded).split("[history.traces]")[1] == text.split("[history.traces]")[1]
