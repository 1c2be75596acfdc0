"""Guards around Textual (8.2.8, pinned) for inputs that crash it.

OptionList pages by looking up the highlighted option's line, which exists only once the list has
been laid out with a size. PageUp/PageDown before that (the command palette a few milliseconds
after ctrl+p, or a list squeezed to nothing in a tiny terminal) raised KeyError inside Textual and
ended the program. Until the list has lines there is no page to move by, so the key does nothing.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList

_move_page = OptionList._move_page


def _move_page_once_laid_out(self: OptionList, direction: Any) -> None:
    lines = self._lines
    if not lines or (self.highlighted or 0) not in self._index_to_line:
        return
    _move_page(self, direction)


def apply() -> None:
    """Install the guards (idempotent)."""
    if OptionList._move_page is not _move_page_once_laid_out:
        OptionList._move_page = _move_page_once_laid_out  # type: ignore[method-assign]
