"""The error every layer raises for a save it cannot take, and its bounded message.

It sits at the package root, outside every layer, so that the disk side can refuse a file (and the
title screen read the settings) without loading the rules engine, which raises it for a position it
cannot read. No logic but the message; it imports nothing of ours.
"""

from __future__ import annotations


class SaveError(Exception):
    """A save that cannot be loaded; the message names each field and its problem."""

    def __init__(self, message: str | list[str], *, where: str = "") -> None:
        self.problems = [message] if isinstance(message, str) else list(message)
        """Each problem on its own, 'field: what is wrong'."""
        self.where = where
        """The file the problems are in ('' when not from a file)."""
        super().__init__(refusal_text(self.problems, where))


SHOWN_PROBLEMS = 12
"""How many problems a refusal lists; the rest are counted."""
PROBLEM_LENGTH = 240
"""The longest a problem is shown (a hand-edited file may quote anything, at any length)."""


def refusal_text(problems: list[str], where: str = "") -> str:
    """The problems as one bounded message: at most SHOWN_PROBLEMS, each cut to PROBLEM_LENGTH."""
    shown = [p if len(p) <= PROBLEM_LENGTH else p[:PROBLEM_LENGTH - 1] + "…"
             for p in problems[:SHOWN_PROBLEMS]]
    if len(shown) == 1:
        text = shown[0]
    else:
        text = f"{len(problems)} problems:\n" + "\n".join(f"- {p}" for p in shown)
        if len(problems) > len(shown):
            text += f"\n- … and {len(problems) - len(shown)} more"
    return f"{where}: {text}" if where else text
