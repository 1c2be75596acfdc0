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


SHOWN_PROBLEMS = 5
"""How many problems a refusal lists; the rest are counted."""
PROBLEM_LENGTH = 100
"""The longest a problem in a list is shown (a hand-edited file may quote anything, at any
length); a refusal of one problem shows up to ONE_PROBLEM_LENGTH."""
ONE_PROBLEM_LENGTH = 240


def refusal_text(problems: list[str], where: str = "") -> str:
    """The problems as one bounded message (under 600 characters, at most 7 lines): at most
    SHOWN_PROBLEMS, each cut to PROBLEM_LENGTH."""
    length = ONE_PROBLEM_LENGTH if len(problems) == 1 else PROBLEM_LENGTH
    shown = [p if len(p) <= length else p[:length - 1] + "…" for p in problems[:SHOWN_PROBLEMS]]
    if len(shown) == 1:
        text = shown[0]
    else:
        text = f"{len(problems)} problems:\n" + "\n".join(f"- {p}" for p in shown)
        if len(problems) > len(shown):
            text += f"\n- … and {len(problems) - len(shown)} more"
    return f"{where}: {text}" if where else text


QUOTED_LENGTH = 40
"""The most of a value from a file a refusal quotes."""


def cut(text: str, length: int = QUOTED_LENGTH) -> str:
    return text if len(text) <= length else text[:length - 1] + "…"


def quoted(value: object) -> str:
    """A value from a file as a refusal names it, in the file's own terms: text in quotes (cut to
    QUOTED_LENGTH), a number or a date as written, a table or a list by what it is (never a
    Python repr of one, which can run to any length)."""
    if isinstance(value, str):
        return f"'{cut(value)}'"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return cut(str(value))
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    isoformat = getattr(value, "isoformat", None)
    if callable(isoformat):
        return str(isoformat())
    return "a value"
