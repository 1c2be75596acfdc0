"""Saves as TOML: a hand-editable position plus the history of choices that leads to it.

Pure: text in, text out (no files, no clock). The format is documented field by field in
docs/save-format.md; `tripoli_tui.storage` does the file side.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import tomllib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import tomli_w

from . import data as d
from . import rng
from .decisions import Decision, parse_choice
from .flow import solitaire_setup
from .game import RESUMABLE_PHASES, Game, HistoryEntry
from .invariants import ALLOWED, check_invariants
from .state import GameState, empty_pieces

FORMAT = 1
"""The save format this version writes and the newest it reads."""

HEADER = "# The Shores of Tripoli: a saved game. Format described in docs/save-format.md.\n"

PILES = ("us_draw", "us_hand", "us_core", "us_discard", "us_removed", "tbot_draw",
         "event_card_line", "battle_card_line", "tbot_discard", "tbot_removed")
"""Every card pile and line of GameState, in the order a save lists them."""
CARD_REFERENCES = ("us_active_event", "tbot_active_event", "tbot_drawn")
"""Single cards named in the cards table ('' in GameState when none)."""
REST = "..."
"""The last entry of a draw pile meaning: every other card of that deck, shuffled."""
NOT_IN_PILES = ("five_corsair_check", "raid_or_build")
"""Solitaire cards that sit beside the T-bot's piles, never in them."""

TOP_KEYS = ("format", "title", "description", "position", "pending", "history")
POSITION_REQUIRED = ("year", "season", "phase", "pieces", "cards")
POSITION_OPTIONAL = ("seed", "rng", "gold", "frigates_sunk", "derne_captured", "benghazi_captured",
                     "forced_dice", "assault_damaged", "result", "seasons")
PENDING_KEYS = ("side", "kind", "prompt")
HISTORY_KEYS = ("choices", "origin", "traces")
SUPPLIES = (d.US_SUPPLY, d.TRIPOLITAN_SUPPLY)
PIECE_LOCATIONS = tuple(loc for loc in d.ALL_LOCATIONS if loc != d.SUNK)
"""Locations a save's pieces table may name (sunk frigates are `frigates_sunk`)."""
HANDLED_FIELDS = frozenset({
    "seed", "rng", "year", "season", "phase", "pieces", "gold", *PILES, *CARD_REFERENCES,
    "derne_captured", "benghazi_captured", "assault_damaged", "result", "history_season",
    "forced_dice", "log"})
"""Every GameState field this module writes and reads (a test checks nothing is forgotten)."""


class SaveError(Exception):
    """A save that cannot be loaded; the message names each field and its problem."""

    def __init__(self, message: str | list[str], *, where: str = "") -> None:
        self.problems = [message] if isinstance(message, str) else list(message)
        """Each problem on its own, 'field: what is wrong'."""
        self.where = where
        """The file the problems are in ('' when not from a file)."""
        if len(self.problems) == 1:
            text = self.problems[0]
        else:
            text = f"{len(self.problems)} problems:\n" + "\n".join(f"- {p}" for p in self.problems)
        super().__init__(f"{where}: {text}" if where else text)


# --- writing -----------------------------------------------------------------------

def position_table(state: GameState) -> dict[str, Any]:
    """A position as the TOML table a save holds (the log is not part of it)."""
    t: dict[str, Any] = {
        "year": state.year, "season": d.SEASONS[state.season], "phase": state.phase,
        "seed": state.seed, "rng": f"{state.rng:016x}", "gold": state.gold,
        "frigates_sunk": state.frigates_sunk,
        "derne_captured": state.derne_captured, "benghazi_captured": state.benghazi_captured,
    }
    if state.forced_dice:
        t["forced_dice"] = list(state.forced_dice)
    if state.assault_damaged:
        t["assault_damaged"] = dict(state.assault_damaged)
    if state.history_season:
        t["seasons"] = [dict(row) for row in state.history_season]
    pieces: dict[str, Any] = {}
    for loc in PIECE_LOCATIONS:
        counts = {p: n for p, n in state.pieces[loc].items() if n}
        if counts or loc in SUPPLIES:
            pieces[loc] = counts
    t["pieces"] = pieces
    cards: dict[str, Any] = {}
    for ref in CARD_REFERENCES:
        if getattr(state, ref):
            cards[ref] = d.card_name(getattr(state, ref))
    for pile in PILES:
        cards[pile] = [d.card_name(c) for c in getattr(state, pile)]
    t["cards"] = cards
    if state.result:
        t["result"] = dict(state.result)
    return t


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
    """Whether a starting position is the printed solitaire setup for its seed."""
    return origin == solitaire_setup(origin.seed)


