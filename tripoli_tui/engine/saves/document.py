"""A save document: format, header, the position, the pending decision and the history with its
traces; loading replays the history and checks it reaches the stored position."""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from typing import Any

import tomli_w

from .. import data as d
from ..decisions import Decision, parse_choice
from ..game import MAX_CAMPAIGN_NAME, CampaignFacts, Game, Move, Submitted
from ..invariants import board_problems
from ..state import GameState, Phase, SavedTrace
from ..turn.flow import solitaire_setup
from ..turn.midturn import mid_turn_problems
from .pieces_cards import CARD_REFERENCES, PILES
from .position import position_table, read_position, read_table_modes
from .problems import Reader, SaveError, quoted, unknown_keys

FORMAT = 2
"""The save format this version writes and the newest it reads. Format 2 added the `[campaign]`
table (a campaign's label, name, start, rollbacks and origin); format 1 had the label alone, as
`campaign = "LABEL"`, which is still read."""

HEADER = "# The Shores of Tripoli: a saved game. Format described in docs/save-format.md.\n"
TOP_KEYS = ("format", "title", "description", "lesson", "goal", "campaign", "position", "pending",
            "history")
CAMPAIGN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
"""A campaign label: up to 40 letters, digits, '-' and '_' (it becomes part of file names)."""
CAMPAIGN_KEYS = ("id", "name", "started", "rollbacks", "branch_of")
STARTED = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}")
PENDING_KEYS = ("side", "kind", "prompt")
HISTORY_KEYS = ("choices", "origin", "origin_table", "origin_hidden_discard", "traces")


def pending_table(pending: Decision) -> dict[str, Any]:
    """The pending decision, for a reader of the file (informational)."""
    return {"side": pending.side, "kind": pending.kind, "prompt": pending.prompt}


def position_to_toml(state: GameState, *, pending: Decision | None = None) -> str:
    """A bare position (no history): loads as it stands when it is at a phase boundary."""
    doc: dict[str, Any] = {"format": FORMAT, "position": position_table(state)}
    if pending is not None:
        doc["pending"] = pending_table(pending)
    return HEADER + tomli_w.dumps(doc)


def is_printed_setup(origin: GameState) -> bool:
    """Whether a starting position is the printed solitaire setup for its seed (at a table
    campaign, in any table modes: the save keeps them as history.origin_table; with the hidden
    discard pile or not: history.origin_hidden_discard)."""
    printed = solitaire_setup(origin.seed)
    printed.table, printed.hidden_discard = origin.table, origin.hidden_discard
    return origin == printed


def game_to_toml(game: Game) -> str:
    """A whole game: its position, pending decision and the history that replays to it."""
    doc: dict[str, Any] = {"format": FORMAT}
    campaign = campaign_table(game)
    if campaign:
        doc["campaign"] = campaign
    doc["position"] = position_table(game.state)
    if game.pending is not None:
        doc["pending"] = pending_table(game.pending)
    history: dict[str, Any] = {"choices": [e.choice.text() for e in game.history]}
    if not is_printed_setup(game.origin):
        history["origin"] = position_table(game.origin)
    else:
        if game.origin.table is not None:
            history["origin_table"] = position_table(game.origin)["table"]
        if game.origin.hidden_discard:
            history["origin_hidden_discard"] = True
    traces = {str(i): trace_text(e.trace.to_data()) for i, e in enumerate(game.history, 1)
              if e.trace is not None}
    if traces:
        history["traces"] = traces
    doc["history"] = history
    return HEADER + tomli_w.dumps(doc)


def campaign_table(game: Game) -> dict[str, Any]:
    """The `[campaign]` table of a game's save: only the fields that say something."""
    facts = game.campaign_facts
    table: dict[str, Any] = {"id": game.campaign, "name": facts.name, "started": facts.started,
                             "rollbacks": facts.rollbacks, "branch_of": facts.branch_of}
    return {key: value for key, value in table.items() if value}


def read_campaign(value: Any) -> tuple[str, CampaignFacts, list[str]]:
    """A save's campaign: its label, its facts, and the problems found (format 1 wrote the label
    alone, as text; format 2 writes a table)."""
    if isinstance(value, str):
        value = {"id": value}
    if not isinstance(value, dict):
        return "", CampaignFacts(), ["campaign: must be a table (or, as format 1 wrote it, a label)"]
    problems = unknown_keys(value, "campaign", CAMPAIGN_KEYS)
    label, branch_of = value.get("id", ""), value.get("branch_of", "")
    for key, text in (("id", label), ("branch_of", branch_of)):
        if not isinstance(text, str) or (text and not CAMPAIGN.fullmatch(text)):
            problems.append(f"campaign.{key}: {quoted(text)} is not a campaign label (up to 40 "
                            "letters, digits, '-' and '_', starting with a letter or digit)")
    name = value.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_CAMPAIGN_NAME or not name.isprintable():
        problems.append(f"campaign.name: {quoted(name)} is not a campaign name (text on one "
                        f"line, at most {MAX_CAMPAIGN_NAME} characters)")
    started = value.get("started", "")
    if not isinstance(started, str) or (started and not STARTED.fullmatch(started)):
        problems.append(f"campaign.started: {quoted(started)} is not a date and time "
                        "('YYYY-MM-DD HH:MM')")
    rollbacks = value.get("rollbacks", 0)
    if not isinstance(rollbacks, int) or isinstance(rollbacks, bool) or rollbacks < 0:
        problems.append(f"campaign.rollbacks: {quoted(rollbacks)} is not a count (0, 1, ...)")
    if problems:
        return "", CampaignFacts(), problems
    return label, CampaignFacts(name.strip(), started, rollbacks, branch_of), []


