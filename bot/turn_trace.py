"""The T-bot's turn as one trace: every decision from its first check to its last of the season,
with what the engine did between them (cards drawn, dice rolled, hits taken), read from the log.

The engine asks the T-bot one small decision at a time and logs each answer's trace (a
`tbot_trace` entry, whose data is the Trace, or a save's data for it: `trace.trace_of`); this
module joins the answers of one turn and the log entries between them into a `TurnTrace`. The
same holds for the T-bot's answers inside an American turn (battle cards, hits): they join into one
`TurnTrace` with `tbot_turn` False.

The public shape (the walkthrough, the drawn flowchart, `tripoli explain` and the drill use it)::

    turns = turn_traces(game.state.log)     # every turn with T-bot decisions, oldest first
    turn = latest_turn(game.state.log)      # the latest (None before the T-bot's first decision)
    turn = turn_at(log, i)                  # the turn holding log entry i (None if it has none)
    turn.title        "The T-bot's turn, Spring 1803"
    turn.tbot_turn    True for its own turn, False for its answers in an American turn
    turn.steps        tuple[TraceStep, ...]: every flowchart step examined, in order; each has
                      .step (flowchart id, a key of bot.flowchart.STEPS), .title, .card (printed
                      name, '' for none), .card_id, .passed (bool), .facts (tuple of str),
                      .outcome (str) and .rule (the printed wording, then its sources in [...])
    turn.decisions    tuple[TraceDecision, ...]: .kind, .choice (text form), .summary, .card,
                      .location, .asked; `decision_of(turn, i)` says which decision step i
                      belongs to. `.asked` is False for a value the turn settled without asking
                      the T-bot (bot.settled: a redraw, an empty pile on a redraw, the last
                      harbor of Yusuf's raids, the only zone, the ships left after each hit)
    turn.items        tuple[Trace | TurnEvent, ...]: the whole turn in order, decisions and the
                      engine's events between them (a TurnEvent has .text, .kind, .dice, .hit)
    turn.drawn, turn.queued, turn.battle_cards_played, turn.battle_cards_kept, turn.hits,
    turn.raid_order, turn.draws, turn.yusuf_raids, turn.zones
                      the turn's particulars (card names, HitAllocation records, harbor ids,
                      draw attempts, Yusuf's harbors in order, the zones chosen)
    turn.to_data()    one JSON-safe object (the body of `tripoli explain --json`)
    turn.render()     plain text, every step and event in order

The records themselves (TurnTrace, TurnEvent, HitAllocation) are in bot.turn_record.
"""

from __future__ import annotations

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import LogEntry, season_title
from tripoli_tui.engine.turns import TurnSpan, begins_turn, turn_side, turn_span_at, turn_spans

from .settled import settle
from .trace import trace_of
from .turn_record import HitAllocation, TurnEvent, TurnItem, TurnTrace, decisions_data

__all__ = [
    "HitAllocation", "TurnEvent", "TurnItem", "TurnTrace", "current_turn", "decisions_data",
    "joined_turn", "last_tbot_turn", "latest_turn", "tbot_turn_numbered", "tbot_turn_spans",
    "turn_at", "turn_index", "turn_of_span", "turn_traces",
]


# --- reading turns from the log ---------------------------------------------------------

def _trace_of(entry: LogEntry) -> TurnItem:
    trace = trace_of(entry.data)
    return TurnEvent(entry.text, "text", entry.side) if trace is None else trace


def _items(entries: list[LogEntry]) -> tuple[TurnItem, ...]:
    """The log entries as a turn's items, with the steps the turn settled without asking."""
    items = [_trace_of(e) if e.kind == "tbot_trace" else TurnEvent.from_entry(e) for e in entries]
    return settle(entries, items)


def _title(log: list[LogEntry], span: TurnSpan) -> str:
    first = log[span.start]
    if span.side == d.TRIPOLITANIA:
        return first.text.rstrip(".") if first.kind == "header" else (
            f"The T-bot's turn, {season_title(first.season)} {first.year}")
    return f"The T-bot's answers in the American turn, {season_title(first.season)} {first.year}"


