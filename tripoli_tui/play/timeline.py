"""A campaign's timeline: every turn of its history in a line (what the American played, what the
T-bot did), the dice that mattered, where gold and frigates sunk stood after it, and the choice it
began at (what a rollback to it keeps).

Read from the game's log and by replaying its history once (the log says what happened; the
replay says after how many choices each turn began)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from bot.turn_trace import turn_of_span

from ..engine import data as d
from ..engine.game import Game
from ..engine.state import GameState, LogEntry, season_title
from ..engine.turns import TurnSpan, begins_turn, turn_spans

SPARKS = "▁▂▃▄▅▆▇█"
_PARENTHESES = re.compile(r"\s*\([^)]*\)")
_NOTHING = re.compile(r"^(0|no|none|nothing)\b", re.IGNORECASE)


@dataclass(frozen=True)
class TimelineTurn:
    """One turn of the campaign."""

    year: int
    season: int
    side: str
    """'us' or 'tripolitania'."""
    did: str
    """What the side did, in a line."""
    dice: tuple[str, ...]
    """The rolls that changed something, each 'what: result'."""
    start: int
    """How many choices the history held when the turn began: a rollback to it keeps these."""
    gold: int
    frigates_sunk: int
    """Where the war stood as the turn ended (as the next turn began; now, for the turn in play)."""
    tbot_turn: int = 0
    """The T-bot's own turn's number (1 the first: bot.turn_trace.tbot_turn_numbered), 0 for none."""
    answers: tuple[str, ...] = ()
    """In an American turn, what the T-bot answered inside it (a battle card, a hit), in order."""
    log_at: int = 0
    """The turn's first entry in the game's log (bot.turn_trace.turn_at opens its trace)."""

    @property
    def has_trace(self) -> bool:
        """Whether the turn opens a trace: the T-bot's own turn, or an American turn it answered in."""
        return bool(self.tbot_turn or self.answers)

    @property
    def when(self) -> str:
        return f"{season_title(self.season)} {self.year}"

    @property
    def who(self) -> str:
        return "American" if self.side == d.US else "T-bot"


@dataclass(frozen=True)
class Timeline:
    """Every turn of a campaign, oldest first, and where the war stood at each season's end."""

    turns: tuple[TimelineTurn, ...]
    seasons: tuple[tuple[int, int, int, int], ...]
    """(year, season, gold, frigates sunk) at the end of each season played."""
    choices: int
    """How many choices the whole history holds."""

    def to_data(self) -> dict[str, Any]:
        return {"choices": self.choices,
                "turns": [{**asdict(t), "when": t.when, "dice": list(t.dice),
                           "answers": list(t.answers)} for t in self.turns],
                "seasons": [{"year": y, "season": season_title(s), "gold": g, "frigates_sunk": f}
                            for y, s, g, f in self.seasons]}


def sparkline(values: list[int], top: int) -> str:
    """A value a character, from ▁ (none) to █ (`top`)."""
    last = len(SPARKS) - 1
    return "".join(SPARKS[min(last, max(0, round(v * last / top)))] for v in values)


def _did(entries: list[LogEntry], side: str) -> str:
    said = [e.text for e in entries if e.kind == "text" and e.side == side]
    if side == d.TRIPOLITANIA:
        played = [t for t in said if t.startswith("The T-bot plays")]
        said = played or said
    if not said:
        said = [e.text for e in entries[1:] if e.kind == "header"]
    if not said:
        return ""
    first = said[0].replace("\n", " ")
    return first if len(said) == 1 else f"{first} (and {len(said) - 1} more)"


def dice_that_mattered(entries: list[LogEntry]) -> tuple[str, ...]:
    """The rolls of a turn whose result changed something: 'Corsairs hunt merchant ships: 4
    merchant ships captured'."""
    found = []
    for e in entries:
        if e.kind != "dice" or " - " not in e.text:
            continue
        what, _, result = e.text.rpartition(" - ")
        result = result.strip().rstrip(".")
        if _NOTHING.match(result):
            continue
        label = _PARENTHESES.sub("", what.split(":", 1)[0]).strip()
        found.append(f"{label}: {result}")
    return tuple(found)


