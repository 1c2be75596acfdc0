"""`tripoli simulate`: complete solitaire games headless, with random or T-bot controllers."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import Choice, Game, check_invariants, rng
from .engine import data as d
from .engine.core import WAYS_TO_END
from .engine.decisions import (
    DiscardCard,
    DiscardToBuild,
    DiscardToMove,
    MoveFrom,
    MoveTo,
    PlayBattleCard,
    PlayEvent,
)
from .engine.state import GameResult

Controller = Callable[[Game], tuple[Choice, Any]]
"""Given a game with a pending decision, the choice to submit and an optional trace."""


class RandomController:
    """Chooses uniformly among the legal options, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed ^ 0x5EED)

    def __call__(self, game: Game) -> tuple[Choice, Any]:
        assert game.pending is not None
        options = game.pending.options
        self.rng, i = rng.below(self.rng, len(options))
        return options[i], None


class BiasedController(RandomController):
    """Still random, but leaning the way a purposeful American plays, so that games reach the late
    war: it prefers events (victory cards above all), keeps moving frigates, sends them to the
    patrol zones (the Tripoli zone most) and to Alexandria for Hamet's Army, and plays its battle
    cards. Used by the property tests to exercise 1805-1806, the Assault, the Treaty and Eaton."""

    VICTORY = ("treaty_of_peace_and_amity", "assault_on_tripoli")
    FAVOURITES = ("swedish_frigates_arrive", "hamets_army_created", "general_eaton_attacks_derne",
                  "general_eaton_attacks_benghazi", "a_show_of_force", "tribute_paid",
                  "constantinople_demands_tribute", "corsairs_confiscated")

    def _percent(self, p: int) -> bool:
        self.rng, v = rng.below(self.rng, 100)
        return v < p

    def _pick(self, options: Sequence[Choice]) -> Choice:
        self.rng, i = rng.below(self.rng, len(options))
        return options[i]

    def __call__(self, game: Game) -> tuple[Choice, Any]:
        pending = game.pending
        assert pending is not None
        options = pending.options
        kind = pending.kind
        if kind == "american_play":
            events = [o for o in options if isinstance(o, PlayEvent)]
            if PlayEvent("treaty_of_peace_and_amity") in options:
                return PlayEvent("treaty_of_peace_and_amity"), None
            late = game.state.year == 1806 and game.state.season == 3
            if PlayEvent("assault_on_tripoli") in options and self._percent(50 if late else 8):
                return PlayEvent("assault_on_tripoli"), None
            # Victory cards are kept rather than discarded for actions while there is a choice.
            keep = [o for o in options
                    if not (isinstance(o, (DiscardToMove, DiscardToBuild))
                            and o.card in self.VICTORY)]
            options = tuple(keep) or options
            favourites = [o for o in events if o.card in self.FAVOURITES]
            if favourites and self._percent(80):
                return self._pick(favourites), None
            if events and self._percent(75):
                return self._pick(events), None
            moves = [o for o in options if isinstance(o, DiscardToMove)]
            if moves and self._percent(70):
                return self._pick(moves), None
        elif kind == "hand_limit":
            keep = [o for o in options
                    if not (isinstance(o, DiscardCard) and o.card in self.VICTORY)]
            return self._pick(keep or options), None
        elif kind == "move_frigate":
            sources = [o for o in options if isinstance(o, MoveFrom)]
            if sources and self._percent(85):
                return self._pick(sources), None
        elif kind == "move_destination":
            zones = [o for o in options if isinstance(o, MoveTo) and o.location in d.PATROL_ZONES]
            state = game.state
            if (state.year >= 1803 and not state.pieces["alexandria"][d.US_FRIGATE]
                    and MoveTo("alexandria") in options and self._percent(25)):
                return MoveTo("alexandria"), None
            if MoveTo("tripoli_patrol_zone") in options and self._percent(50):
                return MoveTo("tripoli_patrol_zone"), None
            if zones and self._percent(60):
                return self._pick(zones), None
        elif kind == "battle_card" and pending.side == d.US:
            plays = [o for o in options if isinstance(o, PlayBattleCard)]
            if plays and self._percent(80):
                return plays[0], None
        return self._pick(options), None


def tbot_controller() -> Controller:
    """The T-bot as a controller (imported lazily: the engine never imports the bot)."""
    from bot import TBot

    tbot = TBot()

    def answer(game: Game) -> tuple[Choice, Any]:
        result = tbot.answer(game.state, game.pending)
        return result.choice, result.trace.to_data()
    return answer


@dataclass
class GameRecord:
    seed: int
    result: GameResult | None
    actions: int
    violations: list[str] = field(default_factory=list)
    error: str = ""


def play_one(seed: int, tripolitan: str, check: bool = True) -> GameRecord:
    """Play one complete game; errors and invariant problems are recorded, not raised."""
    us = RandomController(seed)
    tr: Controller = RandomController(seed + 1_000_003) if tripolitan == "random" else tbot_controller()
    actions = 0
    try:
        game = Game.new(seed)
        while game.pending is not None:
            controller = us if game.pending.side == d.US else tr
            choice, trace = controller(game)
            game.submit(choice, trace=trace)
            actions += 1
            if check:
                problems = check_invariants(game.state, hand_limit_pending=game.hand_limit_pending)
                if problems:
                    return GameRecord(seed, game.state.result, actions, problems)
        return GameRecord(seed, game.state.result, actions)
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
