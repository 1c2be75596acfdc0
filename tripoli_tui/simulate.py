"""`tripoli simulate`: complete solitaire games headless, with random or T-bot players."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .engine import Game, check_invariants
from .engine import data as d
from .engine.core import WAYS_TO_END
from .engine.loop import play
from .engine.players import Player, RandomPlayer
from .engine.state import GameResult


def tbot_player() -> Player:
    """The T-bot (imported lazily: the engine never imports the bot)."""
    from bot import TBot

    return TBot()


@dataclass
class GameRecord:
    seed: int
    result: GameResult | None
    actions: int
    violations: list[str] = field(default_factory=list)
    error: str = ""


def play_one(seed: int, tripolitan: str, check: bool = True) -> GameRecord:
    """Play one complete game; errors and invariant problems are recorded, not raised."""
    players = {d.US: RandomPlayer(seed),
               d.TRIPOLITANIA: RandomPlayer(seed + 1_000_003) if tripolitan == "random"
               else tbot_player()}
    actions = 0
    problems: list[str] = []

    def after(game: Game) -> None:
        nonlocal actions
        actions += 1
        if check:
            problems.extend(check_invariants(game.state, hand_limit_pending=game.hand_limit_pending))

    try:
        game = Game.new(seed)
        play(game, players, until=lambda _: bool(problems), after=after)
        return GameRecord(seed, game.state.result, actions, problems)
    except Exception as exc:  # a simulation reports every failure with its seed
        return GameRecord(seed, None, actions, error=f"{type(exc).__name__}: {exc}")


def simulate(games: int, seed: int, tripolitan: str = "tbot") -> dict[str, Any]:
    """Play `games` games with seeds seed, seed+1, ... and summarise them."""
    start = time.perf_counter()
    records = [play_one(seed + i, tripolitan) for i in range(games)]
    seconds = time.perf_counter() - start
    finished = [r.result for r in records if r.result is not None]
    winners = Counter(r.winner for r in finished)
    ways = Counter(r.how for r in finished)
    violations = [r for r in records if r.violations]
    errors = [r for r in records if r.error]
    return {
        "games": games,
        "tripolitan": tripolitan,
        "american_wins": winners.get(d.US, 0),
        "tripolitan_wins": winners.get(d.TRIPOLITANIA, 0),
        "draws": winners.get("draw", 0),
        "endings": {how: ways.get(how, 0) for how in WAYS_TO_END},
        "mean_gold": _mean([r.gold_at_end for r in finished]),
        "mean_frigates_sunk": _mean([r.frigates_sunk_at_end for r in finished]),
        "mean_actions": _mean([r.actions for r in records]),
        "invariant_violations": len(violations),
        "first_violation": ({"seed": violations[0].seed, "message": violations[0].violations[0]}
                            if violations else None),
        "errors": len(errors),
        "first_error": {"seed": errors[0].seed, "message": errors[0].error} if errors else None,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else 0.0,
    }


def _mean(values: list[int]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def format_summary(s: dict[str, Any]) -> str:
    lines = [
        f"games:                 {s['games']} (Tripolitania: {s['tripolitan']})",
        f"American wins:         {s['american_wins']}",
        f"Tripolitan wins:       {s['tripolitan_wins']}",
        f"draws:                 {s['draws']}",
        "ways the games ended:",
        *[f"  {WAYS_TO_END[how]:<30} {n}" for how, n in s["endings"].items()],
        f"mean gold at the end:  {s['mean_gold']}",
        f"mean frigates sunk:    {s['mean_frigates_sunk']}",
        f"mean actions per game: {s['mean_actions']}",
        f"invariant violations:  {s['invariant_violations']}",
    ]
    if s["first_violation"]:
        v = s["first_violation"]
        lines.append(f"  first: seed {v['seed']}: {v['message']}")
    lines.append(f"errors:                {s['errors']}")
    if s["first_error"]:
        e = s["first_error"]
        lines.append(f"  first: seed {e['seed']}: {e['message']}")
    lines += [f"seconds:               {s['seconds']}",
              f"games per second:      {s['games_per_second']}"]
    return "\n".join(lines)
