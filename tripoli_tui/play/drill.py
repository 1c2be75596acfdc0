"""Predict the T-bot (a drill): at each test of a T-bot turn the player answers first, then sees the
T-bot's answer with its rule and facts, the deciding fact marked. Pure: no Textual, no files.

    drill = Drill(game)               # a game (a copy the drill may play on) at any point
    q = drill.question                # None when the drill is over
    q.prompt, q.options               # a test: ("yes", "no"); a choice: zones, harbors, pieces ...
    result = drill.answer("no")       # Result: right or not, the answer, the rule, facts marked
    drill.score, drill.asked          # right answers, questions asked

Tests of the flowchart (does a card's requirement hold? does a harbor qualify?) are asked yes or
no; the box where the T-bot chooses (a patrol zone, a harbor, the piece that takes a hit, what to
do with a drawn card) is asked as that choice, among answers of its own kind. Steps the player has
already been shown (`shown`, from the walkthrough) are not asked again.

The drill plays the T-bot's decisions on the game as it goes (the dice fall as the game's own
generator says) and ends when the American side must act or the game is over.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot import TBot
from bot.flowchart import STEPS, drill_question
from bot.trace import Trace, TraceStep
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import submit_move
from tripoli_tui.engine.players import Move, Submitted

YES, NO = "yes", "no"
HARBORS = ("tripoli", "tangier", "algiers", "tunis")
"""The harbors the T-bot raids from, in its tie-break order."""
FIXED_OPTIONS: dict[str, tuple[k.Choice, ...]] = {
    k.DRAWN_CARD: (k.PlayDrawn(), k.QueueDrawn(), k.DiscardForRaidOrBuild()),
    k.RAID_OR_BUILD: (*(k.Raid(h) for h in HARBORS), k.BuildCorsair()),
}
"""Choices always asked among all their possible answers: the options the engine offers are only
the legal ones, and a shorter list would give the answer away."""


def choice_prompt(kind: str, card: str) -> str:
    """The question on the T-bot's choice in a decision of `kind` (about `card`, if any)."""
    return {
        k.RAID_OR_BUILD: "Raid or Build: where does the T-bot raid, or does it build?",
        k.ALLOCATE_HITS: "Which of its pieces takes this hit?",
        k.CHOOSE_LOCATION: f"{card or 'The card'}: which patrol zone does the T-bot choose?",
        k.YUSUF_RAID_ORDER: f"{card or 'The card'}: which harbor raids next?",
        k.DRAWN_CARD: f"The T-bot drew {card or 'a card'}: what does it do with it?",
        k.KEEP_DIE: f"{card or 'The card'}: which die does the T-bot keep?",
    }[kind]


CHOICE_KINDS = (k.RAID_OR_BUILD, k.ALLOCATE_HITS, k.CHOOSE_LOCATION, k.YUSUF_RAID_ORDER,
                k.DRAWN_CARD, k.KEEP_DIE)
"""The decisions whose choice is asked too, besides the tests on the way to it."""


def is_test(step: TraceStep) -> bool:
    """Whether a step is a test of the flowchart (its box goes on one way or the other)."""
    box = STEPS.get(step.step)
    return box is not None and bool(box.on_yes and box.on_no)


@dataclass(frozen=True)
class Question:
    """One thing to predict: a test (does it hold?) or the T-bot's choice among its options."""

    prompt: str
    options: tuple[str, ...]
    answer: str
    step: TraceStep | None = None
    """The flowchart step asked about, or that decided the choice (None if there is none)."""
    about: str = ""
    """'test', or the decision kind of a choice."""
    context: str = ""
    """What the T-bot is deciding (the decision's own words)."""
    card_id: str = ""
    """The card the question is about ('' for none): the screen marks it in its card line."""
    place: str = ""
    """The place of the answer, by id ('' for none): its name marks the deciding fact."""
    index: int = -1
    """The step's place in its trace (-1 for none)."""

    @property
    def is_test(self) -> bool:
        return self.about == "test"


@dataclass(frozen=True)
class Result:
    """The player's answer judged, with what decided it."""

    right: bool
    given: str
    answer: str
    rule: str
    facts: tuple[str, ...]
    outcome: str
    held: tuple[bool | None, ...] = ()
    """For each fact: whether the condition it states holds (None: not a condition, or one the
    fact alone cannot settle)."""
    decided: tuple[int, ...] = ()
    """The facts that decided the answer, by index."""
    subject: str = ""
    """What the question was about, in brief (a card, a harbor's test, a choice)."""


# --- which facts decided ------------------------------------------------------------------

