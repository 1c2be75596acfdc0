"""Listing saves: the facts a list shows (read without replaying), one-line summaries, the latest
save and the tutorials."""

from __future__ import annotations

from dataclasses import astuple, dataclass, fields
from pathlib import Path
from typing import Any

from ..engine import data as d
from ..engine.decisions import TABLE
from ..engine.game import CampaignFacts, Game
from ..engine.saves import SaveError, load_game_and_document, load_game_text
from ..engine.state import season_title
from .checked import found as kept_check
from .checked import keep as keep_checks
from .checked import remember as remember_check
from .files import MAX_SAVE_BYTES, SUFFIX, examples_dir, read_text, save_dir
from .keymap import KEYMAP_FILE
from .record import RECORD_FILE
from .settings import SETTINGS_FILE
from .shown import shown

WINNER_WORDS = {d.US: "the United States wins", d.TRIPOLITANIA: "Tripolitania wins", "draw": "a draw"}


def summary(game: Game) -> str:
    """One line: date, gold, frigates sunk and whose decision is pending."""
    s = game.state
    score = (f"gold {s.gold} of {d.GOLD_TOTAL}, "
             f"{s.frigates_sunk} of {d.FRIGATES_SUNK_TO_WIN} American frigates sunk")
    if game.pending is None:
        r = s.result
        winner = WINNER_WORDS.get(r.winner, "over") if r is not None else "over"
        text = r.text if r is not None else ""
        return f"{s.when}: game over, {winner} ({text}); {score}".replace("\n", " ")
    p = game.pending
    who = {d.US: "your decision", TABLE: "at your table"}.get(p.side, "the T-bot's decision")
    return f"{s.when}: {score}; {who}: {p.prompt}".replace("\n", " ")


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
    lesson: int = 0
    goal: str = ""
    seed: int = 0
    campaign: str = ""
    """The campaign's label as the save holds it ('' in an older save: see storage.campaigns)."""
    about: CampaignFacts = CampaignFacts()
    """The campaign's name, start, rollbacks and origin as the save holds them."""
    table: str = ""
    """A table campaign's modes (TableModes.text()); '' for a campaign played on the screen."""
    hidden_discard: bool = False
    """Whether it is played with the optional hidden discard pile."""


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
    rescuable: bool = False
    """The file cannot be opened, but its position alone can (its history is what fails)."""
    lesson: int = 0
    """A tutorial's place in the course (0: not in it)."""
    goal: str = ""
    """What a tutorial teaches, in a line."""
    seed: int = 0
    campaign: str = ""
    """The campaign's label as the save holds it ('' in an older save: see storage.campaigns)."""
    about: CampaignFacts = CampaignFacts()
    """The campaign's name, start, rollbacks and origin as the save holds them."""
    table: str = ""
    """A table campaign's modes (TableModes.text()); '' for a campaign played on the screen."""
    hidden_discard: bool = False
    """Whether it is played with the optional hidden discard pile."""

    @property
    def readable(self) -> bool:
        return not self.error

    @property
    def when(self) -> str:
        """'Summer 1803' ('' for an unreadable file)."""
        return f"{season_title(self.season)} {self.year}" if self.readable else ""


def _facts_of(game: Game, doc: dict[str, object]) -> SaveFacts:
    s = game.state
    side = game.pending.side if game.pending is not None else ""
    return SaveFacts(s.year, s.season, s.gold, s.frigates_sunk, side,
                     shown(doc.get("title", "")), shown(doc.get("description", ""), lines=True),
                     int(str(doc.get("lesson", 0))), shown(doc.get("goal", "")),
                     game.origin.seed, game.campaign, game.campaign_facts,
                     s.table.text() if s.table is not None else "", s.hidden_discard)


Checked = tuple[SaveFacts | None, str, bool]
"""What checking a save found: its facts or None, why it cannot be opened, whether its position
alone can be."""

_CHECKED: dict[tuple[str, int, int], Checked] = {}
"""What checking a file found, by (path, modification time, size): a file is checked once."""
_CHECKED_KEPT = 512


def check_file(path: Path) -> Checked:
    """Check a save file exactly as opening it does: (its facts or None, why it cannot be opened,
    whether its position alone can be opened when its history cannot)."""
    try:
        info = path.stat()
        key = (str(path), info.st_mtime_ns, info.st_size)
    except OSError as exc:
        return None, shown(f"{path.name}: cannot be read ({exc.strerror or exc})", lines=True), False
    found = _CHECKED.get(key)
    if found is None:
        found = _from_kept(kept_check(path, key[1:]))
        if found is None:
            facts, error, rescuable = _check_text(path)
            found = facts, shown(error, lines=True), rescuable
            remember_check(path, key[1:], _kept_value(found))
        if len(_CHECKED) >= _CHECKED_KEPT:
            _CHECKED.clear()
        _CHECKED[key] = found
    return found


