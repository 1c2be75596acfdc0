"""What the advisor says about one decision: each option's win chance, how sure it is, and how it
stands against the best option on the same luck (the figures the screen and the command show)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..engine.decisions import Choice

Z95 = 1.96
POLICY = "heuristic American vs the printed T-bot"
"""Who plays the playouts, in the words the player reads."""


class AdviceError(ValueError):
    """A game the advisor cannot advise on (over, or the T-bot's decision); says why."""


def wilson_margin(wins: int, n: int) -> float:
    """Half the width of the 95% (Wilson) interval around a win chance of wins / n."""
    if not n:
        return 1.0
    p = wins / n
    return Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)


@dataclass(frozen=True, slots=True)
class OptionAdvice:
    """One legal option and what its playouts found; `versus_best` and `versus_margin` are the
    paired difference from the best option's win chance (over the playouts both have, negative
    when behind) and the half-width of its 95% interval."""

    choice: Choice
    wins: int
    playouts: int
    versus_best: float = 0.0
    versus_margin: float = 0.0
    tied: bool = False
    """Not told apart from the best: the interval of the paired difference reaches zero."""
    dropped: bool = False
    """Left the race early, clearly behind the leader."""

    @property
    def win_chance(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def margin(self) -> float:
        """Half the width of the 95% (Wilson) interval around the win chance."""
        return wilson_margin(self.wins, self.playouts)


@dataclass(frozen=True, slots=True)
class Advice:
    """The advice for one decision: every option, in the decision's order."""

    prompt: str
    options: tuple[OptionAdvice, ...]
    seed: int
    seconds: float
    cancelled: bool = False
    workers: int = 1

    @property
    def best(self) -> int:
        """The index of the best option: the best win chance among the options still in the race
        (the first of equals)."""
        most = max(o.playouts for o in self.options)
        chances = [o.win_chance if o.playouts == most else -1.0 for o in self.options]
        return chances.index(max(chances))

    @property
    def playouts(self) -> int:
        return sum(o.playouts for o in self.options)

    @property
    def per_option(self) -> int:
        """The playouts of each option still in the race."""
        return max(o.playouts for o in self.options)

    def ranked(self) -> list[int]:
        """The options' indexes, best first: those still in the race by win chance, then those
        dropped from it by win chance (the decision's order between equals)."""
        best = self.best
        return sorted(range(len(self.options)), key=lambda i: (
            i != best, self.options[i].dropped, -self.options[i].win_chance, i))

    def tied_with_best(self) -> list[int]:
        """The options not told apart from the best (the best not included), best first."""
        return [i for i in self.ranked() if self.options[i].tied]

    def in_words(self) -> str:
        """What the figures say, in a learner's words: which options the playouts cannot tell
        apart from the best, and which are clearly worse."""
        count = len(self.options)
        if count == 1:
            return "There is only one option: it is the one to play."
        best = self.best
        level = [best, *self.tied_with_best()]
        worse = [i for i in self.ranked() if i not in level]
        if not worse:
            return (f"These {count} are about equal: the playouts cannot tell them apart, so "
                    "any of them is as good as the others.")
        if len(worse) == 1:
            behind = f"“{self.options[worse[0]].choice.describe()}” is clearly worse"
        else:
            behind = f"the other {len(worse)} are clearly worse"
        if len(level) == 1:
            return f"“{self.options[best].choice.describe()}” is clearly the best; {behind}."
        return f"These {len(level)} are about equal (★ and =); {behind}."

    def to_data(self) -> dict[str, object]:
        best = self.best
        return {
            "prompt": self.prompt, "seed": self.seed, "seconds": round(self.seconds, 3),
            "playouts": self.playouts, "policy": POLICY,
            "best": self.options[best].choice.text(),
            "tied_with_best": [self.options[i].choice.text() for i in self.tied_with_best()],
            "in_words": self.in_words(),
            "options": [{"choice": o.choice.text(), "describe": o.choice.describe(),
                         "win_chance": round(o.win_chance, 4), "margin": round(o.margin, 4),
                         "playouts": o.playouts, "best": i == best,
                         "tied_with_best": o.tied,
                         "versus_best": round(o.versus_best, 4),
                         "versus_best_margin": round(o.versus_margin, 4),
                         "dropped": o.dropped} for i, o in enumerate(self.options)],
        }

    def render(self) -> str:
        """The advice as lines of text, best first: * the best, = tied with it."""
        lines = [f"{self.prompt}", f"{self.playouts} playouts in {self.seconds:.1f} s "
                 f"(seed {self.seed}; {POLICY}){' - cancelled' if self.cancelled else ''}",
                 "win chance ±95% | against the best, paired ±95% | playouts"
                 " | * best, = not told apart from it", self.in_words().replace("★", "*"), ""]
        best = self.best
        for i in self.ranked():
            o = self.options[i]
            mark = "*" if i == best else "=" if o.tied else " "
            versus = "best" if i == best else f"{100 * o.versus_best:+5.1f} ±{100 * o.versus_margin:4.1f}"
            lines.append(f"{mark} {100 * o.win_chance:5.1f}% ±{100 * o.margin:4.1f}  "
                         f"{versus:>12}  {o.playouts:5d}  {o.choice.describe()}")
        return "\n".join(lines)