def turn_of_span(log: list[LogEntry], span: TurnSpan) -> TurnTrace | None:
    """The T-bot's decisions in one turn of the log with the events between (None if none).

    The T-bot's own turn is read whole; in an American turn the trace begins at the header
    (a battle, a raid) before the T-bot's first answer."""
    entries = log[span.start:span.end]
    first = next((i for i, e in enumerate(entries) if e.kind == "tbot_trace"), None)
    tbot_turn = span.side == d.TRIPOLITANIA
    if first is None and not (tbot_turn and entries):
        return None
    start = 0
    if not tbot_turn:
        assert first is not None
        start = max((i for i in range(first) if entries[i].kind == "header"), default=first)
    return TurnTrace(_title(log, span), tbot_turn, _items(entries[start:]))


def turn_traces(log: list[LogEntry]) -> list[TurnTrace]:
    """Every turn of the log in which the T-bot decided something, oldest first."""
    turns = (turn_of_span(log, s) for s in turn_spans(log))
    return [t for t in turns if t is not None and t.traces]


def turn_at(log: list[LogEntry], index: int) -> TurnTrace | None:
    """The T-bot's turn (or its answers in an American turn) that holds log entry `index`."""
    return turn_of_span(log, turn_span_at(log, index))


def latest_turn(log: list[LogEntry]) -> TurnTrace | None:
    """The latest turn in which the T-bot decided something (None before its first decision)."""
    for span in reversed(turn_spans(log)):
        turn = turn_of_span(log, span)
        if turn is not None and turn.traces:
            return turn
    return None


def current_turn(log: list[LogEntry]) -> TurnTrace | None:
    """The turn the log is in now, so far (its T-bot decisions may still be to come)."""
    if not log:
        return None
    return turn_at(log, len(log) - 1)


def joined_turn(log: list[LogEntry], start: int) -> TurnTrace:
    """Everything the T-bot decided from log entry `start` on, as one trace: its answers in an
    American turn and the T-bot's turn that follows, until the next American (or year's) turn."""
    traced = [i for i in range(start, len(log)) if log[i].kind == "tbot_trace"]
    end = len(log)
    if traced:
        end = next((i for i in range(traced[-1], len(log))
                    if begins_turn(log[i]) and turn_side(log[i]) != d.TRIPOLITANIA), len(log))
    span = turn_span_at(log, min(start, len(log) - 1)) if log else TurnSpan(0, 0, "")
    title = _title(log, span) if log else "The T-bot's turn"
    return TurnTrace(title, span.side == d.TRIPOLITANIA, _items(log[start:end]))


# --- the T-bot's own turns, by number ---------------------------------------------------------

def tbot_turn_spans(log: list[LogEntry]) -> list[TurnSpan]:
    """Where each of the T-bot's own turns lies in the log (those with a decision of its), oldest
    first: the turns `tbot_turn_numbered` counts."""
    return [s for s in turn_spans(log) if s.side == d.TRIPOLITANIA
            and any(log[i].kind == "tbot_trace" for i in range(s.start, s.end))]


def turn_index(count: int, number: int) -> int:
    """The index (0 = the oldest) of T-bot turn `number` of `count`: 1 is the first turn of the
    game, `count` the last; -1 the last, -2 the one before. IndexError if there is no such turn."""
    if not count:
        raise IndexError("the T-bot has not played a turn yet")
    if not (1 <= number <= count or -count <= number <= -1):
        raise IndexError(f"there is no T-bot turn {number}: the T-bot has played "
                         f"{count} turn{'s' if count != 1 else ''} (1 to {count}, or -1 to "
                         f"-{count} from the last)")
    return number - 1 if number > 0 else count + number


def tbot_turn_numbered(log: list[LogEntry], number: int) -> TurnTrace:
    """The T-bot's own turn `number` (as `turn_index`: 1 the first, -1 the last) with every step,
    asked and settled. IndexError (its message says why, for a player) if there is none."""
    spans = tbot_turn_spans(log)
    turn = turn_of_span(log, spans[turn_index(len(spans), number)])
    assert turn is not None  # (a span with a decision always reads as a turn)
    return turn


def last_tbot_turn(log: list[LogEntry]) -> TurnTrace | None:
    """The T-bot's last own turn in the log, every step of it (None before its first turn): what
    a key in the game opens, and `tripoli explain` on a save where the American side is to act."""
    try:
        return tbot_turn_numbered(log, -1)
    except IndexError:
        return None
