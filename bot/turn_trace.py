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
    turn.to_data()    one JSON-safe object (the body of `tripoli explain --json`: bot.turn_data)
    turn.render()     plain text, every step and event in order
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.state import LogEntry, season_title
from tripoli_tui.engine.turns import (
    HIT,
    RAID,
    TurnSpan,
    begins_turn,
    turn_side,
    turn_span_at,
    turn_spans,
)

from . import flowchart as fc
from .settled import DRAWS, settle
from .trace import Trace, TraceDecision, TraceStep, trace_of
from .turn_data import turn_data


@dataclass(frozen=True, slots=True)
class TurnEvent:
    """Something the engine did between two T-bot decisions: a card drawn, dice, a hit taken."""

    text: str
    kind: str = "text"
    """The log entry's kind: 'text', 'dice', 'header' or 'result'."""
    side: str = ""
    dice: tuple[int, ...] = ()
    """The dice as they fell ('dice' events)."""
    hit: str = ""
    """For a hit the T-bot's ships took: the target (engine.decisions.AllocateHit), else ''."""
    raid: str = ""
    """For the start of a pirate raid: the harbor it raids from, else ''."""

    @classmethod
    def from_entry(cls, entry: LogEntry) -> TurnEvent:
        data = entry.data
        dice = tuple(v for v in data if isinstance(v, int)) if isinstance(data, list) else ()
        hit = raid = ""
        if isinstance(data, dict):
            hit, raid = str(data.get(HIT, "")), str(data.get(RAID, ""))
        return cls(entry.text, entry.kind, entry.side, dice, hit, raid)


TurnItem = Trace | TurnEvent
"""One item of a turn: a decision's trace, or an event between decisions."""


@dataclass(frozen=True, slots=True)
class HitAllocation:
    """The hits the T-bot's ships took in one round of one battle, in order."""

    location: str
    """Where the battle was (a place id)."""
    taken_by: tuple[str, ...]
    """Each hit's target in order (engine.decisions.AllocateHit targets: 'frigate', 'corsair' ...)."""
    chosen: int
    """How many of them the T-bot decided (the rest had only one ship that could take them)."""
    ships_left: tuple[str, ...] = ()
    """After each hit, the T-bot's ships left at the battle in words ('1 frigate, 2 corsairs')."""
    decided: tuple[bool, ...] = ()
    """For each hit, whether the T-bot decided it."""


