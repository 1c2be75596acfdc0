"""Opening the timeline of a finished campaign, and rolling it back to its first turn (median ms;
the budget of each is 200 ms).

    .venv/bin/python benchmarks/campaign_timeline.py [--repeat 15]

The campaign is the longest of a few seeded games (the heuristic American against the T-bot),
played to its end. Measured:

- the timeline alone (play.timeline: the history replayed once, every turn read from the log);
- the timeline screen opened from the game at 80x24 until it is drawn (headless, by Pilot);
- rollback to the start of the first turn, in place: the replay, the branch save and the autosave
  written (to a temporary save folder).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

from saves_speed import median_ms  # this folder is on the path when a benchmark runs

BUDGET_MS = 200.0
SEEDS = range(1, 9)


def finished_campaign() -> object:
    from bot import TBot
    from tripoli_tui.engine import Game
    from tripoli_tui.engine import data as d
    from tripoli_tui.engine.loop import play
    from tripoli_tui.play.heuristic import HeuristicPlayer
    from tripoli_tui.storage.campaigns import start_campaign

    longest: Game | None = None
    for seed in SEEDS:
        game = Game.new(seed)
        play(game, {d.US: HeuristicPlayer(seed), d.TRIPOLITANIA: TBot()})
        if longest is None or len(game.history) > len(longest.history):
            longest = game
    assert longest is not None
    return start_campaign(longest)


async def screen_ms(game: object | None, repeat: int) -> float:
    """The timeline screen pushed and drawn; with no game, a bare screen (a Static and a Footer)
    measured in the same way, for the machine's speed and load."""
    from textual.app import App, ComposeResult
    from textual.screen import Screen
    from textual.widgets import Footer, Static

    from tripoli_tui.tui.screens.timeline import TimelineScreen

    class Host(App[None]):
        pass

    class Bare(Screen[None]):
        def compose(self) -> ComposeResult:
            yield Static("bare")
            yield Footer()

    times = []
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(repeat):
            start = time.perf_counter()
            screen = TimelineScreen(game, "benchmark") if game else Bare()  # type: ignore[arg-type]
            await app.push_screen(screen)
            await pilot.pause()
            times.append((time.perf_counter() - start) * 1000)
            app.pop_screen()
            await pilot.pause()
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    game = finished_campaign()
    from tripoli_tui.play.timeline import timeline
    from tripoli_tui.storage.campaigns import rollback

    print(f"campaign: {len(game.history)} choices, "  # type: ignore[attr-defined]
          f"{len(timeline(game).turns)} turns, ended {game.state.when}")  # type: ignore[arg-type,attr-defined]
    results = {"timeline (model)": median_ms(lambda: timeline(game), args.repeat)}  # type: ignore[arg-type]
    results["timeline screen drawn"] = asyncio.run(screen_ms(game, args.repeat))
    bare = asyncio.run(screen_ms(None, args.repeat))
    with tempfile.TemporaryDirectory() as folder:
        os.environ["TRIPOLI_SAVE_DIR"] = folder
        results["rollback to the first turn"] = median_ms(
            lambda: rollback(game, 0, new_campaign=False), args.repeat)  # type: ignore[arg-type]
    over = False
    for what, ms in results.items():
        verdict = "ok" if ms <= BUDGET_MS else "OVER BUDGET"
        over = over or ms > BUDGET_MS
        print(f"{what:<28} {ms:8.1f} ms  (budget {BUDGET_MS:.0f} ms) {verdict}")
    print(f"{'(a bare screen, drawn)':<28} {bare:8.1f} ms  the timeline screen is "
          f"{results['timeline screen drawn'] / bare:.1f}x that; load average "
          f"{os.getloadavg()[0]:.1f}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
