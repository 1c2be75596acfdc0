"""The course: learn the T-bot from zero. Pure: no Textual, no files.

A first lesson needs nothing (what the event card line is, how the T-bot reads it, what the marks
mean); then one lesson per box of the T-bot's flowchart, in the chart's order, each opened before
its first step with the box's own words and what to watch, each ending with a drill of that box
alone on fresh positions: seeded games (the heuristic American, or the random one, against the
T-bot) played to a T-bot decision where that box is asked, listed in `course_positions.py`
(written by `python -m tripoli_tui.play.course > tripoli_tui/play/course_positions.py`, checked
by the tests), and the course's tutorials that reach it. The last lesson drills the whole
flowchart on random positions.

A box's mastery is the player's right predictions of its last ten questions, from every drill
(the campaign record keeps each drill's answers by box).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot import TBot
from bot.flowchart import FLOWCHART, STEPS, FlowStep
from tripoli_tui.engine import data as d
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import Player, RandomPlayer

from .drill import questions
from .heuristic import HeuristicPlayer

AMERICANS = ("heuristic", "random")
"""The American players the positions are searched with: the heuristic one plays the game as a
player would; the random one reaches what it never does (Hamet's army at Derne)."""
Position = tuple[int, int, str]
"""(seed, choices, american): a seeded position of the course."""
MASTERY_SPAN = 10
"""A box's mastery counts its last ten questions."""
POSITIONS_PER_BOX = 12
"""How many seeded positions the table keeps for each box, from as many different games."""
SEARCH_SEEDS = range(1, 4001)
"""The seeds the table is searched in (every box found in them is kept)."""


@dataclass(frozen=True)
class Lesson:
    """One lesson of the course: the words it opens with, and what its drill asks."""

    id: str
    """The box's id ('T2'); 'intro' for the first lesson, 'whole' for the last."""
    title: str
    watch: str
    """What to watch for, before the first step (never what will happen)."""
    tutorials: tuple[str, ...] = ()
    """The course's tutorials that reach this box (walked or drilled from the lesson)."""

    @property
    def box(self) -> FlowStep | None:
        return STEPS.get(self.id)


INTRO = Lesson(
    "intro", "Reading the T-bot",
    "What the event card line is, how the T-bot reads it, and what the marks of its steps mean.")
WHOLE = Lesson(
    "whole", "The whole flowchart",
    "Every box at once, on random positions: each test and each choice of a T-bot turn, asked "
    "in the order the T-bot meets them.")

@dataclass(frozen=True)
class Page:
    """A page of the first lesson: a title, its words, and marks shown with their meaning."""

    title: str
    text: str
    marks: tuple[tuple[str, str], ...] = ()
    """(mark, what it means), drawn in the marks' own colours."""


def intro_pages() -> tuple[Page, ...]:
    """The first lesson, which needs nothing: the T-bot, its two lines of cards, the marks."""
    from bot.trace import DECIDED
    from tripoli_tui.engine.cards.decks import TBOT_BATTLE_LINE_START, TBOT_EVENT_LINE_START

    events = ", ".join(d.card_name(c) for c in TBOT_EVENT_LINE_START)
    battles = ", ".join(d.card_name(c) for c in TBOT_BATTLE_LINE_START)
    return (
        Page("The T-bot keeps no secrets",
             "In the solitaire game Tripolitania is played by the T-bot: a flowchart printed in "
             "the rulebook. It holds no hand. Its cards lie face up in two lines on the board, and "
             "on its turn it walks its flowchart from the top box down until a box ends the "
             "turn. You can see everything it reads, so you can tell what it will do before it "
             "does it: that is what this course teaches."),
        Page("The event card line",
             f"The event card line holds the cards the T-bot may play on its turn; at the start "
             f"of the game: {events}. Each turn it reads the line from the first card to the "
             "last and plays the first card whose requirement is met on the board. When no card "
             "of the line can be played, it goes on down the flowchart: the Five Corsair Check, "
             "then a card drawn from its pile."),
        Page("The battle card line",
             f"The battle card line holds the cards it plays in raids and battles: {battles}. "
             "Each waits for the moment its text names (a raid, a battle at sea, an assault), "
             "and is played then if its condition holds on the board."),
        Page("The marks of a step",
             "Each step the T-bot takes is shown with the facts it read on the board:",
             (("✔", "a test that held (yes), or a condition that is met"),
              ("✘", "a test that failed (no), or a condition that is not met"),
              ("·", "a fact the step reads that is no condition: a count, a place"),
              (DECIDED.split()[0], "the fact that decided the step: " + DECIDED),
              ("■", "the decision: what the T-bot does once a box ends its choice"))),
        Page("How the course goes",
             "Each lesson opens one box of the flowchart: its printed words, where it leads, and "
             "what to watch on the board. Then its drill: on positions from seeded games where "
             "that box is asked, you answer the box's question before the T-bot shows its own "
             "answer and the fact that decided it. Each box keeps your last ten answers, ■ right "
             "and □ wrong. The last lesson asks the whole flowchart on random positions."),
    )


def _tutorials() -> dict[str, tuple[str, ...]]:
    """The course's tutorials that reach each box (the tutorials' own order)."""
    from .course_positions import TUTORIAL_BOXES

    reached: dict[str, list[str]] = {}
    for name, boxes in TUTORIAL_BOXES.items():
        for box in boxes:
            reached.setdefault(box, []).append(name)
    return {box: tuple(names) for box, names in reached.items()}


def lessons() -> tuple[Lesson, ...]:
    """The course in order: the first lesson, a lesson per box of the chart, the whole chart."""
    reached = _tutorials()
    boxes = tuple(Lesson(box.id, box.title, box.watch, reached.get(box.id, ()))
                  for box in FLOWCHART)
    return (INTRO, *boxes, WHOLE)


# --- positions --------------------------------------------------------------------------------

def boxes_asked(game: Game, tbot: TBot | None = None) -> list[str]:
    """The boxes the drill would ask about at the T-bot's pending decision (none if the American
    is to move), in order."""
    pending = game.pending
    if pending is None or pending.side != d.TRIPOLITANIA:
        return []
    move = (tbot or TBot()).answer(game)
    assert move.trace is not None
    return [q.step.step for q in questions(game, move.trace, move.choice) if q.step is not None]


def _players(seed: int, american: str) -> dict[str, Player]:
    """The seeded game's players: the `american` one ('heuristic' or 'random'), and the T-bot."""
    us: Player = HeuristicPlayer(seed) if american == "heuristic" else RandomPlayer(seed)
    return {d.US: us, d.TRIPOLITANIA: TBot()}


def boxes_met(seed: int, american: str = "heuristic") -> dict[str, list[int]]:
    """The boxes asked at each T-bot decision of the seeded game (its American the `american`
    player): for each box, the number of choices made before each decision that asks it."""
    met: dict[str, list[int]] = {}
    tbot = TBot()

    def look(game: Game) -> bool:
        for box in dict.fromkeys(boxes_asked(game, tbot)):
            met.setdefault(box, []).append(len(game.history))
        return False

    play(Game.new(seed), _players(seed, american), until=look)
    return met


def course_position(seed: int, choices: int, american: str = "heuristic") -> Game:
    """The game of `seed` (its American the `american` player) after its first `choices` choices."""
    game = Game.new(seed)
    play(game, _players(seed, american), until=lambda g: len(g.history) >= choices)
    return game


def find_positions(seeds: Iterable[int], per_box: int = POSITIONS_PER_BOX,
                   ) -> dict[str, list[Position]]:
    """For each box, up to `per_box` positions where it is asked, each from a different game: the
    heuristic American's games first, the random one's for the boxes still short."""
    found: dict[str, list[Position]] = {box.id: [] for box in FLOWCHART}
    for american in AMERICANS:
        for seed in seeds:
            if all(len(v) >= per_box for v in found.values()):
                break
            # one position a game, from anywhere in it: not every one the first turn
            for box, at in boxes_met(seed, american).items():
                if box in found and len(found[box]) < per_box:
                    found[box].append((seed, at[(seed * 7919) % len(at)], american))
    return found


def read_positions() -> dict[str, list[Position]]:
    """The positions table shipped with the game (an empty list for a box it lacks): each box's
    seeded positions, (seed, choices, american)."""
    from .course_positions import POSITIONS

    return {box.id: list(POSITIONS.get(box.id, ())) for box in FLOWCHART}


def positions_text(found: dict[str, list[Position]],
                   tutorial_boxes: dict[str, tuple[str, ...]]) -> str:
    """The course's tables as their module holds them: the positions found, and the boxes each
    tutorial reaches (kept as they are)."""
    lines = ['"""The course\'s tables, keyed by the boxes of the T-bot\'s flowchart (data, no words).',
             "",
             "POSITIONS: for each box, (seed, choices, american): the seeded game (that American",
             "player against the T-bot) after that many choices is a T-bot decision that asks the",
             "box. Written by `python -m tripoli_tui.play.course > tripoli_tui/play/course_positions.py`",
             "(TUTORIAL_BOXES kept as it is); tests/test_course_lessons.py checks both.",
             '"""', "", "from __future__ import annotations", "",
             "POSITIONS: dict[str, tuple[tuple[int, int, str], ...]] = {"]
    for box, found_for_box in found.items():
        lines.append(f'    "{box}": (')
        lines += [f'        ({s}, {c}, "{a}"),' for s, c, a in found_for_box]
        lines.append("    ),")
    lines += ["}", "", "TUTORIAL_BOXES: dict[str, tuple[str, ...]] = {"]
    for name, boxes in tutorial_boxes.items():
        listed = ", ".join(f'"{box}"' for box in boxes)
        lines.append(f'    "{name}": ({listed}{"," if len(boxes) == 1 else ""}),')
    lines += ["}", '"""The boxes a drill on each of the course\'s tutorials asks about (its T-bot turn',
              'played from its position), in the course\'s order of tutorials."""']
    return "\n".join(lines) + "\n"


def drill_position(lesson: Lesson, drilled: int,
                   table: dict[str, list[Position]] | None = None) -> Game | None:
    """The lesson's next fresh position: the `drilled`-th (its drills so far), going round its
    seeded positions; None when the table has none for the box."""
    pairs = (table if table is not None else read_positions()).get(lesson.id, [])
    if not pairs:
        return None
    return course_position(*pairs[drilled % len(pairs)])


# --- mastery ------------------------------------------------------------------------------------

def mastery(answers: Sequence[tuple[str, bool]], box: str) -> tuple[int, int]:
    """(right, asked) over the box's last ten questions; `answers`: (box, right) oldest first."""
    last = [right for b, right in answers if b == box][-MASTERY_SPAN:]
    return sum(last), len(last)


MASTERED = 8
"""Right answers of a box's last ten that make it mastered."""


def mastered(right: int, asked: int) -> bool:
    """Whether a box's last ten answers master it: ten asked, eight or more right."""
    return asked == MASTERY_SPAN and right >= MASTERED


def mastery_bar(right: int, asked: int) -> str:
    """Ten cells: ■ each right prediction, □ each wrong one, · each not yet asked."""
    return "■" * right + "□" * (asked - right) + "·" * (MASTERY_SPAN - asked)


if __name__ == "__main__":  # python -m tripoli_tui.play.course > tripoli_tui/play/course_positions.py
    import sys

    from .course_positions import TUTORIAL_BOXES

    sys.stdout.write(positions_text(find_positions(SEARCH_SEEDS), TUTORIAL_BOXES))