@dataclass(frozen=True, slots=True)
class TurnTrace:
    """A T-bot turn (or its answers in one American turn) as one trace, in the order it happened."""

    title: str
    tbot_turn: bool
    """True for the T-bot's own turn, False for its answers inside an American turn."""
    items: tuple[TurnItem, ...]

    @property
    def traces(self) -> tuple[Trace, ...]:
        return tuple(i for i in self.items if isinstance(i, Trace))

    @property
    def steps(self) -> tuple[TraceStep, ...]:
        """Every flowchart step the T-bot examined this turn, in order."""
        return tuple(s for t in self.traces for s in t.steps)

    @property
    def decisions(self) -> tuple[TraceDecision, ...]:
        """Every decision of the turn in order: the T-bot's answers, and the values the turn settled
        without asking it (`.asked` False)."""
        return tuple(t.decision for t in self.traces)

    @property
    def events(self) -> tuple[TurnEvent, ...]:
        return tuple(i for i in self.items if isinstance(i, TurnEvent))

    def _cards(self, kind: str, verbs: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(t.card for t in self.decisions
                     if t.kind == kind and t.choice.split()[0] in verbs)

    @property
    def drawn(self) -> tuple[str, ...]:
        """The cards the T-bot drew, in order (printed names)."""
        return self._cards(k.DRAWN_CARD, (k.PlayDrawn.verb, k.QueueDrawn.verb,
                                          k.DiscardForRaidOrBuild.verb))

    @property
    def queued(self) -> tuple[str, ...]:
        """The drawn cards added to the end of the event card line, in order."""
        return self._cards(k.DRAWN_CARD, (k.QueueDrawn.verb,))

    @property
    def battle_cards_played(self) -> tuple[str, ...]:
        return self._cards(k.BATTLE_CARD, (k.PlayBattleCard.verb,))

    @property
    def battle_cards_kept(self) -> tuple[str, ...]:
        return self._cards(k.BATTLE_CARD, (k.Decline.verb,))

    @property
    def raid_order(self) -> tuple[str, ...]:
        """The harbors Yusuf Qaramanli's raids went from, in order (the last one left is taken
        without a decision)."""
        yusuf = next((n for n, i in enumerate(self.items) if isinstance(i, Trace)
                      and i.decision.kind == k.YUSUF_RAID_ORDER), None)
        if yusuf is None:
            return ()
        return tuple(i.raid for i in self.items[yusuf:] if isinstance(i, TurnEvent) and i.raid)

    @property
    def hits(self) -> tuple[HitAllocation, ...]:
        """Each run of hits the T-bot's ships took (one battle round), with who took them and the
        ships left after each."""
        runs: list[HitAllocation] = []
        taken: list[str] = []
        decided: list[bool] = []
        left: list[str] = []
        where, asked = "", False
        for item in (*self.items, None):
            if isinstance(item, Trace) and item.decision.kind == k.ALLOCATE_HITS:
                where = item.decision.location or where
                if item.decision.asked:
                    asked = True
                elif len(left) < len(taken):  # the settled step after a hit: the ships left
                    left.append(item.decision.summary.partition("; ships left: ")[2].rstrip("."))
                continue
            if isinstance(item, TurnEvent) and item.hit:
                taken.append(item.hit)
                decided.append(asked)
                asked = False
                continue
            if taken:
                left += [""] * (len(taken) - len(left))
                runs.append(HitAllocation(where, tuple(taken), sum(decided), tuple(left),
                                          tuple(decided)))
            taken, decided, left, where, asked = [], [], [], "", False
        return tuple(runs)

    @property
    def draws(self) -> tuple[tuple[int, str], ...]:
        """Each draw attempt of the turn (T3) in order: its number (1 = the first) and the printed
        name of the card drawn, '' when the draw pile was found empty."""
        out: list[tuple[int, str]] = []
        card_wanted = -1
        for item in self.items:
            if isinstance(item, TurnEvent):
                name = item.text[len(DRAWS):-1] if item.text.startswith(DRAWS) else ""
                if name and card_wanted >= 0:
                    out[card_wanted] = (out[card_wanted][0], name)
                    card_wanted = -1
                continue
            for step in item.steps:
                if step.step == fc.T3.id:
                    out.append((len(out) + 1, step.card))
                    card_wanted = len(out) - 1 if step.passed and not step.card else -1
        return tuple(out)

    @property
    def yusuf_raids(self) -> tuple[tuple[str, bool, bool], ...]:
        """Yusuf Qaramanli's raids in order: the harbor (id), whether it raided (False: no corsair
        there), and whether the T-bot was asked (False: the only harbor left)."""
        out: list[tuple[str, bool, bool]] = []
        harbor, asked = "", False
        for item in self.items:
            if isinstance(item, Trace) and item.decision.kind == k.YUSUF_RAID_ORDER:
                harbor, asked = item.decision.location, item.decision.asked
            elif isinstance(item, TurnEvent) and item.raid and harbor:
                out.append((harbor, item.kind == "header", asked))
                harbor = ""
        return tuple(out)

    @property
    def zones(self) -> tuple[TraceDecision, ...]:
        """The patrol zones the turn chose (Storms, Second Storms, US Supplies Run Low), asked or
        settled: each decision's .location ('' for none), .card and .asked."""
        return tuple(dec for dec in self.decisions if dec.kind == k.CHOOSE_LOCATION)

    def decision_of(self, step_index: int) -> int:
        """Which decision (an index of `decisions`) the step `steps[step_index]` belongs to."""
        seen = 0
        for n, trace in enumerate(self.traces):
            seen += len(trace.steps)
            if step_index < seen:
                return n
        raise IndexError(step_index)

    def to_data(self) -> dict[str, Any]:
        """One JSON-safe object: the steps, every decision with its particulars, and the turn's
        draws, queued cards, battle cards and hits (bot.turn_data; `tripoli explain --json`)."""
        return turn_data(self)

    def render(self) -> str:
        """Plain text: each decision's steps and the decision, with the events between them."""
        lines = [self.title]
        for item in self.items:
            if isinstance(item, Trace):
                lines.append(item.render())
            elif item.kind == "header":
                lines.append(f"== {item.text}")
            else:
                lines.append(f"   {item.text}")
        return "\n".join(lines)


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
