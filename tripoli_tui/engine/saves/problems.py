"""Reporting problems in a save: the SaveError, and the collector a position is read with."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any


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


class Reader:
    """Collects problems while a position table is read."""

    def __init__(self, path: str, problems: list[str] | None = None) -> None:
        self.path = path
        self.problems: list[str] = [] if problems is None else problems
        """Every problem found so far (shared with the reader of the enclosing table)."""

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{self.path}.{where}: {message}")

    def integer(self, t: dict[str, Any], key: str, lo: int, hi: int, default: int = 0) -> int:
        value = t.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            self.add(key, f"{value!r} is not a whole number")
            return default
        if not lo <= value <= hi:
            self.add(key, f"{value} is outside {lo}-{hi}")
            return default
        return value

    def flag(self, t: dict[str, Any], key: str) -> bool:
        value = t.get(key, False)
        if not isinstance(value, bool):
            self.add(key, f"{value!r} is not true or false")
            return False
        return value


def unknown_keys(table: dict[str, Any], path: str, known: Iterable[str]) -> list[str]:
    known = tuple(known)
    prefix = f"{path}." if path else ""
    return [f"{prefix}{key}: unknown field" + suggest(key, known, f" (known: {', '.join(known)})")
            for key in table if key not in known]


def suggest(word: str, candidates: Iterable[str], otherwise: str = "") -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else otherwise

