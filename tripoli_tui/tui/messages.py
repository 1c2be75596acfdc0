"""What screens and widgets ask of the app, as typed messages: posted where the asking is done,
they bubble up to the app, which handles each with `@on` (app.py, kept_app.py).

A message carries typed values, never an action string to be parsed back (a drill's source or a
tutorial's name is passed as it is, whatever characters it holds).
"""

from __future__ import annotations

from textual.message import Message


class GameEnded(Message):
    """The game on show has just ended: record it and show the game-over screen."""


class TurnReached(Message):
    """The American side is to act at the start of a turn (or at the hand limit): autosave."""


class SaveAsked(Message):
    """The player asked to save the game under a name."""


class HelpAsked(Message):
    """The player asked for the help (its keys tab reads the screen beneath it)."""

    def __init__(self, tbot_now: bool = True) -> None:
        super().__init__()
        self.tbot_now = tbot_now
        """Whether the help may judge the T-bot's cards on the board now (not in a drill)."""


class RecordAsked(Message):
    """The player asked for the record of past campaigns."""


class RulingsAsked(Message):
    """Open the help on the rulings named (all of them when none is)."""

    def __init__(self, ids: tuple[str, ...] | list[str]) -> None:
        super().__init__()
        self.ids = tuple(ids)

    @property
    def query(self) -> str:
        """The ids as the rulings' search box takes them ("TB-2 G-5")."""
        return " ".join(self.ids)


class CardMarksSet(Message):
    """The player turned the marks on the T-bot's card tiles on or off: remember it."""

    def __init__(self, on: bool) -> None:
        super().__init__()
        self.on = on


class WalkthroughSet(Message):
    """The player turned the T-bot walkthrough on or off: keep it for the next games."""

    def __init__(self, on: bool) -> None:
        super().__init__()
        self.on = on


class DrillScored(Message):
    """A drill ended (or was stopped) with `right` answers of `asked`: keep it in the record."""

    def __init__(self, right: int, asked: int, source: str,
                 answers: tuple[tuple[str, bool], ...] = ()) -> None:
        super().__init__()
        self.right = right
        self.asked = asked
        self.source = source
        """What the drill was played on ('game', 'tutorial', 'random position', 'course BOX')."""
        self.answers = answers
        """Each answer on a box of the flowchart: (box, right)."""


class TutorialDone(Message):
    """A tutorial of the course was played through: check it off in the record."""

    def __init__(self, name: str, drill: bool) -> None:
        super().__init__()
        self.name = name
        self.drill = drill
        """Whether it was played as a drill."""


class CourseAsked(Message):
    """Back to the course, its lesson `lesson` highlighted (a lesson's drill is over)."""

    def __init__(self, lesson: str) -> None:
        super().__init__()
        self.lesson = lesson