def trace_text(trace: object) -> str:
    """A trace's data (its `to_data()`) as one line of JSON, stored as a TOML string.

    Traces are kept as JSON text (not TOML tables) because tomllib reads a string many times
    faster than the equivalent tables, and JSON keeps every JSON-like value exactly.
    """
    return json.dumps(trace, ensure_ascii=True, separators=(",", ":"), default=str)


def load_game_text(text: str, *, history: bool = True) -> Game:
    """A game from a save's text: validated, its history replayed and compared with the position.

    With history=False the history is ignored and the stored position is resumed on its own (only
    at the start of a phase): the way back into a campaign whose history no longer replays.
    Raises SaveError (and nothing else) for any text that is not a loadable save.
    """
    return load_game_and_document(text, history=history)[0]


def load_game_and_document(text: str, *, history: bool = True) -> tuple[Game, dict[str, Any]]:
    """`load_game_text`, with the document the game was read from (`parse_document`'s): a list of
    saves reads its title and description there, and parsing a save is most of checking it."""
    try:
        return _load(text, history)
    except SaveError:
        raise
    except RecursionError as exc:
        raise SaveError("the file nests tables or arrays too deeply to be a save") from exc
    except Exception as exc:  # a bad file must never crash the game: report it instead
        raise SaveError(f"the save cannot be played on: {type(exc).__name__}: {exc}") from exc


