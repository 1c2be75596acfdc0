"""The log by turns: where each turn begins, so that the T-bot's decisions of one turn can be read
as one unit (bot.turn_trace) and the log can offer one entry per T-bot turn.

A turn begins at a header entry marked with `turn_mark(side)` in its data: the American turn, the
T-bot's turn, and the start of a year (side '' : arrivals and the American draw).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .state import LogEntry

TURN = "turn"
"""The key of a turn header's data: the side whose turn begins ('' for the start of a year)."""
RAID = "raid"
"""The key of the data of a pirate raid's first log entry: the harbor it raids from."""
HIT = "hit"
"""The key of the data of a log entry for a hit the T-bot's ships took: the target it hit."""
SHIPS_LEFT = "ships_left"
"""The key, beside HIT, of the T-bot's ships left after that hit: a dict with 'at' (the battle's
place), 'corsairs', 'frigates' (damaged ones included) and 'damaged'."""


def turn_mark(side: str) -> dict[str, Any]:
    """The data of the header entry that begins a turn of `side`."""
    return {TURN: side}


def begins_turn(entry: LogEntry) -> bool:
    """Whether this log entry is the header that begins a turn (or a year)."""
    data = entry.data
    return entry.kind == "header" and isinstance(data, dict) and TURN in data


def turn_side(entry: LogEntry) -> str:
    """The side whose turn a beginning entry begins ('' for a year, or for no turn)."""
    data = entry.data
    return str(data.get(TURN, "")) if isinstance(data, dict) else ""


class TurnSpan(NamedTuple):
    """Where one turn lies in the log: entries [start, end), whose turn it is."""

    start: int
    end: int
    side: str
    """The side whose turn it is ('' before the first turn or at the start of a year)."""


def turn_spans(log: list[LogEntry]) -> list[TurnSpan]:
    """Every turn of the log, oldest first (what precedes the first turn header is a turn of '')."""
    spans: list[TurnSpan] = []
    start, side = 0, ""
    for i, entry in enumerate(log):
        if begins_turn(entry):
            if i > start:
                spans.append(TurnSpan(start, i, side))
            start, side = i, turn_side(entry)
    if len(log) > start:
        spans.append(TurnSpan(start, len(log), side))
    return spans


def turn_span_at(log: list[LogEntry], index: int) -> TurnSpan:
    """The turn holding log entry `index` (it must be an index of the log)."""
    start = index
    while start > 0 and not begins_turn(log[start]):
        start -= 1
    end = index + 1
    while end < len(log) and not begins_turn(log[end]):
        end += 1
    side = turn_side(log[start]) if begins_turn(log[start]) else ""
    return TurnSpan(start, end, side)


def opens_turn_trace(log: list[LogEntry], index: int) -> bool:
    """Whether entry `index` is the first T-bot decision of its turn: the one log entry that opens
    the T-bot's whole turn (or all its answers in an American turn)."""
    if log[index].kind != "tbot_trace":
        return False
    i = index - 1
    while i >= 0 and not begins_turn(log[i]):
        if log[i].kind == "tbot_trace":
            return False
        i -= 1
    return True
