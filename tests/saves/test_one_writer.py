"""One campaign, one writer: two processes on one campaign never overwrite each other's autosaves,
a campaign open in one process is refused to the second (until the first dies, however it dies),
and a named save another window wrote is not replaced without a question."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.saves.helpers import players
from tripoli_tui import storage
from tripoli_tui.engine import Game
from tripoli_tui.storage.keeper import Keeper
from tripoli_tui.storage.lock import CampaignBusy, claim_campaign

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import hashlib, json, sys, time
from pathlib import Path
from tests.saves.helpers import players
from tripoli_tui.engine import Game
from tripoli_tui.engine.saves import game_to_toml
from tripoli_tui.storage.keeper import Keeper

seed, count, start, out = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4])
game = Game.new(seed)
game.campaign = "1-both"
who = players(seed)
keeper = Keeper()
Path(str(out) + ".ready").touch()
while not start.exists():
    time.sleep(0.001)
acknowledged = []
while len(acknowledged) < count:
    if game.is_over:
        game = Game.new(seed + 100 * len(acknowledged))
        game.campaign = "1-both"
        who = players(seed + 100 * len(acknowledged))
    who.step(game)
    if game.is_over:
        continue
    path = keeper.autosave(game)
    assert path is not None, keeper.save_error
    acknowledged.append([str(path), hashlib.sha256(game_to_toml(game).encode()).hexdigest(),
                         time.monotonic_ns()])
named, _ = keeper.save_as(game, f"named-{seed}")
acknowledged.append([str(named), hashlib.sha256(game_to_toml(game).encode()).hexdigest(),
                     time.monotonic_ns()])
out.write_text(json.dumps(acknowledged))
"""


def writers(folder: Path, tmp: Path, count: int) -> list[list[list[str]]]:
    """Two processes, started together, each autosaving `count` times into one campaign's ring
    (the lock left aside: this is what the autosave claim must hold against alone). Each
    acknowledged file with the digest of the text it was acknowledged for."""
    env = {**os.environ, "TRIPOLI_SAVE_DIR": str(folder), "PYTHONPATH": str(ROOT)}
    start = tmp / "start"
    outs = [tmp / f"out-{n}.json" for n in (1, 2)]
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(seed), str(count), str(start),
                               str(out)], env=env, cwd=ROOT)
             for seed, out in zip((11, 12), outs, strict=True)]
    end = time.monotonic() + 60
    while not all(Path(f"{out}.ready").exists() for out in outs):  # both imported and waiting
        assert time.monotonic() < end and all(p.poll() is None for p in procs), "a writer failed"
        time.sleep(0.01)
    start.write_text("go")
    for proc in procs:
        assert proc.wait(timeout=300) == 0
    return [json.loads(out.read_text()) for out in outs]


def test_two_processes_on_one_ring_never_overwrite_an_acknowledged_autosave(
        save_folder: Path, tmp_path: Path) -> None:
    first, second = writers(save_folder, tmp_path, 150)
    assert len(first) == len(second) == 151
    last: dict[str, tuple[int, str]] = {}
    for path, digest, when in first + second:  # a number pruned from the ring may come again
        if path not in last or last[path][0] < when:
            last[path] = (when, digest)
    shared = len(first) + len(second) - len(last)
    assert shared <= 5, f"{shared} numbers came again"
    for path, (_, digest) in last.items():
        if Path(path).exists():  # or pruned from the ring since (two writers share its five)
            assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == digest, path
    newest = max(first[-2][0], second[-2][0], key=lambda p: int(p.rsplit("-", 1)[1][:-5]))
    assert Path(newest).exists(), "the newest acknowledged autosave is kept"
    ring = storage.campaign_autosaves("1-both")
    assert len(ring) <= storage.AUTOSAVES_KEPT + 1
    assert {first[-1][0], second[-1][0]} == {str(p) for p in save_folder.glob("named-*.toml")}


HOLDER = """
import sys, time
from tripoli_tui.storage.lock import claim_campaign
lock = claim_campaign("7-held")
print("held", flush=True)
time.sleep(120)
"""


