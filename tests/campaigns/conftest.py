"""Campaign tests: saves in a temporary folder (save_folder), no animations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.saves.conftest import save_folder
from tests.tui.conftest import pytest_pyfunc_call
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer

__all__ = ["pytest_pyfunc_call", "save_folder"]


@pytest.fixture(autouse=True)
def quiet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves go to a temporary folder (unless a test names its own); animations are off."""
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def tbot_game(seed: int, year: int) -> Game:
    """A seeded game, random American choices against the real T-bot (its traces whole), played
    until `year` begins or the game ends."""
    from bot import TBot

    game = Game.new(seed)
    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: TBot()},
         until=lambda g: g.state.year >= year)
    return game
