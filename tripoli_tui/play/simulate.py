"""`tripoli simulate`: complete solitaire games headless, on every core, with a report and charts."""

from __future__ import annotations

import math
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, check_invariants, rng
from ..engine import data as d
from ..engine.core import WAYS_TO_END
from ..engine.loop import play
from ..engine.players import Player, RandomPlayer
from ..engine.state import GameResult
from ..engine.words import plural

AMERICANS = ("random", "heuristic")
"""Who may answer for the United States."""
SEASONS_PLAYED = len(d.YEARS) * len(d.SEASONS)


def tbot_player() -> Player:
    """The T-bot (imported lazily: the engine never imports the bot)."""
    from bot import TBot

    return TBot()


def american_player(american: str, seed: int) -> Player:
    """The player answering for the United States in a simulated game."""
    if american == "heuristic":
        from .heuristic import HeuristicPlayer

        return HeuristicPlayer(seed)
    return RandomPlayer(seed)


@dataclass
class GameRecord:
    seed: int
    result: GameResult | None
    actions: int
    violations: list[str] = field(default_factory=list)
    error: str = ""
    gold_by_season: list[int] = field(default_factory=list)
    """Tripoli's gold at the end of each season played."""


def play_one(seed: int, tripolitan: str, check: bool = True, american: str = "random",
             hidden_discard: bool = False) -> GameRecord:
    """Play one complete game; errors and invariant problems are recorded, not raised."""
    players = {d.US: american_player(american, seed),
               d.TRIPOLITANIA: RandomPlayer(seed + 1_000_003) if tripolitan == "random"
               else tbot_player()}
    actions = 0
    problems: list[str] = []

    def after(game: Game) -> None:
        nonlocal actions
        actions += 1
        if check:
            problems.extend(check_invariants(game.state, hand_limit_pending=game.hand_limit_pending))

    def counted(game: Game) -> None:
        nonlocal actions
        actions += 1

    try:
        game = Game.new(seed, hidden_discard=hidden_discard)
        if check:
            play(game, players, until=lambda _: bool(problems), after=after)
        else:
            play(game, players, after=counted)
        gold = [record.gold for record in game.state.history_season]
        return GameRecord(seed, game.state.result, actions, problems, gold_by_season=gold)
    except Exception as exc:  # a simulation reports every failure with its seed
        return GameRecord(seed, None, actions, error=f"{type(exc).__name__}: {exc}")


def game_seed(seed: int, number: int) -> int:
    """The seed game `number` of a simulation with `seed` is played on. Seeds s and s + 1 draw
    one stream a step apart (their dice largely the same, shifted by one), and on consecutive
    seeds the heuristic player's wins were correlated (lag-one autocorrelation 0.05 over 10,000
    games, five times the noise): scattered seeds start far apart on the generator's cycle.
    Below 2**62, so that a save (TOML's 64-bit integers) and `tripoli new --seed` take it."""
    return rng.nth_seed(seed, number) >> 2


def _play_seeds(job: tuple[int, int, int, str, bool, str, bool]) -> list[GameRecord]:
    """One worker's share: games first..first+count-1 of the simulation (module level: picklable)."""
    seed, first, count, tripolitan, check, american, hidden = job
    return [play_one(game_seed(seed, first + i), tripolitan, check, american, hidden)
            for i in range(count)]


