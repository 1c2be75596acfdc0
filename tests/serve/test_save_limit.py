"""A saves folder's size limit ($TRIPOLI_SAVE_LIMIT, set by the host for each player): a write
that would take the folder past it is refused in words, and leaves the folder as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.engine.saves import SaveError


def test_a_full_saves_folder_refuses_a_save_saying_so(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from tripoli_tui.engine import Game

    folder = tmp_path / "saves"
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(folder))
    game = Game.new(seed=3)
    first = storage.write_save(game, "first")
    size = first.stat().st_size
    monkeypatch.setenv(storage.SAVE_LIMIT_ENV, str(size + size // 2))
    storage.write_save(game, "first")  # saving over a save takes no more room
    with pytest.raises(SaveError, match="your saves folder is full .* save over an old save"):
        storage.write_save(game, "second")
    with pytest.raises(SaveError, match="could not autosave: your saves folder is full"):
        storage.autosave(game)
    assert sorted(p.name for p in folder.iterdir()) == ["first.toml"]
    monkeypatch.delenv(storage.SAVE_LIMIT_ENV)
    storage.write_save(game, "second")