def game_to_toml(game: Game) -> str:
    """A whole game: its position, pending decision and the history that replays to it."""
    doc: dict[str, Any] = {"format": FORMAT, "position": position_table(game.state)}
    if game.pending is not None:
        doc["pending"] = pending_table(game.pending)
    history: dict[str, Any] = {"choices": [e.choice.text() for e in game.history]}
    if not is_printed_setup(game.origin):
        history["origin"] = position_table(game.origin)
    traces = {str(i): trace_text(e.trace) for i, e in enumerate(game.history, 1)
              if e.trace is not None}
    if traces:
        history["traces"] = traces
    doc["history"] = history
    return HEADER + tomli_w.dumps(doc)


def trace_text(trace: Any) -> str:
    """A trace as one line of JSON, stored as a TOML string.

    Traces are kept as JSON text (not TOML tables) because tomllib reads a string many times
    faster than the equivalent tables, and JSON keeps every JSON-like value exactly.
    """
    return json.dumps(trace, ensure_ascii=True, separators=(",", ":"), default=str)


def game_id(game: Game) -> str:
    """A short fingerprint of a game's start and choices (the same game, the same id)."""
    start = "setup" if is_printed_setup(game.origin) else tomli_w.dumps(position_table(game.origin))
    text = "\n".join([str(game.origin.seed), start, *(e.choice.text() for e in game.history)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def summary(game: Game) -> str:
    """One line: date, gold, frigates sunk and whose decision is pending."""
    s = game.state
    score = (f"gold {s.gold} of {d.GOLD_TOTAL}, "
             f"{s.frigates_sunk} of {d.FRIGATES_SUNK_TO_WIN} American frigates sunk")
    if game.pending is None:
        r = s.result
        winner = {"us": "the United States wins", "tripolitania": "Tripolitania wins",
                  "draw": "a draw"}.get(str(r.get("winner")), "over")
        return f"{s.when}: game over, {winner} ({r.get('text', '')}); {score}".replace("\n", " ")
    p = game.pending
    who = "your decision" if p.side == d.US else "the T-bot's decision"
    return f"{s.when}: {score}; {who} ({p.kind}): {p.prompt}".replace("\n", " ")


# --- reading -----------------------------------------------------------------------

@dataclass(frozen=True)
class SaveFacts:
    """What a list of saves shows, read without replaying the history."""

    year: int
    season: int
    gold: int
    frigates_sunk: int
    pending_side: str
    """'us', 'tripolitania', or '' when the game is over."""
    title: str = ""
    description: str = ""
    has_history: bool = False


def load_game_text(text: str, *, history: bool = True) -> Game:
    """A game from a save's text: validated, its history replayed and compared with the position.

    With history=False the history is ignored and the stored position is resumed on its own (only
    at the start of a phase): the way back into a campaign whose history no longer replays.
    Raises SaveError (and nothing else) for any text that is not a loadable save.
    """
    try:
        return _load(text, history)
    except SaveError:
        raise
    except RecursionError as exc:
        raise SaveError("the file nests tables or arrays too deeply to be a save") from exc
    except Exception as exc:  # a bad file must never crash the game: report it instead
        raise SaveError(f"the save cannot be played on: {type(exc).__name__}: {exc}") from exc


def read_facts(text: str) -> SaveFacts:
    """The listing facts of a save (validates the document and its position, no replay)."""
    try:
        doc = parse_document(text)
        state = read_position(doc["position"], "position")
    except SaveError:
        raise
    except Exception as exc:  # listing never crashes on a bad file
        raise SaveError(f"the save cannot be read: {type(exc).__name__}: {exc}") from exc
    pending = doc.get("pending")
    side = pending.get("side", "") if isinstance(pending, dict) else ""
    if not side:
        side = {"tripolitan_play": d.TRIPOLITANIA, "game_over": ""}.get(state.phase, d.US)
    return SaveFacts(state.year, state.season, state.gold, state.frigates_sunk, str(side),
                     str(doc.get("title", "")), str(doc.get("description", "")), "history" in doc)


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
        raise SaveError(f"format: {fmt!r} is not a save format (this version reads format {FORMAT})")
    if fmt > FORMAT:
        raise SaveError(f"format: this save is format {fmt}, written by a newer version of the game; "
                        f"this version reads format {FORMAT} and older. Update the game to open it.")
    problems = _unknown_keys(doc, "", TOP_KEYS)
    if "position" not in doc:
        problems.append("position: missing (every save holds the position)")
    for key in ("title", "description"):
        if key in doc and not isinstance(doc[key], str):
            problems.append(f"{key}: must be text")
    if "pending" in doc:
        problems += _check_pending(doc["pending"])
    if problems:
        raise SaveError(problems)
    return doc


def _load(text: str, history: bool) -> Game:
    doc = parse_document(text)
    stored = read_position(doc["position"], "position")
    if "history" in doc and history:
        return _replay(doc["history"], stored)
    return _resume_position(stored, doc.get("pending"))


def _resume_position(state: GameState, pending: Any) -> Game:
    """A position without history: only at a phase boundary, checked against the stored pending."""
    problems = []
    if state.tbot_drawn:
        problems.append("position.cards.tbot_drawn: a drawn card is consulted in the middle of the "
                        "T-bot's turn; a position without history must be at the start of a phase")
    if state.assault_damaged:
        problems.append("position.assault_damaged: only in the middle of the Assault on Tripoli; "
                        "a position without history must be at the start of a phase")
    if problems:
        raise SaveError(problems)
    game = Game(state)
    if isinstance(pending, dict) and "kind" in pending:
        now = game.pending.kind if game.pending is not None else ""
        if pending["kind"] != now:
            raise SaveError(
                f"pending.kind: the position was saved in the middle of a turn ({pending['kind']!r}) "
                f"and has no history; resumed from the start of its phase it asks {now or 'nothing'!r}. "
                "Only positions at the start of a phase (american_play, tripolitan_play, "
                "start_of_year) load without history.")
    return game


def _replay(history: Any, stored: GameState) -> Game:
    """Replay the history from its origin and check it reaches the stored position."""
    if not isinstance(history, dict):
        raise SaveError("history: must be a table")
    problems = _unknown_keys(history, "history", HISTORY_KEYS)
    if "choices" not in history:
        problems.append("history.choices: missing (the list of choices, possibly empty)")
    if problems:
        raise SaveError(problems)
    entries = _read_entries(history)
    origin = (read_position(history["origin"], "history.origin") if "origin" in history
              else solitaire_setup(stored.seed))
    if origin.phase == "game_over" and entries:
        raise SaveError("history.origin: the starting position is a finished game")
    steps = 0

    def count(_: Game) -> None:
        nonlocal steps
        steps += 1

    try:
        game = Game.replay(origin, entries, on_step=count)
    except Exception as exc:
        choice = entries[steps].choice.text() if steps < len(entries) else "?"
        raise SaveError(f"history.choices[{steps + 1}] ({choice!r}): the history does not replay: "
                        f"{exc}") from exc
    difference = first_difference(stored, game.state)
    if difference:
        raise SaveError(f"history: replaying the {len(entries)} choices does not reach the saved "
                        f"position: {difference}")
    return game


def _read_entries(history: dict[str, Any]) -> list[HistoryEntry]:
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
    entries = []
    for i, text in enumerate(choices, 1):
        try:
            choice = parse_choice(text)
        except ValueError as exc:
            problems.append(f"history.choices[{i}]: {exc}")
            continue
        entries.append(HistoryEntry(choice, _read_trace(traces.get(str(i)), i, problems)))
    if problems:
        raise SaveError(problems)
    return entries


def _read_trace(value: Any, i: int, problems: list[str]) -> Any:
    """A stored trace: JSON text (as written), or a TOML value written by hand."""
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError as exc:
        problems.append(f"history.traces.{i}: not a JSON trace ({exc})")
        return None


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
        if f.name in PILES:
            a, b = [d.card_name(c) for c in a], [d.card_name(c) for c in b]
        elif f.name in CARD_REFERENCES:
            a, b = (d.card_name(c) if c else "" for c in (a, b))
        where = f"cards.{f.name}" if f.name in PILES or f.name in CARD_REFERENCES else f.name
        return f"position.{where} is {a!r}, the replay gives {b!r}"
    return ""


# --- the position ------------------------------------------------------------------

class _Reader:
    """Collects problems while a position table is read."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[str] = []

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


def read_position(table: Any, path: str) -> GameState:
    """A GameState from a position table, or SaveError listing every problem found."""
    if not isinstance(table, dict):
        raise SaveError(f"{path}: must be a table")
    r = _Reader(path)
    for key in _unknown_keys(table, path, POSITION_REQUIRED + POSITION_OPTIONAL):
        r.problems.append(key)
    for key in POSITION_REQUIRED:
        if key not in table:
            r.add(key, "missing")
    if r.problems:
        raise SaveError(r.problems)
    s = GameState()
    _read_date(r, table, s)
    _read_scalars(r, table, s)
    if not r.problems:
        _read_pieces(r, table["pieces"], s, r.integer(table, "frigates_sunk", 0, 4))
    if not r.problems:
        _read_cards(r, table["cards"], s)
    if not r.problems:
        _cross_checks(r, s)
    if r.problems:
        raise SaveError(r.problems)
    return s


def _read_date(r: _Reader, t: dict[str, Any], s: GameState) -> None:
    year = t["year"]
    if not isinstance(year, int) or isinstance(year, bool) or year not in d.YEARS:
        r.add("year", f"{year!r} is not a year of the game (1801-1806)")
    else:
        s.year = year
    season = t["season"]
    if not isinstance(season, str) or season.strip().lower() not in d.SEASONS:
        r.add("season", f"{season!r} is not a season ({', '.join(d.SEASONS)})")
    else:
        s.season = d.SEASONS.index(season.strip().lower())
    phase = t["phase"]
    if phase not in RESUMABLE_PHASES:
        r.add("phase", f"{phase!r} is not a phase a position can be in "
              f"({', '.join(RESUMABLE_PHASES)})")
    else:
        s.phase = phase
        if phase == "start_of_year" and s.season != 0:
            r.add("season", "the start of the year comes only before spring")


def _read_scalars(r: _Reader, t: dict[str, Any], s: GameState) -> None:
    s.seed = r.integer(t, "seed", -(2**63), 2**63 - 1)
    s.rng = rng.seed_state(s.seed)
    if "rng" in t:
        raw = t["rng"]
        text = raw.lower().removeprefix("0x") if isinstance(raw, str) else ""
        if not text or len(text) > 16 or any(ch not in "0123456789abcdef" for ch in text):
            r.add("rng", f"{raw!r} is not the generator's state (up to 16 hex digits, as text)")
        else:
            s.rng = int(text, 16)
    s.gold = r.integer(t, "gold", 0, d.GOLD_TOTAL)
    s.derne_captured = r.flag(t, "derne_captured")
    s.benghazi_captured = r.flag(t, "benghazi_captured")
    dice = t.get("forced_dice", [])
    if not isinstance(dice, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in dice):
        r.add("forced_dice", "must be a list of die values 1-6")
    else:
        s.forced_dice = list(dice)
    damaged = t.get("assault_damaged", {})
    if not isinstance(damaged, dict) or not all(
            k in (d.US_FRIGATE, d.TRIPOLITAN_FRIGATE) and isinstance(v, int)
            and not isinstance(v, bool) and 0 <= v <= d.PIECE_TOTALS[k] for k, v in damaged.items()):
        r.add("assault_damaged", "must be a table of us_frigate and tripolitan_frigate counts")
    else:
        s.assault_damaged = dict(damaged)
    _read_result(r, t, s)
    seasons = t.get("seasons", [])
    if not isinstance(seasons, list) or not all(
            isinstance(row, dict) and all(isinstance(v, int) and not isinstance(v, bool)
                                          for v in row.values()) for row in seasons):
        r.add("seasons", "must be a list of tables of whole numbers (year, season, gold, "
              "frigates_sunk)")
    else:
        s.history_season = [dict(row) for row in seasons]


def _read_result(r: _Reader, t: dict[str, Any], s: GameState) -> None:
    result = t.get("result", {})
    if not isinstance(result, dict) or not all(
            isinstance(v, str | int) for v in result.values()):
        r.add("result", "must be a table of text and whole numbers")
        return
    if result and result.get("winner") not in (d.US, d.TRIPOLITANIA, "draw"):
        r.add("result.winner", f"{result.get('winner')!r} is not us, tripolitania or draw")
    if s.phase == "game_over" and not result:
        r.add("result", "missing: a finished game (phase game_over) records its result")
    if s.phase != "game_over" and result:
        r.add("result", "only a finished game (phase game_over) has a result")
    s.result = dict(result)


def _read_pieces(r: _Reader, table: Any, s: GameState, sunk: int) -> None:
    if not isinstance(table, dict):
        r.add("pieces", "must be a table of locations")
        return
    pieces = empty_pieces()
    pieces[d.SUNK][d.US_FRIGATE] = sunk
    for loc, counts in table.items():
        if loc == d.SUNK:
            r.add(f"pieces.{loc}", "write sunk American frigates as frigates_sunk")
            continue
        if loc not in PIECE_LOCATIONS:
            r.add(f"pieces.{loc}", "unknown location" + _suggest(loc, PIECE_LOCATIONS))
            continue
        if not isinstance(counts, dict):
            r.add(f"pieces.{loc}", "must be a table of piece counts, like { corsair = 2 }")
            continue
        for piece, n in counts.items():
            _read_count(r, f"pieces.{loc}.{piece}", loc, piece, n, pieces)
    if r.problems:
        return
    for piece, total in d.PIECE_TOTALS.items():
        _settle_supply(r, table, pieces, piece, total)
    s.pieces = pieces


def _read_count(r: _Reader, where: str, loc: str, piece: str, n: Any,
                pieces: dict[str, dict[str, int]]) -> None:
    if piece not in d.PIECE_TOTALS:
        r.add(where, "unknown piece" + _suggest(piece, d.PIECES))
    elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
        r.add(where, f"{n!r} is not a count")
    elif n > d.PIECE_TOTALS[piece]:
        r.add(where, f"{n}, but the game has only {d.pieces_name(piece, d.PIECE_TOTALS[piece])}")
    elif n and loc not in ALLOWED[piece]:
        r.add(where, f"{d.PIECE_NAMES[piece][1]} are never at {loc}")
    else:
        pieces[loc][piece] = n


def _settle_supply(r: _Reader, table: dict[str, Any], pieces: dict[str, dict[str, int]],
                   piece: str, total: int) -> None:
    """An omitted supply holds the rest of its pieces; a listed one must make the total."""
    supply = d.supply_of(piece)
    placed = sum(pieces[loc][piece] for loc in d.ALL_LOCATIONS if loc != supply)
    name = d.PIECE_NAMES[piece][1]
    if supply not in table:
        if placed > total:
            r.add("pieces", f"{placed} {name} placed, but the game has only {total}")
        else:
            pieces[supply][piece] = total - placed
    elif placed + pieces[supply][piece] != total:
        found = placed + pieces[supply][piece]
        r.add("pieces", f"{name} add up to {found}, the game has {total}: correct the counts, "
              f"or leave {supply} out to put the rest there")


def _read_cards(r: _Reader, table: Any, s: GameState) -> None:
    if not isinstance(table, dict):
        r.add("cards", "must be a table of piles")
        return
    for key in _unknown_keys(table, f"{r.path}.cards", PILES + CARD_REFERENCES):
        r.problems.append(key)
    listed: dict[str, list[str]] = {}
    rest: dict[str, bool] = {}
    for pile in PILES:
        listed[pile], rest[pile] = _read_pile(r, pile, table.get(pile, [REST] if pile in (
            "us_draw", "tbot_draw") else None))
    for ref in CARD_REFERENCES:
        if ref in table:
            card = _card_id(r, f"cards.{ref}", table[ref])
            setattr(s, ref, card or "")
    if r.problems:
        return
    if "us_core" not in table:
        others = Counter(c for p in PILES for c in listed[p])
        listed["us_core"] = [c for c in d.US_CORE_CARDS if not others[c]]
    _check_places(r, listed, s)
    if r.problems:
        return
    _fill_draw_piles(r, listed, rest, s)
    for pile in PILES:
        setattr(s, pile, listed[pile])


def _read_pile(r: _Reader, pile: str, value: Any) -> tuple[list[str], bool]:
    if value is None:
        return [], False
    if not isinstance(value, list):
        r.add(f"cards.{pile}", "must be a list of printed card names")
        return [], False
    cards: list[str] = []
    rest = False
    for i, name in enumerate(value):
        if name == REST and i == len(value) - 1 and pile in ("us_draw", "tbot_draw"):
            rest = True
            continue
        card = _card_id(r, f"cards.{pile}[{i + 1}]", name)
        if card:
            cards.append(card)
    return cards, rest


def _card_id(r: _Reader, where: str, name: Any) -> str:
    if not isinstance(name, str):
        r.add(where, f"{name!r} is not a card name")
        return ""
    try:
        card = d.card_by_name(name)
    except KeyError:
        r.add(where, f"unknown card {name!r}" + _suggest(name, [c.name for c in d.CARDS.values()]))
        return ""
    if card.id in NOT_IN_PILES:
        r.add(where, f"{card.name} is never in a pile (it sits beside the T-bot's cards)")
        return ""
    return card.id


US_PILES = ("us_draw", "us_hand", "us_core", "us_discard", "us_removed")


def _check_places(r: _Reader, listed: dict[str, list[str]], s: GameState) -> None:
    """Each card in its own side's piles, no more copies than printed, in a pile it can be in."""
    where: dict[str, list[str]] = {}
    for pile in PILES:
        for card in listed[pile]:
            where.setdefault(card, []).append(pile)
    if s.tbot_drawn:
        where.setdefault(s.tbot_drawn, []).append("tbot_drawn")
    for card, piles in where.items():
        c = d.CARDS[card]
        if len(piles) > c.copies:
            copies = "there is only one" if c.copies == 1 else f"there are {c.copies} copies"
            places = ", ".join(f"{pile} x{n}" if n > 1 else pile for pile, n in Counter(piles).items())
            r.add("cards", f"{c.name} is listed {len(piles)} times ({places}), but {copies}")
        for pile in dict.fromkeys(piles):
            problem = _pile_problem(c, pile)
            if problem:
                r.add(f"cards.{pile}", problem)
    for ref in ("us_active_event", "tbot_active_event"):
        card = getattr(s, ref)
        if card and d.CARDS[card].deck != (d.US if ref.startswith("us") else d.TRIPOLITANIA):
            r.add(f"cards.{ref}", f"{d.card_name(card)} belongs to the other side")


def _pile_problem(c: d.Card, pile: str) -> str:
    us_pile = pile in US_PILES
    if (c.deck == d.US) != us_pile:
        side = "an American" if c.deck == d.US else "a Tripolitan"
        return f"{c.name} is {side} card, it cannot be in {pile}"
    if c.deck == d.US and c.kind == d.CORE:
        if pile not in ("us_core", "us_removed"):
            return f"{c.name} is a core card: only us_core or us_removed"
    elif pile == "us_core":
        return f"{c.name} is not a core card"
    if c.deck == d.TRIPOLITANIA and c.kind == d.BATTLE:
        if pile not in ("battle_card_line", "tbot_removed"):
            return f"{c.name} is a battle card: only battle_card_line or tbot_removed"
    elif pile == "battle_card_line":
        return f"{c.name} is not a battle card"
    return ""


def _fill_draw_piles(r: _Reader, listed: dict[str, list[str]], rest: dict[str, bool],
                     s: GameState) -> None:
    """Put each deck's unlisted cards in its draw pile where asked ('...'), then check the totals."""
    drawn = [s.tbot_drawn] if s.tbot_drawn else []
    found = Counter(c for p in PILES for c in listed[p]) + Counter(drawn)
    for pile, deck in (("us_draw", d.US_DECK), ("tbot_draw", d.TBOT_DECK)):
        missing = Counter(deck) - found
        if rest[pile] and missing:
            s.rng, shuffled = rng.shuffled(s.rng, list(missing.elements()))
            listed[pile] += shuffled
            found += missing
    expected = Counter(c.id for c in d.CARDS.values() if c.id not in NOT_IN_PILES
                       for _ in range(c.copies))
    for card, n in (expected - found).items():
        r.add("cards", f"{d.card_name(card)} is missing{f' ({n} copies)' if n > 1 else ''}: "
              "list it in the pile it is in")


def _cross_checks(r: _Reader, s: GameState) -> None:
    over = s.phase == "game_over"
    if s.gold >= d.GOLD_TOTAL and not over:
        r.add("gold", "twelve gold ends the game: the phase must be game_over")
    if s.frigates_sunk >= d.FRIGATES_SUNK_TO_WIN and not over:
        r.add("frigates_sunk", "four frigates sunk ends the game: the phase must be game_over")
    if len(s.us_hand) > d.HAND_LIMIT and not (s.season == 0 and s.phase in (
            "american_play", "start_of_year")):
        r.add("cards.us_hand", f"{len(s.us_hand)} cards, over the hand limit of {d.HAND_LIMIT} "
              "(more only at the start of Spring, before discarding)")
    for year in d.TRACK_YEARS:
        begun = year < s.year or (year == s.year and s.phase != "start_of_year")
        if begun and any(s.pieces[d.track_space(year)].values()):
            r.add(f"pieces.track_{year}", f"the year {year} has begun: its arrivals have left "
                  "the Year Turn Track")
    if s.phase == "american_play" and s.tbot_active_event:
        r.add("cards.tbot_active_event", "the T-bot has no active event card in the American turn")
    if not r.problems:
        for problem in check_invariants(s, hand_limit_pending=True):
            r.add("", problem)


# --- small helpers ------------------------------------------------------------------

def _check_pending(pending: Any) -> list[str]:
    if not isinstance(pending, dict):
        return ["pending: must be a table"]
    problems = _unknown_keys(pending, "pending", PENDING_KEYS)
    for key in PENDING_KEYS:
        if key in pending and not isinstance(pending[key], str):
            problems.append(f"pending.{key}: must be text")
    return problems


def _unknown_keys(table: dict[str, Any], path: str, known: Iterable[str]) -> list[str]:
    known = tuple(known)
    prefix = f"{path}." if path else ""
    return [f"{prefix}{key}: unknown field" + _suggest(key, known, f" (known: {', '.join(known)})")
            for key in table if key not in known]


def _suggest(word: str, candidates: Iterable[str], otherwise: str = "") -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else otherwise

