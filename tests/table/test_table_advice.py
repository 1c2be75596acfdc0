"""Advice in a table campaign: its playouts take the program's luck (no die is typed into a
playout), and a die or a card at the table is luck, not a choice to advise on."""

from __future__ import annotations

import pytest

from bot.tbot import TBot
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import AMERICAN_PLAY, TABLE, TABLE_DICE
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import SeedTypist
from tripoli_tui.engine.state import TableModes
from tripoli_tui.play.advisor import advise
from tripoli_tui.play.advisor_advice import AdviceError
from tripoli_tui.play.heuristic import HeuristicPlayer


def table_game(until: str) -> Game:
    game = Game.new(4, TableModes("all", "table", "table"))
    players = {d.US: HeuristicPlayer(), d.TRIPOLITANIA: TBot(), TABLE: SeedTypist()}
    play(game, players, until=lambda g: g.pending is not None and g.pending.kind == until  # type: ignore[arg-type]
         and g.state.season == 2)
    return game


def test_the_advice_plays_out_a_table_campaign_on_the_programs_luck() -> None:
    game = table_game(AMERICAN_PLAY)
    advice = advise(game, seed=1, playouts=8, seconds=None, workers=1)
    assert len(advice.options) == len(game.pending.options)  # type: ignore[union-attr]
    assert all(option.playouts >= 8 for option in advice.options)


def test_a_die_at_the_table_is_not_advised_on() -> None:
    game = table_game(TABLE_DICE)
    with pytest.raises(AdviceError, match="at your table"):
        advise(game, seed=1, playouts=4, seconds=None, workers=1)
