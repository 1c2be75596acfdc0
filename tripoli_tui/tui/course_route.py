"""The course in the app: opened from the title, its lessons played on the game screen (a lesson
is never saved), and back to it when a lesson's drill is over or q leaves the lesson."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

if TYPE_CHECKING:
    from tripoli_tui.engine.game import Game
    from tripoli_tui.play.course import Lesson

    from .screens.course import CourseChoice
    from .widgets.tutorial_note import Tutorial


class CourseRoute:
    """Opens the course and the lessons chosen in it, over `app`."""

    def __init__(self, app: App[Any], show_title: Callable[[], None],
                 open_game: Callable[..., None]) -> None:
        """`show_title()` shows the title screen; `open_game(game, tutorial=, drill=)` a game."""
        self.app = app
        self.show_title = show_title
        self.open_game = open_game
        self.lesson = ""
        """The lesson being played from the course ('' while none is)."""

    def show(self, highlighted: str = "") -> None:
        """The course, its lessons' mastery read from the campaign record."""
        from .. import storage
        from .screens.course import INTRO_READ, CourseScreen

        record = storage.read_record()
        if record.problem:
            self.app.notify(f"Your progress could not be read: {record.problem}", title="Course",
                            severity="warning", timeout=8)
        self.lesson = ""
        app = self.app
        while len(app.screen_stack) > 1:
            app.pop_screen()
        app.push_screen(CourseScreen(highlighted, record.box_answers,
                                     INTRO_READ in record.completed, record.completed),
                        self._chosen)

    def _chosen(self, choice: CourseChoice | None) -> None:
        if choice is None:
            self.show_title()
            return
        from tripoli_tui.play.course import lessons

        lesson = next(each for each in lessons() if each.id == choice.lesson)
        if choice.how == "tutorial":  # walked through, its T-bot turn step by step
            game = self._position(lesson, choice.tutorial)
            if game is None:
                self.show(lesson.id)
                return
            from .starting import tutorial_of

            self.open_game(game, tutorial=tutorial_of(self._tutorial_path(choice.tutorial)))
            self.lesson = lesson.id
            return
        game = self._position(lesson, choice.tutorial)
        if game is None:
            self.show(lesson.id)
            return
        self.open_game(game, tutorial=self._banner(lesson), drill=f"course {lesson.id}")
        self.lesson = lesson.id

    @staticmethod
    def _tutorial_path(name: str) -> Path:
        from .. import storage

        return storage.resolve_save_path(name)

    def _position(self, lesson: Lesson, tutorial: str) -> Game | None:
        """A fresh position for the lesson's drill: the next of its seeded positions (one more
        each drill of it in the record), its tutorial, or for the whole chart a random one."""
        from .. import storage
        from ..play.course import WHOLE, drill_position
        from ..play.drill import random_position
        from .starting import random_seed

        if lesson is WHOLE:
            return random_position(random_seed())
        if tutorial:
            try:
                return storage.read_save(self._tutorial_path(tutorial))
            except storage.SaveError as error:
                self.app.notify(f"The tutorial could not be opened: {error}", title="Course",
                                severity="error", timeout=8)
                return None
        drilled = sum(1 for drill in storage.read_record().drills
                      if drill.source == f"course {lesson.id}")
        return drill_position(lesson, drilled)

    @staticmethod
    def _banner(lesson: Lesson) -> Tutorial:
        """The lesson's words above the board while it is drilled: what to watch, never what
        happens."""
        from ..play.course import lessons
        from .widgets.tutorial_note import Tutorial

        box = lesson.box
        return Tutorial(lesson.title, box.wording if box is not None else lesson.watch,
                        lesson=lessons().index(lesson) + 1, goal=lesson.watch,
                        goal_label="Watch" if box is not None else "About")
