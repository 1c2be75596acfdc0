"""The list of saves with a player's folder: listing it, and the key `l` to Load's first frame.

    .venv/bin/python benchmarks/saves_list.py [--campaigns 20] [--runs 5] [--folder DIR]

Makes a save folder as a player's looks after some weeks (--campaigns campaigns, each a seeded
game of biased random choices against the T-bot, autosaved every third choice at an American turn:
each keeps its newest five autosaves), or uses --folder DIR as it is. Then, each run as a new start
of the game would find it (nothing checked in the process):

  first list   no .checked.kept: every save read and checked (as the first start after an update)
  kept list    .checked.kept as the first list left it: no unchanged save read again

each timed three ways: storage.list_saves() alone; `l` pressed at the title to the first frame of
the Load screen (headless, 120x40, the app started and settled first); and the replay of every
campaign with today's rules and T-bot that Load then runs in a thread for its ≠ marks
(saves_read.replay_parting). Median and max of the runs, wall clock. Before the checks were kept
(and each save was parsed twice), `l` took 660-680 ms with 20 campaigns (70 files) on this machine
class, and the replays 360-390 ms of its thread.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from textual.screen import Screen  # noqa: E402

from tripoli_tui import storage  # noqa: E402
from tripoli_tui.engine import Game  # noqa: E402
from tripoli_tui.engine import data as d  # noqa: E402
from tripoli_tui.engine.loop import play  # noqa: E402
from tripoli_tui.engine.players import BiasedPlayer  # noqa: E402
from tripoli_tui.play.simulate import tbot_player  # noqa: E402
from tripoli_tui.storage import checked, listing, slots  # noqa: E402
from tripoli_tui.storage.files import save_dir  # noqa: E402
from tripoli_tui.storage.kept import kept_name  # noqa: E402
from tripoli_tui.tui.app import TripoliApp  # noqa: E402
from tripoli_tui.tui.screens import saves_read  # noqa: E402
from tripoli_tui.tui.screens.load import LoadScreen  # noqa: E402


def make_folder(campaigns: int) -> None:
    """Play `campaigns` seeded campaigns into the save folder, autosaving as a player's would."""
    for seed in range(1, campaigns + 1):
        game = Game.new(seed)
        game.campaign = f"bench-{seed:03d}"

        def autosave(game: Game) -> None:
            if (game.pending is not None and game.pending.kind == "american_play"
                    and len(game.history) % 3 == 0):
                slots.autosave(game)

        play(game, {d.US: BiasedPlayer(seed), d.TRIPOLITANIA: tbot_player()}, after=autosave)


def new_start(kept: bool) -> None:
    """What a new start of the game knows: nothing checked in the process; with `kept`, the
    checks the last list left beside the saves, else none."""
    listing._CHECKED.clear()
    saves_read._REPLAYED.clear()
    checked.forget()
    if not kept:
        (save_dir() / kept_name(checked.WHAT)).unlink(missing_ok=True)


def time_list() -> float:
    start = time.perf_counter()
    listing.list_saves()
    return time.perf_counter() - start


def time_replays() -> float:
    """Load's replays of every campaign (its thread's work), and keeping what they found."""
    campaigns, _ = storage.list_campaigns()
    start = time.perf_counter()
    for campaign in campaigns:
        saves_read.replay_parting(campaign)
    checked.keep()
    return time.perf_counter() - start


async def time_load_key(kept: bool) -> float:
    """`l` at the title to the Load screen's first frame, as a new start finds the checks."""
    painted: list[float] = []
    inner = Screen._compositor_refresh

    def timed(screen: Screen[object]) -> None:
        inner(screen)
        if isinstance(screen, LoadScreen) and not painted:
            painted.append(time.perf_counter())

    Screen._compositor_refresh = timed  # type: ignore[method-assign,assignment]
    try:
        app = TripoliApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause(0.2)  # the title settled (its Continue found)
            new_start(kept)
            start = time.perf_counter()
            await pilot.press("l")
            while not painted:
                await pilot.pause()
            return painted[0] - start
    finally:
        Screen._compositor_refresh = inner  # type: ignore[method-assign]


def figures(name: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return f"{name}: median {statistics.median(ms):6.1f} ms (max {max(ms):6.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--folder", help="list this save folder as it is instead of making one")
    args = parser.parse_args()
    folder = args.folder or tempfile.mkdtemp(prefix="tripoli-saves-list-")
    os.environ["TRIPOLI_SAVE_DIR"] = folder
    if not args.folder:
        make_folder(args.campaigns)
    files = listing.save_files(Path(folder))
    size = sum(p.stat().st_size for p in files)
    print(f"save folder {folder}: {len(files)} saves, {size / 1024:.0f} KB")
    for kept in (False, True):
        label = "kept list " if kept else "first list"
        lists, keys, replays = [], [], []
        for _ in range(args.runs):
            time_replays()  # (the kept file as the last list and replays left it)
            new_start(kept)
            lists.append(time_list())
            new_start(kept)
            keys.append(asyncio.run(time_load_key(kept)))
            new_start(kept)
            replays.append(time_replays())
        print(f"  {label}  {figures('list_saves()', lists)}   {figures('l -> Load', keys)}   "
              f"{figures('replays', replays)}")


if __name__ == "__main__":
    main()
