"""A process killed while saving, at random moments, never leaves a missing or corrupt save."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from tripoli_tui import storage
from tripoli_tui.engine.saves import game_to_toml

from .helpers import late_game

WRITER = """
import sys
from tests.saves.helpers import late_game
from tripoli_tui.storage import autosave, write_save
games = [late_game(1217, 1804), late_game(1217, 1806)]
print("ready", flush=True)
i = 0
while True:
    write_save(games[i % 2], "campaign")
    autosave(games[i % 2])
    i += 1
    print(i, flush=True)
"""


def test_killed_while_saving_leaves_a_whole_save(save_folder: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    versions = {game_to_toml(late_game(1217, y)) for y in (1803, 1804, 1806)}
    first = storage.write_save(late_game(1217, 1803), "campaign")
    storage.autosave(late_game(1217, 1803))
    env = {**os.environ, "TRIPOLI_SAVE_DIR": str(save_folder), "PYTHONPATH": str(root)}
    chance = random.Random(20261121)
    kills = 0
    for _ in range(8):
        child = subprocess.Popen([sys.executable, "-c", WRITER], cwd=root, env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n"
        for _ in range(chance.randrange(0, 4)):
            child.stdout.readline()
        for _ in range(chance.randrange(0, 20000)):  # a random moment inside the next write
            pass
        child.send_signal(signal.SIGKILL)
        assert child.wait() == -signal.SIGKILL
        child.stdout.close()
        kills += 1
        assert first.read_text() in versions
        storage.read_save(first)
        autosaves = sorted(save_folder.glob("autosave-*.toml"))
        assert autosaves, "every autosave is gone"
        for path in autosaves:
            assert path.read_text() in versions, path.name
        visible = {p.name for p in save_folder.iterdir() if not p.name.startswith(".")}
        assert "campaign.toml" in visible
        ring = storage.campaign_autosaves("seed-1217")
        numbers = [int(p.name.rsplit("-", 1)[1][: -len(".toml")]) for p in ring]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), "a gap in the ring"
        assert storage.AUTOSAVES_KEPT <= len(ring) <= storage.AUTOSAVES_KEPT + 1 or numbers[0] == 1
    assert kills == 8