def _chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """(first game, how many) for each share: about four shares a worker, so none waits long."""
    size = max(1, -(-games // (workers * 4)))
    for start in range(0, games, size):
        yield start, min(size, games - start)


def play_games(games: int, seed: int, tripolitan: str, check: bool, american: str,
               workers: int, hidden_discard: bool = False) -> list[GameRecord]:
    """Every game's record in order; a game depends on its seed only, so the records are the
    same whatever the number of worker processes."""
    jobs = [(seed, first, count, tripolitan, check, american, hidden_discard)
            for first, count in _chunks(games, workers)]
    if workers <= 1 or len(jobs) == 1:
        return [record for job in jobs for record in _play_seeds(job)]
    with _quiet_when_broken(), ProcessPoolExecutor(max_workers=workers) as pool:
        return [record for share in pool.map(_play_seeds, jobs) for record in share]


@contextmanager
def _quiet_when_broken() -> Iterator[None]:
    """While a pool works: its manager thread's InvalidStateError is not printed. When a signal
    (ctrl+c at the terminal reaches the whole group) ends the workers as the main process stops,
    the pool is broken while its futures are being cancelled, and Python 3.11's executor then
    tries to set an exception on a cancelled future, printing a traceback from its thread under
    the one line the command says. Any other exception in any thread is printed as before."""
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if not (isinstance(args.exc_value, InvalidStateError)
                and type(args.thread).__name__ == "_ExecutorManagerThread"):
            previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


def simulate(games: int, seed: int, tripolitan: str = "tbot", *, american: str = "random",
             workers: int = 1, check: bool = True, hidden_discard: bool = False) -> dict[str, Any]:
    """Play `games` games on the seeds scattered from `seed` (game_seed) and summarise them
    (`hidden_discard`: with the rulebook's optional hidden discard pile)."""
    start = time.perf_counter()
    records = play_games(games, seed, tripolitan, check, american, workers, hidden_discard)
    seconds = time.perf_counter() - start
    summary = summarise(records)
    summary.update({
        "games": games, "american": american, "tripolitan": tripolitan, "workers": workers,
        "hidden_discard": hidden_discard,
        "checked": check, "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else 0.0,
    })
    return summary


def summarise(records: list[GameRecord]) -> dict[str, Any]:
    """The totals of a list of games: the same records always give the same totals."""
    finished = [r.result for r in records if r.result is not None]
    winners = Counter(r.winner for r in finished)
    ways = Counter(r.how for r in finished)
    sunk = Counter(r.frigates_sunk_at_end for r in finished)
    violations = [r for r in records if r.violations]
    errors = [r for r in records if r.error]
    return {
        "american_wins": winners.get(d.US, 0),
        "american_win_rate": win_rate(winners.get(d.US, 0), len(records)),
        "endings_by_year": {how: {str(year): n for year in d.YEARS
                                  if (n := sum(1 for r in finished if r.how == how
                                               and r.year == year))}
                            for how in WAYS_TO_END},
        "us_points": {str(n): c for n, c in sorted(Counter(r.us_points for r in finished).items())},
        "tripolitan_wins": winners.get(d.TRIPOLITANIA, 0),
        "draws": winners.get("draw", 0),
        "endings": {how: ways.get(how, 0) for how in WAYS_TO_END},
        "mean_gold": _mean([r.gold_at_end for r in finished]),
        "mean_frigates_sunk": _mean([r.frigates_sunk_at_end for r in finished]),
        "frigates_sunk": {str(n): sunk.get(n, 0) for n in range(d.FRIGATES_SUNK_TO_WIN + 1)},
        "gold_by_season": _gold_by_season(records),
        "mean_actions": _mean([r.actions for r in records]),
        "invariant_violations": len(violations),
        "first_violation": ({"seed": violations[0].seed, "message": violations[0].violations[0]}
                            if violations else None),
        "errors": len(errors),
        "first_error": {"seed": errors[0].seed, "message": errors[0].error} if errors else None,
    }


def win_rate(wins: int, games: int, z: float = 1.959964) -> dict[str, float]:
    """The share of games won with its 95% interval (Wilson's score interval: right near 0 and 1
    and for few games, where the normal approximation is not)."""
    if games <= 0:
        return {"rate": 0.0, "low": 0.0, "high": 0.0}
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return {"rate": round(p, 5), "low": round(max(0.0, centre - half), 5),
            "high": round(min(1.0, centre + half), 5)}


def _gold_by_season(records: list[GameRecord]) -> list[float]:
    """Tripoli's mean gold at the end of each season, a finished game keeping its last gold."""
    played = [r.gold_by_season for r in records if r.gold_by_season]
    if not played:
        return []
    means = []
    for i in range(SEASONS_PLAYED):
        means.append(round(sum(g[min(i, len(g) - 1)] for g in played) / len(played), 3))
    return means


def _mean(values: list[int]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def _interval(rate: dict[str, float]) -> str:
    return (f"{rate['rate']:.1%}, 95% interval {rate['low']:.1%}-{rate['high']:.1%}")


def format_summary(s: dict[str, Any]) -> str:
    way = max(len(WAYS_TO_END[how]) for how in s["endings"])  # the counts in one column
    lines = [
        f"games:                 {s['games']} (United States: {s['american']}, "
        f"Tripolitania: {s['tripolitan']}"
        f"{'; the hidden discard pile' if s.get('hidden_discard') else ''})",
        f"American wins:         {s['american_wins']} ({_interval(s['american_win_rate'])})",
        f"Tripolitan wins:       {s['tripolitan_wins']}",
        f"draws:                 {s['draws']}",
        "ways the games ended:",
        *[f"  {WAYS_TO_END[how]:<{way}} {n}" for how, n in s["endings"].items()],
        "by year:",
        *[f"  {WAYS_TO_END[how]:<{way}} " + ", ".join(f"{y}: {c}" for y, c in years.items())
          for how, years in s["endings_by_year"].items() if years],
        "American tournament points: " + (", ".join(
            f"{p}: {c}" for p, c in s["us_points"].items()) or "none"),
        f"mean gold at the end:  {s['mean_gold']}",
        f"mean frigates sunk:    {s['mean_frigates_sunk']}",
        f"mean actions per game: {s['mean_actions']}",
        f"invariant violations:  {s['invariant_violations'] if s['checked'] else 'not checked (--check)'}",
    ]
    if s["first_violation"]:
        v = s["first_violation"]
        lines.append(f"  first: seed {v['seed']}: {v['message']}")
    lines.append(f"errors:                {s['errors']}")
    if s["first_error"]:
        e = s["first_error"]
        lines.append(f"  first: seed {e['seed']}: {e['message']}")
    lines += [f"seconds:               {s['seconds']} ({plural(s['workers'], 'worker')})",
              f"games per second:      {s['games_per_second']}"]
    return "\n".join(lines)


def format_charts(s: dict[str, Any], width: int = 78) -> str:
    """The report's charts, drawn with plotext as plain text: how the games ended, Tripoli's
    mean gold season by season, and how many frigates the games ended with sunk."""
    import plotext as plt

    charts = []
    endings = [(WAYS_TO_END[how], n) for how, n in s["endings"].items()]
    charts.append(_bars([label for label, _ in endings], [n for _, n in endings],
                        "How the games ended (games)", width))
    gold = s["gold_by_season"]
    if gold:
        plt.clear_figure()
        plt.theme("clear")
        plt.plotsize(width, 16)
        plt.plot(list(range(1, len(gold) + 1)), gold, marker="braille")
        plt.xticks([1 + 4 * i for i in range(len(d.YEARS))], [str(y) for y in d.YEARS])
        plt.ylim(0, d.GOLD_TOTAL)
        plt.title("Tripoli's mean gold at the end of each season")
        charts.append(plt.uncolorize(plt.build()))
    sunk = s["frigates_sunk"]
    charts.append(_bars([f"{n} sunk" for n in sunk], list(sunk.values()),
                        "American frigates sunk at the end (games)", width))
    return "\n\n".join(chart.rstrip() for chart in charts)


def _bars(labels: list[str], values: list[int], title: str, width: int) -> str:
    import plotext as plt

    plt.clear_figure()
    plt.theme("clear")
    plt.plotsize(width, len(labels) + 4)  # one text row a bar
    plt.bar(labels[::-1], values[::-1], orientation="horizontal", width=0.1)  # first on top
    plt.title(title)
    return str(plt.uncolorize(plt.build()))