NEEDED = ", needed "
_NUMBER = re.compile(r"(at least|at most|exactly|fewer than|more than)?\s*(\d+)(?: in [\w -]+)?")
"""A count needed, perhaps for a span of years ('at least 2 in 1801-1804')."""
_COUNT = re.compile(r"(\d+)(?: \(.*\))?")
"""A count found, perhaps with what it counts ('1 (Algiers)')."""
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "at least": lambda v, n: v >= n, "at most": lambda v, n: v <= n,
    "exactly": lambda v, n: v == n, "": lambda v, n: v == n,
    "fewer than": lambda v, n: v < n, "more than": lambda v, n: v > n,
}


def fact_held(fact: str) -> bool | None:
    """Whether a fact worded 'label: value, needed what' meets what it needs; None when it states
    no condition or one it cannot settle alone (an alternative, a comparison with another fact)."""
    left, found, needed = fact.partition(NEEDED)
    if not found:
        return None
    value = left.rpartition(": ")[2].strip()
    if "(or " in needed or " or " in needed or " unless " in needed:
        return None
    needed = re.sub(r"\s*\([^()]*\)\s*$", "", needed).strip()
    number = _NUMBER.fullmatch(needed)
    if number is not None:
        count = _COUNT.fullmatch(value)
        return None if count is None else _COMPARE[number.group(1) or ""](
            int(count.group(1)), int(number.group(2)))
    if any(c.isdigit() for c in needed) or needed.startswith(("fewer", "more", "at ")):
        return None
    return value.casefold() == needed.casefold()


def judged_facts(step: TraceStep, place: str = "",
                 answer: str = "") -> tuple[tuple[bool | None, ...], tuple[int, ...]]:
    """Each fact's condition held or not, and the facts that decided the step. A step that keeps
    its conditions (TraceStep.met) is judged by them, as its trace is everywhere (the walkthrough,
    `tripoli explain`): each mark its own, the deciding fact its own (a test that held on several
    conditions met: all of them, together). Otherwise, from the facts' words: a test that failed,
    its first unmet condition; one that held, every condition it met; a choice (or a test whose
    facts state no condition), the facts naming the place or the answer chosen."""
    if step.met:
        marks = {"yes": True, "no": False}
        held_by_trace = tuple(marks.get(step.met[n] if n < len(step.met) else "")
                              for n in range(len(step.facts)))
        deciding = step.deciding()
        if deciding >= 0:
            return held_by_trace, (deciding,)
        return held_by_trace, tuple(i for i, h in enumerate(held_by_trace) if h and step.passed)
    held = tuple(fact_held(f) for f in step.facts)
    test = is_test(step)
    if test and step.passed:  # a condition read as unmet in a test that held has an alternative
        held = tuple(None if h is False else h for h in held)
    if test and not step.passed:
        unmet = [i for i, h in enumerate(held) if h is False]
        return held, tuple(unmet[:1])
    met = tuple(i for i, h in enumerate(held) if h)
    if test and met:
        return held, met
    name = d.place_name(place) if place else ""
    words = answer.casefold()
    return held, tuple(i for i, f in enumerate(step.facts)
                       if (name and name in f) or (words and f.casefold().startswith(words)))


# --- questions ----------------------------------------------------------------------------

def step_question(step: TraceStep, context: str = "") -> Question:
    """A yes/no question on one test of the flowchart."""
    box = STEPS.get(step.step)
    card = step.card or (step.title if box is not None and box.kind == k.BATTLE_CARD else "")
    prompt = drill_question(box, step.title, card)
    return Question(prompt, (YES, NO), YES if step.passed else NO, step, "test", context,
                    step.card_id)


def choice_step(trace: Trace) -> int | None:
    """The index of the step where the T-bot makes its decision's choice (the last box of the
    decision's own kind), None if the trace has none."""
    found = [i for i, s in enumerate(trace.steps)
             if s.step in STEPS and STEPS[s.step].kind == trace.decision.kind]
    return found[-1] if found else None


def _place_of(choice: k.Choice) -> str:
    return str(choice.location) if isinstance(choice, k.PlaceChoice) else ""


def choice_question(game: Game, trace: Trace, chosen: k.Choice,
                    step: TraceStep | None = None) -> Question | None:
    """The T-bot's choice among the possible answers of its pending decision (None when there is
    only one: nothing to predict)."""
    pending = game.pending
    if pending is None or pending.kind not in CHOICE_KINDS:
        return None
    possible = FIXED_OPTIONS.get(pending.kind, pending.options)
    if chosen not in possible:
        possible = pending.options
    words = tuple(dict.fromkeys(o.describe() for o in possible))
    if len(words) < 2:
        return None
    card = pending.info.card
    card_id = card if card in d.CARDS else ""
    name = d.card_name(card_id) if card_id else trace.decision.card
    return Question(choice_prompt(pending.kind, name), words, chosen.describe(), step,
                    pending.kind, pending.prompt, card_id, _place_of(chosen))


