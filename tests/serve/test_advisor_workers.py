"""Issue 33, point 5: a served game's advisor starts no worker process (each would have its own
limits), and a worker never has the game's folder on its import path."""

from __future__ import annotations

from pathlib import Path

import pytest

from tripoli_tui.play import advisor_workers
from tripoli_tui.serve.game import game_environment
from tripoli_tui.serve.limits import Limits


def test_a_served_game_thinks_in_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = game_environment(tmp_path, "xterm", {}, Limits())
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert advisor_workers.default_workers() == 1
    assert advisor_workers.worker_cap() == 1


def test_a_worker_never_imports_from_the_folder_it_was_started_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pickle.py").write_text("raise SystemExit('planted module imported')\n")
    monkeypatch.chdir(tmp_path)
    worker = advisor_workers.Worker()
    try:
        worker.input.close()
        assert worker.process.wait(timeout=60) == 0
        assert worker.process.args[1] == "-P"
    finally:
        worker.close()