def test_a_campaign_open_in_a_living_process_is_refused_and_a_dead_one_lets_go(
        save_folder: Path) -> None:
    env = {**os.environ, "TRIPOLI_SAVE_DIR": str(save_folder), "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen([sys.executable, "-c", HOLDER], env=env, cwd=ROOT,
                              stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        with pytest.raises(CampaignBusy, match=f"open in another window \\(process {holder.pid} "):
            claim_campaign("7-held")
        assert claim_campaign("7-other") is not None, "another campaign is free"
        keeper, game = Keeper(), Game.new(7)
        game.campaign = "7-held"
        assert "open in another window" in keeper.claim(game)
        assert keeper.branch(game) == "" and game.campaign != "7-held"
        assert game.campaign_facts.branch_of == "7-held"  # a branch of it, named so in Load
        assert game.campaign_facts.name == "Seed 7 (branch)"
        assert keeper.lock is not None and keeper.lock.campaign == game.campaign
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    lock = claim_campaign("7-held")  # the dead process holds nothing
    assert lock is not None
    lock.release()


def test_a_named_save_another_window_wrote_is_not_replaced_without_a_question(
        save_folder: Path) -> None:
    game = Game.new(5)
    game.campaign = "5-mine"
    who = players(5)
    mine, other = Keeper(), Keeper()
    assert mine.name_problem(game, "siege") == ("", "")
    path, problem = mine.save_as(game, "siege")
    assert path is not None and not problem
    assert mine.name_problem(game, "siege") == ("", ""), "its own save is saved again freely"
    _, question = other.name_problem(game, "siege")
    assert "already holds a save of this campaign" in question and "Replace it?" in question
    who.step(game)
    mine.name_problem(game, "siege")  # the player is asked, then another window saves
    other.save_as(game, "siege")
    path, problem = mine.save_as(game, "siege")
    assert path is None and "written by another window" in problem


def test_the_save_folder_deleted_mid_game_the_campaign_is_still_held(save_folder: Path) -> None:
    """rm -r of the save folder takes the lock file with it; the game's next autosave makes the
    folder again, and a lock in it, so a second window is still refused (issue 32, point 5c)."""
    import shutil

    keeper, game = Keeper(), Game.new(8)
    game.campaign = "8-held"
    assert keeper.claim(game) == ""
    assert keeper.autosave(game) is not None
    shutil.rmtree(save_folder)
    assert keeper.autosave(game) is not None, keeper.save_error
    with pytest.raises(CampaignBusy, match="open in another window"):
        claim_campaign("8-held")
    (save_folder / ".campaign-8-held.lock").unlink()  # gone again, and this time taken first
    other = claim_campaign("8-held")
    assert other is not None
    assert keeper.autosave(game) is not None, keeper.save_error  # the game is saved all the same
    assert keeper.lock is None  # held by the other window now: not claimed twice
    other.release()
    keeper.release()


@pytest.mark.parametrize("kind", ["crash log", "screenshot"])
def test_a_file_named_by_the_second_never_replaces_one_written_in_that_second(
        kind: str, save_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Crash logs and screenshots are named by the second they are written in. Another writer
    (a second game of the player's, a host's) may take the name between a look and a write: the
    name is claimed as the file is written, so theirs stays whole and this one takes the next."""
    from tripoli_tui.storage import slots

    write = slots.write_crash_log if kind == "crash log" else slots.write_screenshot
    when = 1_780_000_000.0
    first = write("ours, the first", when)
    assert first.read_text() == "ours, the first"
    second = write("ours, the second", when)
    assert second.name == first.name.replace(first.suffix, f"-2{first.suffix}")
    # the race: another writer takes the next name after this one looked and saw none
    taken = second.with_name(second.name.replace("-2", "-3"))
    monkeypatch.setattr(Path, "exists", lambda self: False)
    taken.write_text("theirs")
    third = write("ours, the third", when)
    assert taken.read_text() == "theirs"
    assert {first.read_text(), second.read_text(), third.read_text()} == {
        "ours, the first", "ours, the second", "ours, the third"}
