"""`tripoli table --plain` and `--jsonl`: a table campaign played in lines of text, without a
screen, for scripts, serial consoles and screen readers.

Every question is an `ask`: the American's decisions and the table's (dice to type, the card drawn).
The T-bot answers its own, and what it did comes out as `do` (instructions for the board) and
`say` (its reasoning at the chosen level, and the game's log). A line that cannot be taken is
`refused` and the same ask follows again; the end of input saves the campaign and exits 0.

Besides an option's key, an answer may be `undo`, `adjust KEY=VALUE` (at the start of your turn),
`modes dice=..,deck=..,hand=..` or `save` (docs/table.md).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from ..engine import Game
from ..engine import data as d
from ..engine.decisions import TABLE, TABLE_DICE, Choice, IllegalChoice, RollDice, SwitchModes
from ..engine.state import GameState, LogEntry, TableModes
from ..engine.table import adjustment, read_dice
from ..save_error import SaveError
from ..storage.shown import shown
from .signals import Stopped

LINE_LIMIT = 64 * 1024
"""The longest line taken (a longer one is refused whole, never read into memory at once)."""




@dataclass
class Ask:
    """One question: its id stays the same until it is answered."""

    id: int
    kind: str
    prompt: str
    options: list[tuple[str, str]] = field(default_factory=list)
    dice: int = 0


class Lines:
    """The protocol's output: JSON lines or numbered plain text."""

    def __init__(self, out: IO[str], as_json: bool) -> None:
        self.out, self.as_json = out, as_json

    def emit(self, line_type: str, /, **fields: Any) -> None:
        """One line out: its type ('ask', 'do', 'say', 'refused', 'end') and its fields."""
        if self.as_json:
            self.out.write(json.dumps({"type": line_type, **fields}) + "\n")
        else:
            self.out.write(self._plain(line_type, fields))
        self.out.flush()

    def ask(self, ask: Ask) -> None:
        if ask.dice:
            self.emit("ask", id=ask.id, kind=ask.kind, prompt=ask.prompt, dice=ask.dice)
        else:
            self.emit("ask", id=ask.id, kind=ask.kind, prompt=ask.prompt,
                      options=[{"key": key, "label": label} for key, label in ask.options])

    @staticmethod
    def _plain(line_type: str, f: dict[str, Any]) -> str:
        if line_type == "ask":
            head = f"[{f['id']}] {shown(f['prompt'])}"
            if "dice" in f:
                return f"{head}\n    (type the {f['dice']} dice, e.g. 6 3 1)\n> "
            rows = "".join(f"  {o['key']:>3}. {shown(o['label'])}\n" for o in f["options"])
            return f"{head}\n{rows}> "
        if line_type == "do":
            return f"  DO  {shown(f['text'])}\n"
        if line_type == "say":
            return f"      {shown(f['text'])}\n"
        if line_type == "refused":
            return f"  !   {shown(f['why'])}\n"
        return f"== {shown(f['text'])}\n"


def read_lines(source: IO[bytes]) -> Iterator[str | None]:
    """The input's lines, decoded leniently; None for a line over LINE_LIMIT (skipped whole)."""
    while True:
        line = source.readline(LINE_LIMIT + 1)
        if not line:
            return
        if len(line) > LINE_LIMIT and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # the rest of the long line, thrown away
                line = source.readline(LINE_LIMIT)
            yield None
            continue
        yield line.decode("utf-8", errors="replace").rstrip("\r\n")


