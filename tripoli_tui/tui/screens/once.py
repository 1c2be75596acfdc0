"""A modal screen that closes only once, whatever is typed while it closes."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.screen import ModalScreen

from ..textual_fixes import is_on_top

R = TypeVar("R")


class OnceModal(ModalScreen[R]):
    """Keys typed fast after the first close must not close the screen beneath (Textual's
    dismiss always pops the top screen)."""

    def __init__(self) -> None:
        super().__init__()
        self.finished = False

    def finish(self, result: Any = None) -> None:
        """Close with `result`, once, and only while this screen is on top."""
        if self.finished or not is_on_top(self):
            return
        self.finished = True
        self.dismiss(result)