def questions(game: Game, trace: Trace, chosen: k.Choice, shown: int = 0) -> list[Question]:
    """The questions on one decision of the T-bot: each test it makes in order, then its choice
    (in place of the box where it chooses); the first `shown` steps (already on screen) are left
    out, and the choice too once the decision itself has been shown."""
    pending = game.pending
    context = pending.prompt if pending is not None else ""
    at = choice_step(trace)
    asked = choice_question(game, trace, chosen, trace.steps[at] if at is not None else None)
    queue: list[Question] = []
    for i, step in enumerate(trace.steps):
        if i < shown:
            continue
        if i == at and asked is not None:
            queue.append(replace(asked, index=i))
        elif is_test(step):
            queue.append(replace(step_question(step, context), index=i))
    if asked is not None and at is None and shown <= len(trace.steps):
        queue.append(asked)
    return queue


class Drill:
    """Questions on the T-bot's decisions, one at a time, scored."""

    def __init__(self, game: Game, tbot: TBot | None = None,
                 carry_out: Callable[[Move[Trace]], bool] | None = None, *,
                 first: Submitted | None = None, shown: int = 0,
                 only: frozenset[str] | None = None) -> None:
        """`carry_out(move)` plays the T-bot's decision on `game` once its questions are answered and
        says whether it was accepted (in the game, the session does it: highlights, notices); by
        default the move is submitted to `game` directly. `first`: the T-bot's answer to the
        pending decision when already known (by the walkthrough), of which `shown` steps are
        already on screen and are not asked. `only`: the boxes asked about (a lesson's drill of
        one box); the T-bot's other steps are played without a question."""
        self.game = game
        self.only = only
        self.tbot = tbot or TBot()
        self.carry_out = carry_out or self._submit
        self.stopped = False
        """The T-bot's decision could not be carried out: no more questions."""
        self.score = 0
        self.asked = 0
        self.queue: list[Question] = []
        self.trace: Trace | None = None
        self.choice: k.Choice | None = None
        self.carried = 0
        """How many of the T-bot's decisions the drill has carried out."""
        self.revealed = 0
        """How many steps of the decision being asked about have been answered or shown."""
        self.answers: list[tuple[str, bool]] = []
        """Each question answered about a box of the flowchart: the box, and whether the answer
        was right (a box's mastery is counted from them)."""
        if first is not None and first.trace is not None and self._tbot_to_move():
            self._queue(first, shown)
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

    def _queue(self, move: Submitted, shown: int = 0) -> None:
        trace = move.trace
        assert isinstance(trace, Trace)
        self.trace, self.choice, self.revealed = trace, move.choice, shown
        self.queue = questions(self.game, trace, move.choice, shown)
        if self.only is not None:
            self.queue = [q for q in self.queue if q.step is not None and q.step.step in self.only]
        if not self.queue:
            self._carry_out()

    def _prepare(self) -> None:
        """Ask the T-bot its next decision and queue the questions on it (none: the drill ends)."""
        while not self.queue and not self.stopped and self._tbot_to_move():
            self._queue(self.tbot.answer(self.game))

    def _submit(self, move: Move[Trace]) -> bool:
        submit_move(self.game, move)
        return True

    def _carry_out(self) -> None:
        if self.choice is not None and self.trace is not None:
            if self.carry_out(Move(self.choice, self.trace)):
                self.carried += 1
            else:
                self.stopped = True
        self.trace = self.choice = None

    def answer(self, given: str) -> Result:
        """Judge the answer to the question on show, then move on to the next."""
        question = self.queue.pop(0)
        right = given == question.answer
        self.asked += 1
        self.score += right
        step, trace = question.step, self.trace
        self.revealed = max(self.revealed, question.index + 1)
        if step is not None and step.step in STEPS:
            self.answers.append((step.step, right))
        if step is None:
            result = Result(right, given, question.answer,
                            trace.decision.summary if trace else "", (), "",
                            subject=question.prompt)
        else:
            held, decided = judged_facts(step, question.place, question.answer)
            result = Result(right, given, question.answer, step.rule, step.facts, step.outcome,
                            held, decided, step.card or step.title)
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
