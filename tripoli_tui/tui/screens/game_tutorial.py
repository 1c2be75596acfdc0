"""A tutorial on the game screen: TutorialRoute folds its words (shown above the board) open or
shut, and has the app check it off in the record once it has been played through."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tripoli_tui.tui.messages import TutorialDone

if TYPE_CHECKING:
    from collections.abc import Iterator

    from textual.widget import Widget

    from .game_host import GameHost


class TutorialRoute:
    """The tutorial played on `screen` (screen.tutorial; none for a campaign)."""

    def __init__(self, screen: GameHost) -> None:
        self.screen = screen
        self.done = False
        """Whether the tutorial has been checked off in the campaign record (this session)."""

    def note(self) -> Iterator[Widget]:
        """The tutorial's words above the board, for the screen to compose; none for a campaign
        (whose start then loads no module of the note's)."""
        if self.screen.tutorial is not None:
            from tripoli_tui.tui.widgets.tutorial_note import TutorialNote

            yield TutorialNote(self.screen.tutorial, id="tutorial-note")

    def leave(self) -> None:
        """q in a lesson: back to the course if it was opened there, else to the title screen (a
        lesson is never saved); ctrl+c still quits."""
        course = getattr(self.screen.app, "course", None)
        if course is not None and course.lesson:
            course.show(course.lesson)
            return
        show_title = getattr(self.screen.app, "show_title", None)
        if callable(show_title):
            show_title()

    def toggle_note(self) -> None:
        """The tutorial's words whole, or folded to their first lines."""
        from tripoli_tui.tui.widgets.tutorial_note import TutorialNote

        for note in self.screen.query(TutorialNote):
            note.toggle()
            self.screen.set_class(note.has_class("open"), "-note-open")

    def check_off(self) -> None:
        """A tutorial is finished when its T-bot turn has been played through (walked or drilled)
        and the American side is to act, or the game is over: checked off in the record once."""
        screen = self.screen
        tutorial, session = screen.tutorial, screen.session
        if tutorial is None or not tutorial.name or self.done \
                or session.last_trace is None or session.tbot_to_move():
            return
        self.done = True
        screen.post_message(TutorialDone(tutorial.name, bool(screen.drill_source)))
