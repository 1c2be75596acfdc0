"""GameState.clone: an equal position that shares nothing a game changes (the advisor plays
thousands of games out from copies, and undo and the T-bot's explanations rely on it too)."""

from __future__ import annotations

import copy as copying
import dataclasses

from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer


def test_a_clone_is_equal_and_changing_it_leaves_the_original_alone() -> None:
    game = Game.new(3)
    play(game, {d.US: RandomPlayer(3), d.TRIPOLITANIA: RandomPlayer(4)},
         until=lambda g: len(g.history) >= 30)
    state = game.state
    copy = state.clone()
    assert copy == state and copy is not state
    before = copying.deepcopy(state)
    for f in dataclasses.fields(copy):
        value = getattr(copy, f.name)
        if isinstance(value, list):
            value.append(value[0] if value else 0)
        elif isinstance(value, dict) and f.name != "pieces":
            value["changed"] = 1
    for counts in copy.pieces.values():
        for piece in counts:
            counts[piece] += 1
    copy.pieces["new place"] = {}
    assert state == before
    assert copy != state