class _TurnEnds(list[LogEntry]):
    """A replayed game's log that notes where the war stood each time a turn begins: the figures
    as the turn before it ended, however far the game runs before its next decision."""

    def __init__(self, entries: list[LogEntry], state: GameState) -> None:
        super().__init__(entries)
        self.state = state
        self.stood: dict[int, tuple[int, int]] = {}
        """At each turn's first log entry, (gold, frigates sunk) just before it was written."""

    def append(self, entry: LogEntry) -> None:
        if begins_turn(entry):
            self.stood[len(self)] = (self.state.gold, self.state.frigates_sunk)
        super().append(entry)


def _answers(log: list[LogEntry], span: TurnSpan) -> tuple[str, ...]:
    """What the T-bot answered inside an American turn, each in a line."""
    if not any(log[i].kind == "tbot_trace" for i in range(span.start, span.end)):
        return ()
    turn = turn_of_span(log, span)
    return tuple(x.summary for x in turn.decisions if x.asked) if turn is not None else ()


def timeline(game: Game) -> Timeline:
    """The campaign's timeline, from its history (replayed once from its start)."""
    replay = Game.replay(game.origin, [])
    ends = replay.state.log = _TurnEnds(replay.state.log, replay.state)
    marks = [len(ends)]
    for entry in game.history:
        replay.submit(entry.choice, trace=entry.trace)
        marks.append(len(ends))
    log = game.state.log
    now = (game.state.gold, game.state.frigates_sunk)
    turns = []
    tbot_turns = 0
    step = 0
    for span in turn_spans(log):
        if span.side not in (d.US, d.TRIPOLITANIA):
            continue
        while step < len(marks) - 1 and marks[step] <= span.start:
            step += 1
        entries = log[span.start:span.end]
        number = 0
        if span.side == d.TRIPOLITANIA and any(e.kind == "tbot_trace" for e in entries):
            tbot_turns += 1
            number = tbot_turns
        first = entries[0]
        did = _did(entries, span.side) or (
            "In play." if span.end == len(log) and game.pending is not None else "Nothing to do.")
        turns.append(TimelineTurn(first.year, first.season, span.side, did,
                                  dice_that_mattered(entries), step,
                                  *ends.stood.get(span.end, now), tbot_turn=number,
                                  answers=_answers(log, span) if span.side == d.US else (),
                                  log_at=span.start))
    seasons = tuple((r.year, r.season, r.gold, r.frigates_sunk) for r in game.state.history_season)
    return Timeline(tuple(turns), seasons, len(game.history))


def render(line: Timeline, name: str = "") -> str:
    """The timeline as plain text (`tripoli history`)."""
    out = [f"{name}: {len(line.turns)} turns, {line.choices} choices" if name else
           f"{len(line.turns)} turns, {line.choices} choices"]
    golds = [s[2] for s in line.seasons]
    sunk = [s[3] for s in line.seasons]
    if golds:
        out.append(f"gold   {sparkline(golds, d.GOLD_TOTAL)}  {golds[-1]} of {d.GOLD_TOTAL}")
        out.append(f"sunk   {sparkline(sunk, d.FRIGATES_SUNK_TO_WIN)}  {sunk[-1]} of "
                   f"{d.FRIGATES_SUNK_TO_WIN}")
    when = ""
    for n, turn in enumerate(line.turns, 1):
        if turn.when != when:
            when = turn.when
            out.append(f"\n{when}")
        out.append(f"  {n:>3}. {turn.who:<8} {turn.did}")
        out.extend(f"            dice: {roll}" for roll in turn.dice)
        out.extend(f"            T-bot answered: {answer}" for answer in turn.answers)
    return "\n".join(out) + "\n"
