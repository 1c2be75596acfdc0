"""The tutorial being played: its title and what it teaches, above the board while it is played."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.markup import escape
from textual.widgets import Static


@dataclass(frozen=True)
class Tutorial:
    """A tutorial's own words, from its file."""

    title: str
    description: str
    name: str = ""
    """Its file name without '.toml' (the campaign record checks it off by this name)."""
    lesson: int = 0
    """Its place in the course (0: not in it)."""
    goal: str = ""
    goal_label: str = "Goal"
    """How the goal is introduced ('Watch' for a lesson of the course: where to look)."""


class TutorialNote(Static):
    """Shown while a tutorial is played; F2 opens it whole or folds it to its first lines."""

    def __init__(self, tutorial: Tutorial, *, id: str | None = None) -> None:
        super().__init__(self._text(tutorial), markup=False, id=id)
        self.tutorial = tutorial
        # a border title is markup, and the title is a tutorial file's text: escaped
        lesson = f"Lesson {tutorial.lesson}" if tutorial.lesson else "Tutorial"
        self.border_title = escape(f"{lesson}: {tutorial.title or 'a position to learn from'}")
        self.border_subtitle = "F2: more / less"

    @staticmethod
    def _text(tutorial: Tutorial) -> Text:
        """Its goal first (the folded note shows it), then what the position shows."""
        text = Text()
        if tutorial.goal:
            text.append(f"{tutorial.goal_label}: {' '.join(tutorial.goal.split())}\n", style="bold")
        text.append(" ".join(tutorial.description.split()) or tutorial.title)
        return text

    def toggle(self) -> None:
        self.toggle_class("open")