class TableSession:
    """A table campaign played in lines: asks, answers, the T-bot's turns told as instructions."""

    def __init__(self, game: Game, lines: Lines, level: str = "concise") -> None:
        from bot.tbot import TBot

        self.game, self.lines, self.level = game, lines, level
        self.tbot = TBot()
        self.asked = 0
        self.ask: Ask | None = None
        self.seen_log: list[LogEntry] = list(game.state.log)
        """The log as last told (an adjustment may take back its last line: see new_log_entries)."""

    # --- the game's side of it ---

    def play_on(self) -> None:
        """The T-bot answers its decisions, each told; stops at the next ask or the end."""
        game = self.game
        while game.pending is not None and game.pending.side == d.TRIPOLITANIA:
            before = game.state.clone()
            move = self.tbot.answer(game)
            game.submit(move.choice, move.trace)
            self.tell(before, move.trace)
        if game.pending is None:
            self.ask = None
            return
        if self.ask is None:
            self.asked += 1
            self.ask = self.make_ask(self.asked)

    def make_ask(self, number: int) -> Ask:
        pending = self.game.pending
        assert pending is not None
        if pending.kind == TABLE_DICE:
            return Ask(number, pending.kind, pending.prompt, dice=pending.info.count)  # type: ignore[attr-defined]
        who = "At the table: " if pending.side == TABLE else ""
        return Ask(number, pending.kind, who + pending.prompt,
                   [(str(i), o.describe()) for i, o in enumerate(pending.options, 1)])

    def tell(self, before: GameState, trace: object | None, *, board: bool = True) -> None:
        """What changed since `before`: the reasoning, the log's new lines and, with `board`, the
        moves (not for an adjustment: the table already shows it)."""
        from ..play.board_instructions import instructions
        from ..play.reasoning_levels import reasoning_lines

        reasoning = reasoning_lines(trace, self.level) if trace is not None else []  # type: ignore[arg-type]
        for text in reasoning:
            self.lines.emit("say", text=text)
        fresh = self.new_log_entries()
        for entry in fresh:  # (the log's line of the decision just reasoned is not said twice)
            if entry.kind != "header" and not any(entry.text in said for said in reasoning):
                self.lines.emit("say", text=entry.text)
        for step in instructions(before, self.game.state) if board else []:
            self.lines.emit("do", text=step.text)
        for entry in fresh:  # (a turn's or a year's heading, once what ended is on the board)
            if entry.kind == "header":
                self.lines.emit("say", text=entry.text)

    def new_log_entries(self) -> list[LogEntry]:
        """The log's lines not told yet: those after the part it shares with the log as last told
        (an undo or an adjustment may have taken lines back)."""
        log, seen = self.game.state.log, self.seen_log
        same = 0
        for told, entry in zip(seen, log, strict=False):
            if told is not entry:
                break
            same += 1
        self.seen_log = list(log)
        return [e for e in log[same:] if e.kind != "tbot_trace"]

    # --- the player's side ---

    def answer(self, raw: object) -> str:
        """Take one answer to the current ask: '' when taken, else why not (the ask stands)."""
        game, ask = self.game, self.ask
        assert ask is not None and game.pending is not None
        if not isinstance(raw, str):
            if isinstance(raw, list) and ask.dice and all(isinstance(v, int) for v in raw):
                raw = " ".join(str(v) for v in raw)
            elif isinstance(raw, int) and not isinstance(raw, bool):
                raw = str(raw)
            else:
                return "An answer is text: an option's key, or dice such as \"6 3 1\"."
        text = raw.strip()
        word, _, rest = text.partition(" ")
        before = game.state.clone()
        try:
            if word == "undo" and not rest:
                if not game.can_undo:
                    return "Nothing to undo since the last die roll, card draw or T-bot move."
                game.undo()
                self.seen_log = list(game.state.log)
                self.ask = None
                return ""
            if word == "save" and not rest:
                self.lines.emit("say", text=save(game))
                return ""
            table_step = word in ("adjust", "modes")
            if word == "adjust":
                game.submit(adjustment(rest))
            elif word == "modes":
                game.submit(SwitchModes(rest.replace(" ", "")))
            else:
                game.submit(self.choice(text))
        except IllegalChoice as refusal:
            return str(refusal)
        self.tell(before, None, board=not table_step)
        self.ask = None
        return ""

    def choice(self, text: str) -> Choice:
        pending = self.game.pending
        assert pending is not None and self.ask is not None
        if self.ask.dice:
            return RollDice(read_dice(text, self.ask.dice, pending.info.what or "the roll"))  # type: ignore[attr-defined]
        keys = {key: i for i, (key, _) in enumerate(self.ask.options)}
        if text not in keys:
            shown_text = shown(text[:40]) if text else "nothing"
            raise IllegalChoice(f"{shown_text} is not one of the options: answer with a key from 1 "
                                f"to {len(keys)} (or undo, adjust KEY=VALUE, modes ..., save).")
        return pending.options[keys[text]]


