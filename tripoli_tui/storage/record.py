"""The campaign record: every finished game, written atomically, each game once."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import os
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from ..engine import data as d
from ..engine.core import WAYS_TO_END
from ..engine.game import Game
from ..engine.saves import SaveError, is_printed_setup, position_table
from ..save_error import quoted
from .files import atomic_write, make_folder, read_text, save_dir
from .identity import check_campaign_name, game_label, game_name
from .record_rows import DrillScore as DrillScore
from .record_rows import TutorialDone as TutorialDone
from .record_rows import row_answers, row_date, row_field, row_table, row_whole
from .shown import shown

RECORD_FILE = "campaign-record.toml"
MAX_RECORD_BYTES = 8 * 1024 * 1024
RECORD_FORMAT = 1
"""The campaign record's own format version (separate from the save format)."""


def game_id(game: Game) -> str:
    """A short fingerprint of a game's start and choices (the same game, the same id)."""
    start = "setup" if is_printed_setup(game.origin) else tomli_w.dumps(position_table(game.origin))
    text = "\n".join([str(game.origin.seed), start, *(e.choice.text() for e in game.history)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class RecordEntry:
    """One finished game in the campaign record."""

    date: dt.datetime
    seed: int
    winner: str
    """'us', 'tripolitania' or 'draw'."""
    how: str
    """A key of engine.core.WAYS_TO_END ('treaty', 'gold', ...)."""
    ending: str
    """How it ended, in words."""
    year: int
    season: int
    us_points: int
    tripolitan_points: int
    start: str = "setup"
    """'setup' (a new campaign) or 'position' (begun from a saved or example position)."""
    game: str = ""
    """The game's fingerprint: a game is recorded once."""
    campaign: str = ""
    """The campaign's label ('' in a record written before campaigns were recorded)."""
    name: str = ""
    """The campaign's name."""
    rollbacks: int = 0
    """How many times the campaign was rolled back to an earlier turn."""
    table: bool = False
    """Whether it was played at the player's table (a table campaign: `tripoli table`)."""
    hidden_discard: bool = False
    """Whether it was played with the optional hidden discard pile."""


@dataclass
class CampaignRecord:
    """Every finished game, oldest first, with the totals, every drill played and every tutorial
    of the course checked off."""

    entries: list[RecordEntry] = field(default_factory=list)
    drills: list[DrillScore] = field(default_factory=list)
    tutorials: list[TutorialDone] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    """The campaigns renamed, by label: the name a player gave last (it wins over their saves')."""
    problem: str = ""
    """Why the record file could not be read ('' when it could)."""

    @property
    def box_answers(self) -> list[tuple[str, bool]]:
        """Every question answered on a box of the flowchart, oldest first: (box, right)."""
        return [answer for drill in self.drills for answer in drill.answers]

    def _count(self, winner: str) -> int:
        return sum(1 for e in self.entries if e.winner == winner)

    @property
    def wins(self) -> int:
        return self._count(d.US)

    @property
    def losses(self) -> int:
        return self._count(d.TRIPOLITANIA)

    @property
    def draws(self) -> int:
        return self._count("draw")

    @property
    def games(self) -> int:
        return len(self.entries)

    @property
    def completed(self) -> frozenset[str]:
        """The tutorials checked off, by name."""
        return frozenset(t.name for t in self.tutorials)


def _record_path() -> Path:
    return save_dir() / RECORD_FILE


def _entry_table(e: RecordEntry) -> dict[str, Any]:
    return {"date": e.date, "seed": e.seed, "winner": e.winner, "how": e.how, "ending": e.ending,
            "year": e.year, "season": d.SEASONS[e.season], "us_points": e.us_points,
            "tripolitan_points": e.tripolitan_points, "start": e.start, "game": e.game,
            "campaign": e.campaign, "name": e.name, "rollbacks": e.rollbacks,
            **({"table": True} if e.table else {}),
            **({"hidden_discard": True} if e.hidden_discard else {})}


def _entry_from(row: Any, i: int) -> RecordEntry:
    try:
        row = row_table(row)
        return RecordEntry(row_date(row), row_whole(row, "seed"), shown(row_field(row, "winner")),
                           shown(row_field(row, "how")), shown(row_field(row, "ending")),
                           row_whole(row, "year"), d.SEASONS.index(row_field(row, "season", among=d.SEASONS)),
                           row_whole(row, "us_points"), row_whole(row, "tripolitan_points"),
                           str(row.get("start", "setup")), str(row.get("game", "")),
                           str(row.get("campaign", "")), str(row.get("name", "")),
                           row_whole(row, "rollbacks", 0), row.get("table", False) is True,
                           row.get("hidden_discard", False) is True)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{RECORD_FILE}: game[{i}]: {exc}") from exc


def _drill_table(s: DrillScore) -> dict[str, Any]:
    table: dict[str, Any] = {"date": s.date, "right": s.right, "asked": s.asked, "source": s.source}
    if s.answers:  # '+T2' a right answer on box T2, '-T2' a wrong one
        table["answers"] = [("+" if right else "-") + box for box, right in s.answers]
    return table


def _drill_from(row: Any, i: int) -> DrillScore:
    try:
        row = row_table(row)
        return DrillScore(row_date(row), row_whole(row, "right"), row_whole(row, "asked"),
                          str(row.get("source", "")), row_answers(row))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{RECORD_FILE}: drill[{i}]: {exc}") from exc


def _tutorial_table(t: TutorialDone) -> dict[str, Any]:
    return {"date": t.date, "name": t.name, "drill": t.drill}


def _tutorial_from(row: Any, i: int) -> TutorialDone:
    try:
        row = row_table(row)
        return TutorialDone(row_date(row), str(row_field(row, "name")), bool(row.get("drill", False)))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{RECORD_FILE}: tutorial[{i}]: {exc}") from exc


Parts = tuple[list[RecordEntry], list[DrillScore], list[TutorialDone], dict[str, str]]
"""A record's games, drills, tutorials checked off and campaigns renamed."""


def _parse_doc(text: str) -> Parts:
    """The games, the drills and the tutorials of a record (an older record may have no drills
    nor tutorials)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{RECORD_FILE}: not valid TOML: {exc}") from exc
    fmt = doc.get("format")
    if not isinstance(fmt, int) or fmt > RECORD_FORMAT:
        raise SaveError(f"{RECORD_FILE}: format {quoted(fmt)} is not one this version reads")
    rows, drills, tutorials = doc.get("game", []), doc.get("drill", []), doc.get("tutorial", [])
    names = doc.get("names", {})
    if not isinstance(rows, list):
        raise SaveError(f"{RECORD_FILE}: game must be a list of finished games")
    if not isinstance(drills, list):
        raise SaveError(f"{RECORD_FILE}: drill must be a list of drills")
    if not isinstance(tutorials, list):
        raise SaveError(f"{RECORD_FILE}: tutorial must be a list of tutorials checked off")
    if not isinstance(names, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
        raise SaveError(f"{RECORD_FILE}: names must be a table of campaign names by label")
    return ([_entry_from(row, i) for i, row in enumerate(rows, 1)],
            [_drill_from(row, i) for i, row in enumerate(drills, 1)],
            [_tutorial_from(row, i) for i, row in enumerate(tutorials, 1)],
            {label: name for label, name in names.items() if _kept_name(name)})


def _kept_name(name: str) -> bool:
    """Whether a name the record holds can be used (a hand-edited one may not: it is left out)."""
    try:
        return check_campaign_name(name) == name
    except SaveError:
        return False


def _parse_record(text: str) -> list[RecordEntry]:
    return _parse_doc(text)[0]


def read_record_file(path: Path) -> CampaignRecord:
    """The campaign record in the file at `path` (`tripoli check`); SaveError if it cannot be read."""
    return CampaignRecord(*_parse_doc(read_text(path, MAX_RECORD_BYTES, "a campaign record")))


def is_record_text(text: str) -> bool:
    """Whether a file's text is a campaign record rather than a save: no position, and a record's
    own tables (a record copied under another name is still one)."""
    with contextlib.suppress(tomllib.TOMLDecodeError):
        doc = tomllib.loads(text)
        return "position" not in doc and any(k in doc for k in ("game", "drill", "tutorial", "names"))
    return False


def read_record() -> CampaignRecord:
    """The campaign record with its totals (empty, with `problem` set, if it cannot be read)."""
    path = _record_path()
    if not path.exists():
        return CampaignRecord()
    try:
        return read_record_file(path)
    except SaveError as exc:
        return CampaignRecord(problem=shown(exc, lines=True))


@contextlib.contextmanager
def _record_lock(folder: Path) -> Iterator[None]:
    """Serialise record updates between processes (two sessions finishing at once)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, the write is still atomic
        yield
        return
    with open(folder / ".campaign-record.lock", "a+b") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def record_entry(game: Game, when: dt.datetime) -> RecordEntry:
    """The record line of a finished game (SaveError if it is not over)."""
    r = game.state.result
    if game.pending is not None or r is None:
        raise SaveError("the game is not over: there is no result to record")
    return RecordEntry(
        date=when, seed=game.origin.seed, winner=r.winner, how=r.how,
        ending=WAYS_TO_END.get(r.how, r.how), year=r.year, season=r.season,
        us_points=r.us_points, tripolitan_points=r.tripolitan_points,
        start="setup" if is_printed_setup(game.origin) else "position", game=game_id(game),
        campaign=game_label(game), name=game_name(game),
        rollbacks=game.campaign_facts.rollbacks, table=game.state.table is not None,
        hidden_discard=game.state.hidden_discard)


def record_result(game: Game, *, when: dt.datetime | None = None) -> None:
    """Append a finished game to the campaign record (once per game), atomically.

    An unreadable record is kept beside the new one as campaign-record.toml.unreadable-N.
    """
    entry = record_entry(game, when or _now())

    def add(parts: Parts) -> Parts | None:
        entries, drills, tutorials, _ = parts
        if entry.game and any(e.game == entry.game for e in entries):
            return None
        return [*entries, entry], drills, tutorials, parts[3]

    _update_record(add)


def record_drill(right: int, asked: int, source: str, *, when: dt.datetime | None = None,
                 answers: tuple[tuple[str, bool], ...] = ()) -> None:
    """Append a drill's score (and its answers by box) to the campaign record, atomically."""
    score = DrillScore(when or _now(), right, asked, source, answers)
    _update_record(lambda parts: (parts[0], [*parts[1], score], parts[2], parts[3]))


def record_tutorial(name: str, drill: bool = False, *, when: dt.datetime | None = None) -> None:
    """Check a tutorial of the course off in the campaign record (once), atomically."""
    done = TutorialDone(when or _now(), name, drill)

    def add(parts: Parts) -> Parts | None:
        entries, drills, tutorials, names = parts
        if any(t.name == name for t in tutorials):
            return None
        return entries, drills, [*tutorials, done], names

    _update_record(add)


def record_name(label: str, name: str) -> None:
    """Keep the name a player gave the campaign `label` (checked: identity.check_campaign_name),
    atomically: one write, whatever the campaign's saves hold (a rename never touches a save)."""
    _update_record(lambda parts: (parts[0], parts[1], parts[2], {**parts[3], label: name}))


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def _update_record(change: Callable[[Parts], Parts | None]) -> None:
    """Read the record, change it (None: nothing to change) and write it back, under the record's
    lock, atomically."""
    folder = make_folder()
    path = folder / RECORD_FILE
    try:
        with _record_lock(folder):
            changed = change(_existing_entries(path))
            if changed is not None:
                _write_record(path, changed)
    except OSError as exc:
        raise SaveError(f"could not update the campaign record: {exc.strerror or exc}") from exc


def _write_record(path: Path, parts: Parts) -> None:
    entries, drills, tutorials, names = parts
    doc: dict[str, Any] = {"format": RECORD_FORMAT, "game": [_entry_table(e) for e in entries]}
    if drills:
        doc["drill"] = [_drill_table(s) for s in drills]
    if tutorials:
        doc["tutorial"] = [_tutorial_table(t) for t in tutorials]
    if names:
        doc["names"] = names
    atomic_write(path, "# The Shores of Tripoli: campaign record (docs/save-format.md)\n"
                 + tomli_w.dumps(doc))


def _existing_entries(path: Path) -> Parts:
    if not path.exists():
        return [], [], [], {}
    try:
        return _parse_doc(read_text(path, MAX_RECORD_BYTES, "a campaign record"))
    except SaveError:
        n = 1
        while path.with_name(f"{RECORD_FILE}.unreadable-{n}").exists():
            n += 1
        os.replace(path, path.with_name(f"{RECORD_FILE}.unreadable-{n}"))
        return [], [], [], {}

