"""A position as a TOML table and back: GameState <-> the `position` table of a save, validated
field by field (every problem listed at once)."""

from __future__ import annotations

import dataclasses
from typing import Any

from .. import data as d
from .. import rng
from ..game import RESUMABLE_PHASES
from ..invariants import board_problems
from ..state import (
    DICE_MODES,
    PILE_MODES,
    GameResult,
    GameState,
    MidTurn,
    Phase,
    SeasonRecord,
    TableModes,
)
from ..turn.midturn import DECISIONS, FIELDS, OPTIONAL, mid_turn_problems
from .pieces_cards import (
    CARD_REFERENCES,
    PIECE_LOCATIONS,
    PILES,
    SUPPLIES,
    card_id,
    read_cards,
    read_pieces,
)
from .problems import Reader, SaveError, quoted, unknown_keys

POSITION_REQUIRED = ("year", "season", "phase", "pieces", "cards")
POSITION_OPTIONAL = ("seed", "rng", "gold", "frigates_sunk", "derne_captured", "benghazi_captured",
                     "forced_dice", "assault_damaged", "result", "seasons", "mid_turn", "table",
                     "hidden_discard")
HANDLED_FIELDS = frozenset({
    "seed", "rng", "year", "season", "phase", "pieces", "gold", *PILES, *CARD_REFERENCES,
    "derne_captured", "benghazi_captured", "assault_damaged", "result", "history_season",
    "forced_dice", "log", "mid_turn", "table", "hidden_discard"})
"""Every GameState field this module writes and reads (a test checks nothing is forgotten)."""
RESULT_FIELDS = tuple(f.name for f in dataclasses.fields(GameResult))
"""The fields of a result table, in the order a save writes them."""
RESULT_TEXT = ("winner", "how", "text")
RESULT_NUMBERS = {"year": (min(d.YEARS), max(d.YEARS)), "season": (0, 3), "us_points": (0, 30),
                  "tripolitan_points": (0, 30), "gold_at_end": (0, d.GOLD_TOTAL),
                  "frigates_sunk_at_end": (0, d.FRIGATES_SUNK_TO_WIN)}
"""The whole numbers of a result and their range."""


def position_table(state: GameState) -> dict[str, Any]:
    """A position as the TOML table a save holds (the log is not part of it)."""
    t: dict[str, Any] = {
        "year": state.year, "season": d.SEASONS[state.season], "phase": str(state.phase),
        "seed": state.seed, "rng": f"{state.rng:016x}", "gold": state.gold,
        "frigates_sunk": state.frigates_sunk,
        "derne_captured": state.derne_captured, "benghazi_captured": state.benghazi_captured,
    }
    if state.forced_dice:
        t["forced_dice"] = list(state.forced_dice)
    if state.table is not None:
        t["table"] = {"dice": state.table.dice, "deck": state.table.deck, "hand": state.table.hand}
    if state.hidden_discard:
        t["hidden_discard"] = True
    if state.assault_damaged:
        t["assault_damaged"] = dict(state.assault_damaged)
    if state.history_season:
        t["seasons"] = [dataclasses.asdict(row) for row in state.history_season]
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
    if state.result is not None:
        t["result"] = dataclasses.asdict(state.result)
    if state.mid_turn is not None:
        t["mid_turn"] = mid_turn_table(state.mid_turn)
    return t


def read_table_modes(r: Reader, raw: object, key: str = "table") -> TableModes | None:
    """A table campaign's modes: a table of dice, deck and hand."""
    if not isinstance(raw, dict):
        r.add(key, "must be a table of the modes: dice, deck and hand")
        return None
    modes = {"dice": DICE_MODES, "deck": PILE_MODES, "hand": PILE_MODES}
    values: dict[str, str] = {}
    for name, value in raw.items():
        allowed = modes.get(name)
        if allowed is None:
            r.add(f"{key}.{name}", "is not a table mode (dice, deck or hand)")
        elif value not in allowed:
            r.add(f"{key}.{name}", f"must be one of {', '.join(allowed)}")
        else:
            values[name] = value
    return TableModes(**values)


def mid_turn_table(point: MidTurn) -> dict[str, Any]:
    """A mid-turn decision as its table: the decision and the fields it reads."""
    t: dict[str, Any] = {"decision": point.decision}
    for key in FIELDS.get(point.decision, ()):
        value = getattr(point, key)
        if key == "american_hits" and not value:
            continue
        t[key] = d.card_name(value) if key == "card" and value in d.CARDS else (
            list(value) if isinstance(value, tuple) else value)
    return t