def _kept_value(result: Checked) -> list[Any]:
    """What checking a save found, as storage/checked.py keeps it (JSON)."""
    facts, error, rescuable = result
    return ["error", error, rescuable] if facts is None else ["facts", *astuple(facts)]


_KINDS = {"int": lambda v: isinstance(v, int) and not isinstance(v, bool),
          "bool": lambda v: isinstance(v, bool), "str": lambda v: isinstance(v, str)}
"""The kinds of the facts' fields a kept check holds, each with its test (a field of another kind
is never read back: that save is checked again)."""


def _fields_of(kind: type[Any], values: object) -> dict[str, Any] | None:
    """The fields of a SaveFacts or CampaignFacts kept as a list, each of its kind, or None."""
    kinds = fields(kind)
    if not isinstance(values, list) or len(values) != len(kinds):
        return None
    made: dict[str, Any] = {}
    for field, value in zip(kinds, values, strict=True):
        if field.type == "CampaignFacts":
            about = _fields_of(CampaignFacts, value)
            if about is None:
                return None
            made[field.name] = CampaignFacts(**about)
        elif not _KINDS.get(str(field.type), lambda _: False)(value):
            return None
        else:  # (shown again: the kept file is only a convenience, never trusted to show)
            made[field.name] = shown(value, lines=field.name == "description") if isinstance(
                value, str) else value
    return made


def _from_kept(value: Any) -> Checked | None:
    """What checking a save found, from what storage/checked.py kept; None for anything else."""
    if not isinstance(value, list) or not value:
        return None
    if value[0] == "error" and len(value) == 3 and isinstance(value[1], str) and isinstance(
            value[2], bool):
        return None, shown(value[1], lines=True), value[2]
    made = _fields_of(SaveFacts, value[1:]) if value[0] == "facts" else None
    return None if made is None else (SaveFacts(**made), "", False)


def _check_text(path: Path) -> Checked:
    try:
        text = read_text(path, MAX_SAVE_BYTES)
    except SaveError as exc:
        return None, str(exc), False
    try:
        game, doc = load_game_and_document(text)  # (parsed once: most of the check's time)
        return _facts_of(game, doc), "", False
    except SaveError as exc:
        error = str(SaveError(exc.problems, where=path.name))
    try:
        load_game_text(text, history=False)
        rescuable = True
    except SaveError:
        rescuable = False
    return None, error, rescuable


def _info(path: Path) -> SaveInfo:
    name = shown(path.name[: -len(SUFFIX)])
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    facts, error, rescuable = check_file(path)
    if facts is None:
        return SaveInfo(name, path, 0, 0, 0, 0, modified, "", error=error, rescuable=rescuable)
    return SaveInfo(name, path, facts.year, facts.season, facts.gold, facts.frigates_sunk, modified,
                    facts.pending_side, facts.description, facts.title, lesson=facts.lesson,
                    goal=facts.goal, seed=facts.seed, campaign=facts.campaign, about=facts.about,
                    table=facts.table, hidden_discard=facts.hidden_discard)


NOT_SAVES = (RECORD_FILE, SETTINGS_FILE, KEYMAP_FILE)
"""The files beside the saves in their folder that are not saves."""


def save_files(folder: Path, *, strict: bool = False) -> list[Path]:
    """The save files in a folder (none if it cannot be read; OSError then when `strict`)."""
    try:
        return [p for p in folder.iterdir()
                if p.name.endswith(SUFFIX) and not p.name.startswith(".")
                and p.name not in NOT_SAVES and p.is_file()]
    except OSError:
        if strict:
            raise
        return []


def _by_recency(paths: list[Path]) -> list[Path]:
    def key(path: Path) -> tuple[float, str]:
        try:
            return -path.stat().st_mtime, path.name
        except OSError:
            return 0.0, path.name
    return sorted(paths, key=key)


def list_saves() -> list[SaveInfo]:
    """Every save in the save folder, newest first, each checked exactly as opening it would check
    it; those that cannot be opened are listed with the reason. (What each check found is kept for
    the next list: storage/checked.py.)"""
    paths = _by_recency(save_files(save_dir()))
    infos = [_info(p) for p in paths]
    keep_checks(paths)
    return infos


def latest_save() -> SaveInfo | None:
    """The most recently played save that opens (for Continue), or None. Files are checked newest
    first, only until one opens."""
    for path in _by_recency(save_files(save_dir())):
        info = _info(path)
        if info.readable:
            keep_checks()
            return info
    keep_checks()
    return None


def list_examples() -> list[SaveInfo]:
    """The example positions in the order of the course (by lesson; those outside it, and those
    that cannot be read, after it, by name), each with its title, goal and description."""
    infos = sorted((_info(p) for p in save_files(examples_dir())),
                   key=lambda i: (i.lesson or 10**6, i.name))
    keep_checks()
    return infos
