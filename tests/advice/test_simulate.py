"""tripoli simulate: the same totals for any number of workers, the heuristic American, charts."""

from __future__ import annotations

import json
import subprocess
import sys

from tripoli_tui.engine.core import WAYS_TO_END
from tripoli_tui.play.simulate import format_charts, format_summary, simulate

TIMING = ("seconds", "games_per_second", "workers")


def _totals(summary: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in summary.items() if k not in TIMING}


def test_one_worker_and_two_workers_give_identical_totals() -> None:
    one = simulate(24, 40, american="heuristic", workers=1, check=True)
    two = simulate(24, 40, american="heuristic", workers=2, check=True)
    assert _totals(one) == _totals(two)
    assert one["errors"] == 0 and one["invariant_violations"] == 0
    assert sum(one["endings"].values()) == 24  # type: ignore[attr-defined]


def test_the_random_american_still_loses_and_the_heuristic_one_wins_some() -> None:
    random = simulate(60, 1, american="random", check=True)
    heuristic = simulate(60, 1, american="heuristic", check=True)
    assert random["american_wins"] == 0
    assert heuristic["american_wins"] > 5  # type: ignore[operator]


def test_the_report_charts_every_ending_the_gold_and_the_frigates_sunk() -> None:
    summary = simulate(10, 1, american="heuristic", check=False)
    charts = format_charts(summary)
    assert "How the games ended" in charts and "Treaty of Peace and Amity" in charts
    assert "mean gold" in charts and "1806" in charts
    assert "4 sunk" in charts
    assert "\x1b[" not in charts  # plain text: fine in a file or a pipe
    assert len(summary["gold_by_season"]) == 24  # type: ignore[arg-type]


def test_the_command_prints_json_with_the_new_options() -> None:
    command = [sys.executable, "-c", "import sys; from tripoli_tui.cli.main import main; sys.exit(main())",
               "simulate", "--games", "4", "--american", "heuristic", "--workers", "2", "--check",
               "--json"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["american"] == "heuristic" and out["workers"] == 2 and out["checked"] is True


def test_a_bad_worker_count_is_refused_with_a_message() -> None:
    command = [sys.executable, "-c", "import sys; from tripoli_tui.cli.main import main; sys.exit(main())",
               "simulate", "--workers", "0"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "--workers" in run.stderr and "Traceback" not in run.stderr


def test_the_games_are_played_on_seeds_far_apart_on_the_stream() -> None:
    """Seeds s and s + 1 draw one stream a step apart: a simulation's games must not, or they
    are correlated. Each record keeps its seed (a 64-bit TOML integer, for a save)."""
    from tripoli_tui.engine import rng
    from tripoli_tui.play.simulate import play_games

    seeds = [r.seed for r in play_games(40, 1, "tbot", False, "random", 1)]
    assert all(0 <= s < 2**62 for s in seeds) and len(set(seeds)) == 40
    states = [rng.seed_state(s) for s in seeds]
    for i, a in enumerate(states):
        for b in states[i + 1:]:
            steps = ((b - a) * rng.GOLDEN_INVERSE) & rng.MASK64
            assert 10**6 < steps < (1 << 64) - 10**6


def test_a_broken_pool_s_cancelled_future_prints_no_traceback_and_nothing_else_is_hidden():
    """Python 3.11's pool, broken by ctrl+c while its futures are cancelled, raises
    InvalidStateError in its manager thread: that one is not printed, any other still is."""
    import threading
    from concurrent.futures import InvalidStateError

    from tripoli_tui.play.simulate import _quiet_when_broken

    class _ExecutorManagerThread(threading.Thread):
        pass

    printed: list[BaseException | None] = []
    before = threading.excepthook
    threading.excepthook = lambda args: printed.append(args.exc_value)
    try:
        with _quiet_when_broken():
            for error, thread in ((InvalidStateError("CANCELLED"), _ExecutorManagerThread()),
                                  (InvalidStateError("elsewhere"), threading.Thread()),
                                  (RuntimeError("a real one"), _ExecutorManagerThread())):
                threading.excepthook(threading.ExceptHookArgs(
                    (type(error), error, None, thread)))
        assert [str(e) for e in printed] == ["elsewhere", "a real one"]
    finally:
        threading.excepthook = before
    assert threading.excepthook is before


def test_the_summary_puts_every_ending_s_count_in_one_column() -> None:
    summary = simulate(10, 1, american="heuristic", check=False)
    text = format_summary(summary)
    rows = text[text.index("ways the games ended:\n"):].splitlines()[1:len(WAYS_TO_END) + 1]
    assert [row.split()[-1].isdigit() for row in rows] == [True] * len(WAYS_TO_END)
    assert len({row.rindex(" ") for row in rows}) == 1  # the longest title as wide as the others
