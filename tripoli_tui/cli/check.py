"""`tripoli check SAVE`: validate a save without opening the game."""

from __future__ import annotations

from pathlib import Path

from ..engine.saves import SaveError
from ..storage import (
    MAX_SAVE_BYTES,
    RECORD_FILE,
    CampaignRecord,
    is_record_text,
    read_record_file,
    read_save,
    read_text,
    resolve_save_path,
    summary,
)
from ..storage.shown import shown
from .out import say


def check_save(path_or_name: str) -> int:
    """Print a one-line summary and return 0, or print the problem and return 1 (never a traceback)."""
    try:
        path = resolve_save_path(path_or_name)
        if path.name == RECORD_FILE:
            line = f"{path.name}: {record_summary(read_record_file(path))}"
        else:
            try:  # (a save is read once; only a file that is not one is asked if it is the record)
                line = f"{path.name}: {summary(read_save(path))}"
            except SaveError:
                if not _is_the_record(path):
                    raise
                line = f"{path.name}: {record_summary(read_record_file(path))}"
    except SaveError as exc:
        say(f"tripoli check: {exc}", error=True)
        return 1
    except Exception as exc:  # the command never shows a traceback
        say(shown(f"tripoli check: {path_or_name}: cannot be checked ({exc})"), error=True)
        return 1
    say(shown(line))
    return 0


def _is_the_record(path: Path) -> bool:
    """Whether a file that is no save holds a campaign record (a record copied under another
    name is still one)."""
    try:
        return is_record_text(read_text(path, MAX_SAVE_BYTES))
    except SaveError:
        return False  # (read_save says what is wrong with it)


def record_summary(record: CampaignRecord) -> str:
    """A campaign record in a line: what the file is, and what it holds."""
    def count(n: int, what: str) -> str:
        return f"{n} {what}{'' if n == 1 else 's'}"

    return (f"the campaign record (not a save): {count(record.games, 'finished game')} "
            f"({record.wins} won, {record.losses} lost, {record.draws} drawn), "
            f"{count(len(record.drills), 'drill')}, "
            f"{count(len(record.tutorials), 'lesson')} of the course checked off, "
            f"{count(len(record.names), 'campaign')} renamed")
