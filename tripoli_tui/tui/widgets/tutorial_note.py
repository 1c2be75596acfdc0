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


class TutorialNote(Static):
    """Shown while a tutorial is played; F2 opens it whole or folds it to its first lines."""

    def __init__(self, tutorial: Tutorial, **kwargs: object) -> None:
        super().__init__(self._text(tutorial), markup=False, **kwargs)  # type: ignore[arg-type]
        self.tutorial = tutorial
        # a border title is markup, and the title is a tutorial file's text: escaped
        self.border_title = escape(f"Tutorial: {tutorial.title or 'a position to learn from'}")
        self.border_subtitle = "F2: more / less"

    @staticmethod
    def _text(tutorial: Tutorial) -> Text:
        return Text(" ".join(tutorial.description.split()) or tutorial.title)

    def toggle(self) -> None:
        self.toggle_class("open")
