"""Log entries written when read (LazyLogEntry) read exactly as plain LogEntry values."""

from __future__ import annotations

import copy
import json
import pickle

from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.state import LazyLogEntry, LogEntry


def played_log(seed: int) -> list[LogEntry]:
    game = Game.new(seed)
    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1)})
    return game.state.log


def test_a_lazy_entry_reads_as_the_plain_entry_of_its_text() -> None:
    log = played_log(3)
    lazy = [e for e in log if isinstance(e, LazyLogEntry)]
    assert {e.kind for e in lazy} >= {"header", "dice", "text"}
    for entry in lazy:
        plain = LogEntry(entry.year, entry.season, entry.side, entry.kind, entry.text, entry.data)
        assert entry == plain and plain == entry and not entry != plain
        if not isinstance(entry.data, (dict, list)):  # (as a plain entry, else unhashable)
            assert hash(entry) == hash(plain)
        assert tuple(entry) == tuple(plain) and list(entry) == list(plain)
        assert repr(entry) == repr(plain)
        assert entry._asdict() == plain._asdict()
        assert entry._replace(kind="x") == plain._replace(kind="x")
        year, season, side, kind, text, data = entry
        assert (year, season, side, kind, text, data) == tuple(plain)
        assert json.dumps(list(entry)) == json.dumps(list(plain))
        for copied in (pickle.loads(pickle.dumps(entry)), copy.deepcopy(entry), copy.copy(entry)):
            assert copied == plain and copied.text == plain.text


def test_the_log_written_later_is_the_log_written_at_once() -> None:
    # The same game's log, every entry written out as a plain LogEntry, compares equal entry by
    # entry and as a whole position; a changed text does not.
    game = Game.new(8)
    play(game, {d.US: RandomPlayer(8), d.TRIPOLITANIA: RandomPlayer(9)})
    written = game.state.clone()
    written.log = [LogEntry(*e) for e in game.state.log]
    assert written == game.state
    changed = written.log[1]._replace(text=written.log[1].text + "!")
    written.log[1] = changed
    assert written != game.state
    assert game.state.log[1] != changed
