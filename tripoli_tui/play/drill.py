"""Predict the T-bot (a drill): at each test of a T-bot turn the player answers first, then sees the
T-bot's answer with its rule and facts. Pure: no Textual, no files.

    drill = Drill(game)               # a game (a copy the drill may play on) at any point
    q = drill.question                # None when the drill is over
    q.prompt, q.options               # "Does it hold?", ("yes", "no") or harbors, pieces ...
    result = drill.answer("no")       # Result: right or not, the answer, the step's rule and facts
    drill.score, drill.asked          # right answers, questions asked

The drill plays the T-bot's decisions on the game as it goes (the dice fall as the game's own
generator says) and ends when the American side must act or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot import TBot
from bot.trace import Trace, TraceStep
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import submit_move
from tripoli_tui.engine.players import Move

YES, NO = "yes", "no"
CHOICE_QUESTIONS = {
    k.RAID_OR_BUILD: "Raid or Build: where does the T-bot raid, or does it build?",
    k.ALLOCATE_HITS: "Which of its pieces takes this hit?",
    k.CHOOSE_LOCATION: "Which patrol zone does it choose?",
    k.YUSUF_RAID_ORDER: "Which harbor raids next?",
    k.DRAWN_CARD: "What does it do with the drawn card?",
}
"""The decisions whose choice is asked too, besides the tests on the way to it."""


@dataclass(frozen=True)
class Question:
    """One thing to predict: a test (does it hold?) or the T-bot's choice among its options."""

    prompt: str
    options: tuple[str, ...]
    answer: str
    step: TraceStep | None = None
    """The flowchart step asked about (None for a choice question)."""
    about: str = ""
    """The step id or the decision kind, for the reveal."""


@dataclass(frozen=True)
class Result:
    """The player's answer judged, with what decided it."""

    right: bool
    given: str
    answer: str
    rule: str
    facts: tuple[str, ...]
    outcome: str


def step_question(step: TraceStep) -> Question:
    """A yes/no question on one test of the flowchart."""
    about = f" — {step.card}" if step.card and step.card != step.title else ""
    return Question(f"{step.step} {step.title}{about}: does it hold?", (YES, NO),
                    YES if step.passed else NO, step, step.step)


def choice_question(game: Game, trace: Trace) -> Question | None:
    """The T-bot's choice among the options of its pending decision, when it is worth asking."""
    pending = game.pending
    if pending is None or pending.kind not in CHOICE_QUESTIONS or len(pending.options) < 2:
        return None
    words = tuple(dict.fromkeys(o.describe() for o in pending.options))
    chosen = next(o.describe() for o in pending.options if o.text() == trace.decision.choice)
    if len(words) < 2:
        return None
    return Question(CHOICE_QUESTIONS[pending.kind], words, chosen, None, pending.kind)


class Drill:
    """Questions on the T-bot's decisions, one at a time, scored."""

    def __init__(self, game: Game, tbot: TBot | None = None,
                 carry_out: Callable[[Move], bool] | None = None) -> None:
        """`carry_out(move)` plays the T-bot's decision on `game` once its questions are answered and
        says whether it was accepted (in the game, the session does it: highlights, notices); by
        default the move is submitted to `game` directly."""
        self.game = game
        self.tbot = tbot or TBot()
        self.carry_out = carry_out or self._submit
        self.stopped = False
        """The T-bot's decision could not be carried out: no more questions."""
        self.score = 0
        self.asked = 0
        self.queue: list[Question] = []
        self.trace: Trace | None = None
        self.choice: k.Choice | None = None
        self._prepare()

    @property
    def question(self) -> Question | None:
        return self.queue[0] if self.queue else None

    @property
    def over(self) -> bool:
        return not self.queue

    def _tbot_to_move(self) -> bool:
        pending = self.game.pending
        return pending is not None and pending.side == d.TRIPOLITANIA

    def _prepare(self) -> None:
        """Ask the T-bot its next decision and queue the questions on it (none: the drill ends)."""
        while not self.queue and not self.stopped and self._tbot_to_move():
            move = self.tbot.decide(self.game.state, self.game.pending)
            self.trace, self.choice = move.trace, move.choice
            self.queue = [step_question(s) for s in move.trace.steps]
            asked = choice_question(self.game, move.trace)
            if asked is not None:
                self.queue.append(asked)
            if not self.queue:
                self._carry_out()

    def _submit(self, move: Move) -> bool:
        submit_move(self.game, move)
        return True

    def _carry_out(self) -> None:
        if self.choice is not None and self.trace is not None:
            if not self.carry_out(Move(self.choice, self.trace)):
                self.stopped = True
        self.trace = self.choice = None

    def answer(self, given: str) -> Result:
        """Judge the answer to the question on show, then move on to the next."""
        question = self.queue.pop(0)
        right = given == question.answer
        self.asked += 1
        self.score += right
        step = question.step
        trace = self.trace
        result = Result(right, given, question.answer,
                        step.rule if step else (trace.decision.summary if trace else ""),
                        step.facts if step else (), step.outcome if step else "")
        if not self.queue:
            self._carry_out()
            self._prepare()
        return result


def random_position(seed: int, turns: int | None = None) -> Game:
    """A seeded game played on to the start of a T-bot turn: random American moves, the T-bot's
    own; `turns` T-bot turns are played first (by default 0 to 15, from the seed; fewer if the
    game would end first)."""
    from tripoli_tui.engine import rng

    if turns is None:
        _, turns = rng.below(rng.seed_state(seed ^ 0xD1), 16)
    game = played_to_turn(seed, turns)
    while game.pending is None and turns:
        turns //= 2
        game = played_to_turn(seed, turns)
    return game


def played_to_turn(seed: int, turns: int) -> Game:
    """Game `seed` played (random American moves, the T-bot) until its T-bot turn number turns+1."""
    from tripoli_tui.engine.loop import play
    from tripoli_tui.engine.players import RandomPlayer

    game = Game.new(seed)
    starts = [0]

    def enough(g: Game) -> bool:
        pending = g.pending
        if pending is None or pending.kind != k.TRIPOLITAN_TURN:
            return False
        starts[0] += 1
        return starts[0] > turns

    play(game, {d.US: RandomPlayer(seed), d.TRIPOLITANIA: TBot()}, until=enough)
    return game