def _read_mid_turn(r: Reader, table: Any) -> MidTurn | None:
    """The mid-turn decision table: its decision and exactly the fields that decision reads."""
    if not isinstance(table, dict):
        r.add("mid_turn", "must be a table (decision = \"drawn_card\", ...)")
        return None
    decision = table.get("decision")
    if decision not in DECISIONS:
        r.add("mid_turn.decision", "missing" if decision is None else
              f"{quoted(decision)} is not a T-bot decision a position can stand at "
              f"({', '.join(DECISIONS)})")
        return None
    at = Reader(f"{r.path}.mid_turn", r.problems)
    at.problems += [p.replace(": unknown field", f": not a field of the {decision} decision", 1)
                    for p in unknown_keys(table, at.path, ("decision", *FIELDS[decision]))]
    for key in FIELDS[decision]:
        if key not in table and key not in OPTIONAL:
            at.add(key, "missing")
    text = {key: table[key] for key in ("raid", "battle", "location") if key in table}
    for key, value in text.items():
        if not isinstance(value, str):
            at.add(key, f"{quoted(value)} is not text")
    harbors = table.get("harbors", [])
    if not isinstance(harbors, list) or not all(isinstance(h, str) for h in harbors):
        at.add("harbors", "must be a list of harbors (\"tripoli\", \"tangier\" ...)")
        harbors = []
    card = card_id(at, "card", table["card"]) if "card" in table else ""
    return MidTurn(decision, card=card, raid=str(text.get("raid", "")), harbors=tuple(harbors),
                   battle=str(text.get("battle", "")), location=str(text.get("location", "")),
                   hits=at.integer(table, "hits", 0, 99),
                   assault_round=at.integer(table, "assault_round", 0, 99),
                   american_hits=at.integer(table, "american_hits", 0, 99))


def read_position(table: Any, path: str) -> GameState:
    """A GameState from a position table, or SaveError listing every problem found."""
    if not isinstance(table, dict):
        raise SaveError(f"{path}: must be a table")
    r = Reader(path)
    for key in unknown_keys(table, path, POSITION_REQUIRED + POSITION_OPTIONAL):
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
        read_pieces(r, table["pieces"], s, r.integer(table, "frigates_sunk", 0, 4))
    if not r.problems:
        read_cards(r, table["cards"], s)
    if not r.problems:
        _cross_checks(r, s)
    if r.problems:
        raise SaveError(r.problems)
    return s


def _read_date(r: Reader, t: dict[str, Any], s: GameState) -> None:
    year = t["year"]
    if not isinstance(year, int) or isinstance(year, bool) or year not in d.YEARS:
        r.add("year", f"{quoted(year)} is not a year of the game (1801-1806)")
    else:
        s.year = year
    season = t["season"]
    if not isinstance(season, str) or season.strip().lower() not in d.SEASONS:
        r.add("season", f"{quoted(season)} is not a season ({', '.join(d.SEASONS)})")
    else:
        s.season = d.SEASONS.index(season.strip().lower())
    phase = t["phase"]
    if phase not in RESUMABLE_PHASES:
        r.add("phase", f"{quoted(phase)} is not a phase a position can be in "
              f"({', '.join(RESUMABLE_PHASES)})")
    else:
        s.phase = Phase(phase)
        if s.phase == Phase.START_OF_YEAR and s.season != 0:
            r.add("season", "the start of the year comes only before spring")


def _read_scalars(r: Reader, t: dict[str, Any], s: GameState) -> None:
    s.seed = r.integer(t, "seed", -(2**63), 2**63 - 1)
    s.rng = rng.seed_state(s.seed)
    if "rng" in t:
        raw = t["rng"]
        text = raw.lower().removeprefix("0x") if isinstance(raw, str) else ""
        if not text or len(text) > 16 or any(ch not in "0123456789abcdef" for ch in text):
            r.add("rng", f"{quoted(raw)} is not the generator's state (up to 16 hex digits, as text)")
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
    if "table" in t:
        s.table = read_table_modes(r, t["table"])
    s.hidden_discard = r.flag(t, "hidden_discard")
    damaged = t.get("assault_damaged", {})
    if not isinstance(damaged, dict) or not all(
            k in (d.US_FRIGATE, d.TRIPOLITAN_FRIGATE) and isinstance(v, int)
            and not isinstance(v, bool) and 0 <= v <= d.PIECE_TOTALS[k] for k, v in damaged.items()):
        r.add("assault_damaged", "must be a table of us_frigate and tripolitan_frigate counts")
    else:
        s.assault_damaged = dict(damaged)
    _read_result(r, t, s)
    s.history_season = _season_records(r, t.get("seasons", []))
    if "mid_turn" in t:
        s.mid_turn = _read_mid_turn(r, t["mid_turn"])


