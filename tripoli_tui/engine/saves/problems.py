"""Reporting problems in a save: the collector a position is read with (the SaveError it ends in is
`tripoli_tui.save_error`'s, shared with the disk side)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from ...save_error import PROBLEM_LENGTH as PROBLEM_LENGTH
from ...save_error import SHOWN_PROBLEMS as SHOWN_PROBLEMS
from ...save_error import SaveError as SaveError
from ...save_error import cut as cut
from ...save_error import quoted as quoted
from ...save_error import refusal_text as refusal_text


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
            self.add(key, f"{quoted(value)} is not a whole number")
            return default
        if not lo <= value <= hi:
            self.add(key, f"{value} is outside {lo}-{hi}")
            return default
        return value

    def flag(self, t: dict[str, Any], key: str) -> bool:
        value = t.get(key, False)
        if not isinstance(value, bool):
            self.add(key, f"{quoted(value)} is not true or false")
            return False
        return value


def unknown_keys(table: dict[str, Any], path: str, known: Iterable[str]) -> list[str]:
    known = tuple(known)
    prefix = f"{path}." if path else ""
    return [f"{prefix}{cut(key)}: unknown field" + suggest(key, known, f" (known: {', '.join(known)})")
            for key in table if key not in known]


def suggest(word: str, candidates: Iterable[str], otherwise: str = "") -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else otherwise