def parse_document(text: str) -> dict[str, Any]:
    """Parse the TOML and check the format version and the top-level fields."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"not valid TOML: {exc}") from exc
    if "format" not in doc:
        raise SaveError("format: missing (a save begins with `format = 1`)")
    fmt = doc["format"]
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveError(f"format: {quoted(fmt)} is not a save format (this version reads format {FORMAT})")
    if fmt > FORMAT:
        raise SaveError(f"format: this save is format {fmt}, written by a newer version of the game; "
                        f"this version reads format {FORMAT} and older. Update the game to open it.")
    problems = unknown_keys(doc, "", TOP_KEYS)
    if "position" not in doc:
        problems.append("position: missing (every save holds the position)")
    for key in ("title", "description", "goal"):
        if key in doc and not isinstance(doc[key], str):
            problems.append(f"{key}: must be text")
    lesson = doc.get("lesson", 1)
    if not isinstance(lesson, int) or isinstance(lesson, bool) or lesson < 1:
        problems.append(f"lesson: {quoted(lesson)} is not a lesson number (1, 2, ...)")
    if "campaign" in doc:
        problems += read_campaign(doc["campaign"])[2]
    if "pending" in doc:
        problems += _check_pending(doc["pending"])
    if problems:
        raise SaveError(problems)
    return doc


def _load(text: str, history: bool) -> tuple[Game, dict[str, Any]]:
    doc = parse_document(text)
    stored = read_position(doc["position"], "position")
    if "history" in doc and history:
        game = _replay(doc["history"], stored)
    else:
        game = _resume_position(stored, doc.get("pending"))
    game.campaign, game.campaign_facts, _ = read_campaign(doc.get("campaign", ""))
    return game, doc


RESUMED_AT = {
    str(phase): f"at the start of {what} (the middle of a turn needs [position.mid_turn])"
    for phase, what in ((Phase.START_OF_YEAR, "the year"), (Phase.AMERICAN_PLAY, "the American turn"),
                        (Phase.TRIPOLITAN_PLAY, "the T-bot's turn"))}
"""Where a position without history and without a mid-turn decision resumes, by its phase."""


def _resume_position(state: GameState, pending: Any) -> Game:
    """A position without history: at the start of a phase or at its mid-turn T-bot decision,
    checked against the stored pending decision."""
    if state.mid_turn is None:
        problems = [f"position.{where}: {problem}" for where, problem in mid_turn_problems(state)]
        if problems:
            raise SaveError(problems)
    resumed_at = (RESUMED_AT.get(str(state.phase), "where it stands") if state.mid_turn is None
                  else "at its [position.mid_turn] decision")
    game = Game(state)
    broken = board_problems(game.state, hand_limit_pending=game.hand_limit_pending)
    if broken:  # the position as written met them: the game's first steps from it do not
        raise SaveError([f"position.{where}: {problem}, once play goes on from it {resumed_at}"
                         for where, problem in broken])
    if isinstance(pending, dict) and "kind" in pending:
        now = game.pending.kind if game.pending is not None else ""
        if pending["kind"] != now:
            raise SaveError(
                f"pending.kind: the position was saved in the middle of a turn ({quoted(pending['kind'])}) "
                f"and has no history; resumed from it the game asks {now or 'nothing'!r}. "
                "A position without history loads at the start of a phase (american_play, "
                "tripolitan_play, start_of_year) or at the T-bot decision its [position.mid_turn] "
                "names.")
    return game


def read_history(history: Any, stored: GameState) -> tuple[GameState, list[Submitted]]:
    """A save's history read: its origin (the seed's setup when it names none) and its choices
    with their traces, each checked; SaveError if any cannot be read."""
    if not isinstance(history, dict):
        raise SaveError("history: must be a table")
    problems = unknown_keys(history, "history", HISTORY_KEYS)
    if "choices" not in history:
        problems.append("history.choices: missing (the list of choices, possibly empty)")
    if problems:
        raise SaveError(problems)
    entries = _read_entries(history)
    origin = (read_position(history["origin"], "history.origin") if "origin" in history
              else solitaire_setup(stored.seed))
    if "origin_table" in history and "origin" not in history:
        reader = Reader("history")
        origin.table = read_table_modes(reader, history["origin_table"], "origin_table")
        if reader.problems:
            raise SaveError(reader.problems)
    if "origin_hidden_discard" in history and "origin" not in history:
        reader = Reader("history")
        origin.hidden_discard = reader.flag(history, "origin_hidden_discard")
        if reader.problems:
            raise SaveError(reader.problems)
    if origin.phase == Phase.GAME_OVER and entries:
        raise SaveError("history.origin: the starting position is a finished game")
    return origin, entries


def _replay(history: Any, stored: GameState) -> Game:
    """Replay the history from its origin and check it reaches the stored position."""
    origin, entries = read_history(history, stored)
    steps = 0

    def count(_: Game) -> None:
        nonlocal steps
        steps += 1

    try:
        game = Game.replay(origin, entries, on_step=count)
    except Exception as exc:
        choice = entries[steps].choice.text() if steps < len(entries) else "?"
        raise SaveError(f"history.choices[{steps + 1}] ({quoted(choice)}): the history does not replay: "
                        f"{exc}") from exc
    difference = first_difference(stored, game.state)
    if difference:
        raise SaveError(f"history: replaying the {len(entries)} choices does not reach the saved "
                        f"position: {difference}")
    return game


def _read_entries(history: dict[str, Any]) -> list[Submitted]:
    choices = history["choices"]
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        raise SaveError("history.choices: must be a list of choices in their text form")
    traces = history.get("traces", {})
    if not isinstance(traces, dict):
        raise SaveError("history.traces: must be a table of traces by choice number")
    problems = []
    for key in traces:
        if not key.isdigit() or not 1 <= int(key) <= len(choices):
            problems.append(f"history.traces.{key}: not the number of a choice (1-{len(choices)})")
    entries: list[Submitted] = []
    for i, text in enumerate(choices, 1):
        try:
            choice = parse_choice(text)
        except ValueError as exc:
            problems.append(f"history.choices[{i}]: {exc}")
            continue
        entries.append(Move(choice, _read_trace(traces.get(str(i)), i, problems)))
    if problems:
        raise SaveError(problems)
    return entries


def _read_trace(value: object, i: int, problems: list[str]) -> SavedTrace | None:
    """A stored trace: JSON text (as written), or a TOML value written by hand; kept as data
    (bot.trace.trace_of reads it when it is shown)."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError as exc:
            problems.append(f"history.traces.{i}: not a JSON trace ({exc})")
            return None
    return None if value is None else SavedTrace(value)


def first_difference(stored: GameState, replayed: GameState) -> str:
    """The first field in which two positions differ, in save terms ('' when equal but the log)."""
    for f in dataclasses.fields(GameState):
        if f.name == "log":
            continue
        a, b = getattr(stored, f.name), getattr(replayed, f.name)
        if a == b:
            continue
        if f.name == "pieces":
            for loc in d.ALL_LOCATIONS:
                for piece in d.PIECES:
                    if a[loc][piece] != b[loc][piece]:
                        where = "frigates_sunk" if loc == d.SUNK else f"pieces.{loc}.{piece}"
                        return f"position.{where} is {a[loc][piece]}, the replay gives {b[loc][piece]}"
        if f.name == "result":
            a, b = ({} if r is None else dataclasses.asdict(r) for r in (a, b))
        elif f.name in PILES:
            a, b = [d.card_name(c) for c in a], [d.card_name(c) for c in b]
        elif f.name in CARD_REFERENCES:
            a, b = (d.card_name(c) if c else "" for c in (a, b))
        where = f"cards.{f.name}" if f.name in PILES or f.name in CARD_REFERENCES else f.name
        return f"position.{where} is {quoted(a)}, the replay gives {quoted(b)}"
    return ""


def _check_pending(pending: Any) -> list[str]:
    if not isinstance(pending, dict):
        return ["pending: must be a table"]
    problems = unknown_keys(pending, "pending", PENDING_KEYS)
    for key in PENDING_KEYS:
        if key in pending and not isinstance(pending[key], str):
            problems.append(f"pending.{key}: must be text")
    return problems

