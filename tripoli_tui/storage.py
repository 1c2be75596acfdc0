"""Save files on disk: the save folder, atomic writes, named slots, autosaves and the campaign record.

Every write goes to a temporary file in the same folder, is flushed and fsynced, then replaces the
old file with os.replace (and the folder is fsynced), so a crash or a kill at any moment leaves
either the old file or the new one, whole. Nothing is ever written outside the save folder.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import os
import stat
import tempfile
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from .engine import data as d
from .engine.core import WAYS_TO_END
from .engine.game import Game
from .engine.saves import (
    FORMAT,
    SaveError,
    game_to_toml,
    is_printed_setup,
    load_game_text,
    parse_document,
    position_table,
    read_position,
)

__all__ = [
    "CampaignRecord", "RecordEntry", "SaveError", "SaveInfo", "autosave", "clean_name",
    "examples_dir", "latest_save", "list_examples", "list_saves", "read_record", "read_save",
    "record_result", "resolve_save_path", "save_dir", "write_save",
]

SAVE_DIR_ENV = "TRIPOLI_SAVE_DIR"
"""Environment variable naming the save folder (default: ./saves)."""
SUFFIX = ".toml"
MAX_SAVE_BYTES = 1024 * 1024
"""Files larger than this (1 MB) are refused unread."""
MAX_RECORD_BYTES = 8 * 1024 * 1024
MAX_NAME_LENGTH = 64
AUTOSAVE_PREFIX = "autosave-"
AUTOSAVES_KEPT = 5
"""autosave-1 is the newest, autosave-5 the oldest kept."""
RECORD_FILE = "campaign-record.toml"
LATEST = "latest"
"""The name that means the most recently played save."""


# --- where --------------------------------------------------------------------------

def save_dir() -> Path:
    """The save folder: $TRIPOLI_SAVE_DIR, or ./saves under the current directory."""
    configured = os.environ.get(SAVE_DIR_ENV, "").strip()
    return Path(configured or "saves").absolute()


def examples_dir() -> Path:
    """The repository's hand-written example positions (tutorials)."""
    return Path(__file__).resolve().parent.parent / "saves" / "examples"


def clean_name(name: str) -> str:
    """A safe slot name: letters, digits, spaces, '-', '_' and single dots; SaveError if none is left."""
    text = unicodedata.normalize("NFC", str(name)).strip()
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)]
    chars = [ch if ch.isalnum() or ch in " -_." else "-" for ch in text]
    cleaned = " ".join("".join(chars).split())
    while ".." in cleaned:
        cleaned = cleaned.replace("..", ".")
    while "--" in cleaned:
        cleaned = cleaned.replace("--", "-")
    cleaned = cleaned.strip(" .-")[:MAX_NAME_LENGTH].strip(" .-")
    if not cleaned:
        raise SaveError(f"{str(name)[:80]!r} has nothing usable as a save name "
                        "(use letters, digits, spaces, - or _)")
    return cleaned


def resolve_save_path(name_or_path: str) -> Path:
    """The file a name, a path or 'latest' refers to (for reading; it may not exist)."""
    raw = str(name_or_path).strip()
    if raw.lower() == LATEST:
        info = latest_save()
        if info is None:
            raise SaveError("there is no save to continue yet")
        return info.path
    given = Path(raw)
    if "/" in raw or os.sep in raw or (raw.lower().endswith(SUFFIX) and given.is_file()):
        return given
    name = clean_name(raw)
    candidate = save_dir() / f"{name}{SUFFIX}"
    example = examples_dir() / f"{name}{SUFFIX}"
    if not candidate.exists() and example.is_file():
        return example
    return candidate


# --- reading ------------------------------------------------------------------------

def _read_text(path: Path, limit: int) -> str:
    """A file's text, refusing anything but a regular UTF-8 file within the size limit."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path}: not a save file")
        if info.st_size > limit:
            raise SaveError(f"{path.name}: {info.st_size:,} bytes, larger than a save can be "
                            f"({limit // (1024 * 1024)} MB); it was not read")
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise SaveError(f"no save at {path}") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if len(data) > limit:
        raise SaveError(f"{path.name}: larger than a save can be; it was not read")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path.name}: not UTF-8 text (bad byte at offset {exc.start})") from exc


def read_save(path: Path | str, *, history: bool = True) -> Game:
    """The game in a save file; SaveError with a clear message (the file is never changed).

    history=False resumes the stored position alone (see saves.load_game_text).
    """
    path = Path(path)
    text = _read_text(path, MAX_SAVE_BYTES)
    try:
        return load_game_text(text, history=history)
    except SaveError as exc:
        raise SaveError(exc.problems, where=path.name) from exc


# --- writing ------------------------------------------------------------------------

def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_temp(folder: Path, target: str, text: str) -> Path:
    """Write text to a fsynced temporary file beside `target`; returns its path."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp)


