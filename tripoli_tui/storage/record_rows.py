"""The rows of the campaign record besides its games: a drill's score (and its answers by box), a
tutorial checked off; and how a row's fields are read, each refusal naming the field."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from ..save_error import quoted


@dataclass(frozen=True)
class DrillScore:
    """One drill of predicting the T-bot: when, on what, and how many answers were right."""

    date: dt.datetime
    right: int
    asked: int
    source: str = ""
    """What the drill was played on: 'game', 'tutorial', 'random position', or 'course BOX' (a
    lesson's drill of one box of the flowchart)."""
    answers: tuple[tuple[str, bool], ...] = ()
    """Each question answered on a box of the flowchart, in order: the box's id and whether the
    answer was right (a record written before boxes were kept has none)."""


@dataclass(frozen=True)
class TutorialDone:
    """A tutorial of the course checked off: played through (its T-bot turn walked or drilled to
    the end)."""

    date: dt.datetime
    name: str
    """The tutorial's file name without '.toml' ('01-five-corsair-check')."""
    drill: bool = False
    """Whether it was finished by answering its drill."""


def row_table(row: Any) -> dict[str, Any]:
    """A row of the record: a table (ValueError naming what stands there instead)."""
    if not isinstance(row, dict):
        raise ValueError(f"must be a table, not {quoted(row)}")
    return row


def row_field(row: dict[str, Any], key: str, default: Any = ..., among: tuple[str, ...] = ()) -> Any:
    """A row's field (ValueError naming it: missing with no default, or not `among` its values)."""
    if key not in row and default is ...:
        raise ValueError(f"{key} is missing")
    value = row.get(key, default)
    if among and value not in among:
        raise ValueError(f"{key} must be one of {', '.join(map(quoted, among))}, not {quoted(value)}")
    return value


def row_whole(row: dict[str, Any], key: str, default: Any = ...) -> int:
    """A row's whole number as int() reads one ('7', 7.0: a record read before still reads)."""
    value = row_field(row, key, default)
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{key} must be a whole number, not {quoted(value)}") from None


def row_date(row: dict[str, Any]) -> dt.datetime:
    value = row_field(row, "date")
    if not isinstance(value, dt.datetime):
        raise ValueError(f"date must be a date and time, not {quoted(value)}")
    return value


def row_answers(row: dict[str, Any]) -> tuple[tuple[str, bool], ...]:
    value = row.get("answers", [])
    if not isinstance(value, list) or not all(
            isinstance(a, str) and len(a) > 1 and a[0] in "+-" for a in value):
        raise ValueError(f"answers must be a list like [\"+T1\", \"-T2\"], not {quoted(value)}")
    return tuple((a[1:], a[0] == "+") for a in value)