SEASON_NUMBERS = {"year": (min(d.YEARS), max(d.YEARS)), "season": (0, 3),
                  "gold": (0, d.GOLD_TOTAL), "frigates_sunk": (0, d.FRIGATES_SUNK_TO_WIN)}
"""A season record's whole numbers and their range (in SeasonRecord's order)."""


def _season_records(r: Reader, rows: Any) -> list[SeasonRecord]:
    """The season records, each field present, known and in range ([] when any is not)."""
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        r.add("seasons", "must be a list of tables of whole numbers (year, season, gold, "
              "frigates_sunk)")
        return []
    problems = len(r.problems)
    records = []
    for i, row in enumerate(rows):
        at = Reader(f"{r.path}.seasons[{i + 1}]", r.problems)
        at.problems += unknown_keys(row, at.path, SEASON_NUMBERS)
        for key in SEASON_NUMBERS:
            if key not in row:
                at.add(key, "missing")
        numbers = {key: at.integer(row, key, *SEASON_NUMBERS[key]) for key in SEASON_NUMBERS}
        records.append(SeasonRecord(**numbers))
    return records if len(r.problems) == problems else []


def _read_result(r: Reader, t: dict[str, Any], s: GameState) -> None:
    result = t.get("result", {})
    if not isinstance(result, dict) or not all(
            isinstance(v, str | int) for v in result.values()):
        r.add("result", "must be a table of text and whole numbers")
        return
    if result and result.get("winner") not in (d.US, d.TRIPOLITANIA, "draw"):
        r.add("result.winner", f"{quoted(result.get('winner'))} is not us, tripolitania or draw")
    if s.phase == Phase.GAME_OVER and not result:
        r.add("result", "missing: a finished game (phase game_over) records its result")
    if s.phase != Phase.GAME_OVER and result:
        r.add("result", "only a finished game (phase game_over) has a result")
    if result:
        s.result = _game_result(Reader(f"{r.path}.result", r.problems), result)


def _game_result(r: Reader, t: dict[str, Any]) -> GameResult | None:
    """Every field of a result, each of its kind (text or a whole number in range)."""
    problems = len(r.problems)
    r.problems += unknown_keys(t, r.path, RESULT_FIELDS)
    for key in RESULT_FIELDS:
        if key not in t:
            r.add(key, "missing")
        elif key in RESULT_TEXT and not isinstance(t[key], str):
            r.add(key, f"{quoted(t[key])} is not text")
    numbers = {key: r.integer(t, key, *RESULT_NUMBERS[key]) for key in RESULT_NUMBERS if key in t}
    if len(r.problems) > problems:
        return None
    return GameResult(t["winner"], t["how"], t["text"], **numbers)


def _cross_checks(r: Reader, s: GameState) -> None:
    over = s.phase == Phase.GAME_OVER
    if s.gold >= d.GOLD_TOTAL and not over:
        r.add("gold", "twelve gold ends the game: the phase must be game_over")
    if s.frigates_sunk >= d.FRIGATES_SUNK_TO_WIN and not over:
        r.add("frigates_sunk", "four frigates sunk ends the game: the phase must be game_over")
    if len(s.us_hand) > d.HAND_LIMIT and not (s.season == 0 and s.phase in (
            Phase.AMERICAN_PLAY, Phase.START_OF_YEAR)):
        r.add("cards.us_hand", f"{len(s.us_hand)} cards, over the hand limit of {d.HAND_LIMIT} "
              "(more only at the start of Spring, before discarding)")
    for year in d.TRACK_YEARS:
        begun = year < s.year or (year == s.year and s.phase != Phase.START_OF_YEAR)
        if begun and any(s.pieces[d.track_space(year)].values()):
            r.add(f"pieces.track_{year}", f"the year {year} has begun: its arrivals have left "
                  "the Year Turn Track")
    if s.mid_turn is not None:
        for where, problem in mid_turn_problems(s):
            r.add(where, problem)
    if s.phase == Phase.AMERICAN_PLAY and s.tbot_active_event:
        r.add("cards.tbot_active_event", "the T-bot has no active event card in the American turn")
    if not r.problems:
        for where, problem in board_problems(s, hand_limit_pending=True):
            r.add(where, problem)