def atomic_write(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a crash leaves the old file or the new one, whole."""
    tmp = _write_temp(path.parent, path.name, text)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def _folder() -> Path:
    folder = save_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"cannot create the save folder {folder}: {exc.strerror or exc}") from exc
    return folder


def _slot_path(folder: Path, name: str) -> Path:
    path = folder / f"{name}{SUFFIX}"
    if path.parent != folder or path.name.startswith("."):
        raise SaveError(f"{name!r} is not a save name")  # clean_name makes this unreachable
    return path


def write_save(game: Game, name: str) -> Path:
    """Save a game under a name in the save folder, atomically; returns the file."""
    slot = clean_name(name)
    low = slot.lower()
    if low == LATEST or low.startswith(AUTOSAVE_PREFIX) or low == RECORD_FILE[: -len(SUFFIX)]:
        raise SaveError(f"{slot!r} is a name the game keeps for itself; choose another name")
    text = game_to_toml(game)
    path = _slot_path(_folder(), slot)
    try:
        atomic_write(path, text)
    except OSError as exc:
        raise SaveError(f"could not save {path.name}: {exc.strerror or exc}; "
                        "the previous save is unchanged") from exc
    return path


def autosave(game: Game) -> Path:
    """Save to autosave-1, keeping the previous autosaves as autosave-2 .. autosave-5."""
    folder = _folder()
    text = game_to_toml(game)
    newest = folder / f"{AUTOSAVE_PREFIX}1{SUFFIX}"
    try:
        tmp = _write_temp(folder, newest.name, text)
        try:
            for i in range(AUTOSAVES_KEPT - 1, 0, -1):
                older = folder / f"{AUTOSAVE_PREFIX}{i}{SUFFIX}"
                if older.is_file():
                    os.replace(older, folder / f"{AUTOSAVE_PREFIX}{i + 1}{SUFFIX}")
            os.replace(tmp, newest)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _fsync_dir(folder)
    except OSError as exc:
        raise SaveError(f"could not autosave: {exc.strerror or exc}") from exc
    return newest


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



# --- listing ------------------------------------------------------------------------

@dataclass
class SaveInfo:
    """One save as a list shows it."""

    name: str
    path: Path
    year: int
    season: int
    """0 spring .. 3 winter."""
    gold: int
    frigates_sunk: int
    modified: float
    """When it was last played (the file's modification time, seconds since the epoch)."""
    pending_side: str
    """'us', 'tripolitania', or '' when the game is over."""
    description: str = ""
    title: str = ""
    error: str = ""
    """Why the file cannot be loaded ('' when it reads)."""

    @property
    def readable(self) -> bool:
        return not self.error

    @property
    def when(self) -> str:
        """'Summer 1803' ('' for an unreadable file)."""
        return f"{d.SEASONS[self.season].capitalize()} {self.year}" if self.readable else ""


def _info(path: Path) -> SaveInfo:
    name = path.name[: -len(SUFFIX)]
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        facts = read_facts(_read_text(path, MAX_SAVE_BYTES))
    except SaveError as exc:
        return SaveInfo(name, path, 0, 0, 0, 0, modified, "", error=str(exc))
    return SaveInfo(name, path, facts.year, facts.season, facts.gold, facts.frigates_sunk, modified,
                    facts.pending_side, facts.description, facts.title)


def _save_files(folder: Path) -> list[Path]:
    """The save files in a folder (none if it cannot be read)."""
    try:
        return [p for p in folder.iterdir()
                if p.name.endswith(SUFFIX) and not p.name.startswith(".")
                and p.name != RECORD_FILE and p.is_file()]
    except OSError:
        return []


def list_saves() -> list[SaveInfo]:
    """Every save in the save folder, newest first; unreadable ones are listed with their error."""
    infos = [_info(p) for p in _save_files(save_dir())]
    return sorted(infos, key=lambda i: (-i.modified, i.name))


def latest_save() -> SaveInfo | None:
    """The most recently played readable save (for Continue), or None."""
    return next((i for i in list_saves() if i.readable), None)


def list_examples() -> list[SaveInfo]:
    """The example positions, in their numbered order, each with its description."""
    return sorted((_info(p) for p in _save_files(examples_dir())), key=lambda i: i.name)


# --- the campaign record ------------------------------------------------------------

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


@dataclass
class CampaignRecord:
    """Every finished game, oldest first, with the totals."""

    entries: list[RecordEntry] = field(default_factory=list)
    problem: str = ""
    """Why the record file could not be read ('' when it could)."""

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


def _record_path() -> Path:
    return save_dir() / RECORD_FILE


def _entry_table(e: RecordEntry) -> dict[str, Any]:
    return {"date": e.date, "seed": e.seed, "winner": e.winner, "how": e.how, "ending": e.ending,
            "year": e.year, "season": d.SEASONS[e.season], "us_points": e.us_points,
            "tripolitan_points": e.tripolitan_points, "start": e.start, "game": e.game}


def _entry_from(row: Any, i: int) -> RecordEntry:
    try:
        date = row["date"]
        if not isinstance(date, dt.datetime):
            raise TypeError("date is not a date and time")
        return RecordEntry(date, int(row["seed"]), str(row["winner"]), str(row["how"]),
                           str(row["ending"]), int(row["year"]), d.SEASONS.index(row["season"]),
                           int(row["us_points"]), int(row["tripolitan_points"]),
                           str(row.get("start", "setup")), str(row.get("game", "")))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{RECORD_FILE}: game[{i}]: {exc}") from exc


def _parse_record(text: str) -> list[RecordEntry]:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{RECORD_FILE}: not valid TOML: {exc}") from exc
    fmt = doc.get("format")
    if not isinstance(fmt, int) or fmt > FORMAT:
        raise SaveError(f"{RECORD_FILE}: format {fmt!r} is not one this version reads")
    rows = doc.get("game", [])
    if not isinstance(rows, list):
        raise SaveError(f"{RECORD_FILE}: game must be a list of finished games")
    return [_entry_from(row, i) for i, row in enumerate(rows, 1)]


def read_record() -> CampaignRecord:
    """The campaign record with its totals (empty, with `problem` set, if it cannot be read)."""
    path = _record_path()
    if not path.exists():
        return CampaignRecord()
    try:
        return CampaignRecord(_parse_record(_read_text(path, MAX_RECORD_BYTES)))
    except SaveError as exc:
        return CampaignRecord(problem=str(exc))


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
    """The record line of a finished game."""
    r = game.state.result
    how = str(r.get("how", ""))
    return RecordEntry(
        date=when, seed=game.origin.seed, winner=str(r.get("winner", "")), how=how,
        ending=WAYS_TO_END.get(how, how), year=int(r.get("year", game.state.year)),
        season=int(r.get("season", game.state.season)), us_points=int(r.get("us_points", 0)),
        tripolitan_points=int(r.get("tripolitan_points", 0)),
        start="setup" if is_printed_setup(game.origin) else "position", game=game_id(game))


def record_result(game: Game, *, when: dt.datetime | None = None) -> None:
    """Append a finished game to the campaign record (once per game), atomically.

    An unreadable record is kept beside the new one as campaign-record.toml.unreadable-N.
    """
    if game.pending is not None or not game.state.result:
        raise SaveError("the game is not over: there is no result to record")
    moment = when or dt.datetime.now(dt.UTC).replace(microsecond=0)
    entry = record_entry(game, moment)
    folder = _folder()
    path = folder / RECORD_FILE
    try:
        with _record_lock(folder):
            entries = _existing_entries(path)
            if entry.game and any(e.game == entry.game for e in entries):
                return
            doc = {"format": FORMAT, "game": [_entry_table(e) for e in [*entries, entry]]}
            atomic_write(path, "# The Shores of Tripoli: campaign record (docs/save-format.md)\n"
                         + tomli_w.dumps(doc))
    except OSError as exc:
        raise SaveError(f"could not update the campaign record: {exc.strerror or exc}") from exc


def _existing_entries(path: Path) -> list[RecordEntry]:
    if not path.exists():
        return []
    try:
        return _parse_record(_read_text(path, MAX_RECORD_BYTES))
    except SaveError:
        n = 1
        while path.with_name(f"{RECORD_FILE}.unreadable-{n}").exists():
            n += 1
        os.replace(path, path.with_name(f"{RECORD_FILE}.unreadable-{n}"))
        return []
