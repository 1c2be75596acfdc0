"""`kill -9` at random moments while a campaign is being saved, N times; after each kill the game
"starts again" (stale temporary files cleared) and the figures are counted:

- lost: the campaign's newest autosave, or its named save, does not open;
- older than acknowledged: the newest autosave holds fewer choices than the last autosave the writer
  reported as done before it was killed;
- gaps: the campaign's autosave numbers are not consecutive;
- temp files left after the next start.

Run: `python -m tests.soak.kill_saves 1000` (prints the figures; exit status 1 if any is not 0)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CAMPAIGN = "77-kill"

WRITER = f"""
import random, sys
from tripoli_tui import storage
from tripoli_tui.engine import Game
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
ring = storage.campaign_autosaves({CAMPAIGN!r})
game = storage.read_save(ring[-1]) if ring else Game.new(77)
game.campaign = {CAMPAIGN!r}
players = {{"us": RandomPlayer(len(game.history)), "tripolitania": RandomPlayer(1)}}
print("ready", flush=True)
while True:
    if game.is_over:
        game = Game.new(77)
        game.campaign = {CAMPAIGN!r}
    steps = 0
    def enough(_):
        global steps
        steps += 1
        return steps >= 3
    play(game, players, until=enough)
    storage.write_save(game, "named")
    storage.autosave(game)
    sys.stdout.write(f"ack {{len(game.history)}}\\n")
    sys.stdout.flush()
"""


def run(kills: int, folder: Path, seed: int = 1000) -> dict[str, int]:
    from tripoli_tui import storage
    from tripoli_tui.storage.files import STALE_TEMP_SECONDS, remove_stale_temp_files

    os.environ[storage.SAVE_DIR_ENV] = str(folder)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(seed)
    figures = {"kills": 0, "lost": 0, "older than acknowledged": 0, "gaps": 0,
               "temp files left after the next start": 0, "acknowledged saves": 0,
               "kills inside a write (a temp file was left)": 0}
    acknowledged = 0
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, "-c", WRITER], cwd=ROOT, env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        if child.stdout.readline() != "ready\n":
            raise SystemExit("the writer did not start")
        for _ in range(rng.randrange(0, 3)):
            line = child.stdout.readline()
            if line.startswith("ack ") and line.endswith("\n"):
                acknowledged = int(line.split()[1])
                figures["acknowledged saves"] += 1
        time.sleep(rng.random() * 0.03)  # a random moment inside the next write
        child.send_signal(signal.SIGKILL)
        child.wait()
        for line in child.stdout.read().split("\n")[:-1]:  # acknowledged before the kill landed
            if line.startswith("ack "):
                acknowledged = int(line.split()[1])
                figures["acknowledged saves"] += 1
        child.stdout.close()
        figures["kills"] += 1
        if list(folder.glob(".*.tmp")):
            figures["kills inside a write (a temp file was left)"] += 1
        remove_stale_temp_files(folder, now=time.time() + STALE_TEMP_SECONDS + 1)  # the next start
        figures["temp files left after the next start"] += len(list(folder.glob(".*.tmp")))
        ring = storage.campaign_autosaves(CAMPAIGN, folder)
        numbers = [int(p.name[len(f"autosave-{CAMPAIGN}-"): -len(".toml")]) for p in ring]
        if numbers != list(range(numbers[0], numbers[0] + len(numbers))) if numbers else False:
            figures["gaps"] += 1
        try:
            newest = storage.read_save(ring[-1]) if ring else None
            if (folder / "named.toml").exists():
                storage.read_save(folder / "named.toml")
        except Exception:
            figures["lost"] += 1
            continue
        if acknowledged and (newest is None or len(newest.history) < acknowledged) \
                and not (newest is not None and len(newest.history) < 3):  # a game that restarted
            figures["older than acknowledged"] += 1
    return figures


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        result = run(count, Path(tmp))
    print(f"kill -9 during saving, {result['kills']} times ({time.perf_counter() - start:.0f} s, "
          f"{result['acknowledged saves']} saves acknowledged before a kill, "
          f"{result['kills inside a write (a temp file was left)']} kills inside a write):")
    for key in ("lost", "older than acknowledged", "gaps", "temp files left after the next start"):
        print(f"  {key}: {result[key]}")
    sys.exit(1 if any(result[k] for k in ("lost", "older than acknowledged", "gaps",
                                          "temp files left after the next start")) else 0)
