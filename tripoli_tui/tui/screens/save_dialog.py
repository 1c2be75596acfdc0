"""A small dialog asking for the name to save the game under."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from .once import OnceModal

NameCheck = Callable[[str], tuple[str, str]]
"""For a typed name: (why it cannot be used, the question to ask before using it), '' for none."""


class SaveDialog(OnceModal[str | None]):
    """Returns a save name or None when cancelled. A name that cannot be a file name is refused
    saying why; one that would replace another campaign's save is asked about first (Enter again)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="save.cancel")]

    def __init__(self, suggestion: str, check: NameCheck) -> None:
        super().__init__()
        self.suggestion = suggestion
        self.check = check
        self.confirming = ""
        """The name whose question has been asked: Enter on it again saves."""

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box") as box:
            box.border_title = "Save the game"
            box.border_subtitle = "⏎ save · Esc cancel"
            yield Static("Name of the save:")
            yield Input(value=self.suggestion, id="save-name", select_on_focus=True)
            yield Static("", id="save-error", markup=False)

    def action_cancel(self) -> None:
        self.finish(None)

    def _say(self, text: str) -> None:
        self.query_one("#save-error", Static).update(text)

    @on(Input.Changed, "#save-name")
    def _changed(self, event: Input.Changed) -> None:
        if event.value.strip() != self.confirming:
            self.confirming = ""
            self._say("")

    @on(Input.Submitted, "#save-name")
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        problem, question = self.check(name)
        if problem:
            self._say(problem)
            return
        if question and self.confirming != name:
            self.confirming = name
            self._say(f"{question} Enter again to replace it, or change the name.")
            return
        self.finish(name)