def save(game: Game) -> str:
    """Save the campaign where it stands: the sentence saying where, or why it could not be."""
    from ..storage.keeper import Keeper

    keeper = Keeper()
    if game.is_over:
        problem = keeper.record(game)
        return "The game is over" + (f"; not recorded: {problem}" if problem else
                                     ": it is in your campaign record.")
    path = keeper.autosave(game)
    if path is None:
        return f"The campaign could not be saved: {keeper.save_error or 'no room'}."
    return f"Saved: {path.name}."


def run(args: argparse.Namespace, source: IO[bytes] | None = None, out: IO[str] | None = None) -> int:
    """`tripoli table --plain|--jsonl`: play a new table campaign in lines until the game ends or
    the input does (it saves, and exits 0)."""
    from ..storage.campaigns import start_campaign

    lines = Lines(out or sys.stdout, as_json=bool(getattr(args, "jsonl", False)))
    modes = TableModes(args.dice, args.deck, args.hand)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    try:
        game = start_campaign(Game.new(seed, modes), getattr(args, "name", "") or "")
    except (ValueError, SaveError) as problem:
        lines.emit("end", text=f"Cannot start: {problem}", result=None)
        return 2
    session = TableSession(game, lines, getattr(args, "reasoning", "concise") or "concise")
    lines.emit("say", text=f"A table campaign, seed {seed}: {modes.describe()}.")
    for entry in session.new_log_entries():
        lines.emit("say", text=entry.text)
    try:
        session.play_on()
        if session.ask is not None:
            lines.ask(session.ask)
        for raw_line in read_lines(source or sys.stdin.buffer):
            if session.ask is None:
                break
            why = _take(session, lines, raw_line)
            if why:
                lines.emit("refused", id=session.ask.id, why=why)
                lines.ask(session.ask)
                continue
            session.play_on()
            if session.ask is not None:
                lines.ask(session.ask)
    except Stopped:  # a signal: the campaign is saved as it stands, then the program ends for it
        with contextlib.suppress(OSError, ValueError):
            _end(game, lines)
        raise
    _end(game, lines)
    return 0


def _take(session: TableSession, lines: Lines, raw_line: str | None) -> str:
    """One line in: '' when its answer was taken, else why not."""
    if raw_line is None:
        return f"A line over {LINE_LIMIT // 1024} KB is not read."
    if not lines.as_json:
        return session.answer(raw_line)
    assert session.ask is not None
    why, answer = _json_answer(raw_line, session.ask.id)
    return why or session.answer(answer)


def _json_answer(line: str, expected: int) -> tuple[str, object]:
    try:
        value = json.loads(line)
    except ValueError:
        return "Not a JSON line: each answer is {\"id\": N, \"answer\": ...}.", None
    if not isinstance(value, dict) or "answer" not in value or "id" not in value:
        return "Each answer is an object {\"id\": N, \"answer\": ...}.", None
    if value["id"] != expected:
        return f"This answers ask {shown(str(value['id'])[:20])}: the question is ask {expected}.", None
    return "", value["answer"]


def _end(game: Game, lines: Lines) -> None:
    state = game.state
    said = save(game)
    if state.result is not None:
        r = state.result
        lines.emit("end", text=f"{r.text} ({state.when}) {said}",
                   result={"winner": r.winner, "how": r.how, "year": r.year,
                           "us_points": r.us_points, "tripolitan_points": r.tripolitan_points})
    else:
        lines.emit("end", text=f"The input ended at {state.when}. {said}", result=None)
