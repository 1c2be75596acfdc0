"""Named saves and autosaves: finding a save by name, reading it, and writing a slot."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from ..engine.game import Game
from ..engine.saves import SaveError, game_to_toml, load_game_text
from .files import (
    MAX_SAVE_BYTES,
    SUFFIX,
    atomic_write,
    clean_name,
    examples_dir,
    fsync_dir,
    make_folder,
    mode_for,
    read_text,
    save_dir,
    write_temp,
)
from .listing import latest_save
from .record import RECORD_FILE

AUTOSAVE_PREFIX = "autosave-"
AUTOSAVES_KEPT = 5
"""autosave-1 is the newest, autosave-5 the oldest kept."""
LATEST = "latest"
"""The name that means the most recently played save."""


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


def read_save(path: Path | str, *, history: bool = True) -> Game:
    """The game in a save file; SaveError with a clear message (the file is never changed).

    history=False resumes the stored position alone (see saves.load_game_text).
    """
    path = Path(path)
    text = read_text(path, MAX_SAVE_BYTES)
    try:
        return load_game_text(text, history=history)
    except SaveError as exc:
        raise SaveError(exc.problems, where=path.name) from exc


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
    path = _slot_path(make_folder(), slot)
    existed = path.exists()
    try:
        atomic_write(path, text)
    except OSError as exc:
        kept = "; the previous save is unchanged" if existed else ""
        raise SaveError(f"could not save {path.name}: {exc.strerror or exc}{kept}") from exc
    return path


def autosave(game: Game) -> Path:
    """Save to autosave-1, keeping the previous autosaves as autosave-2 .. autosave-5."""
    folder = make_folder()
    text = game_to_toml(game)
    newest = folder / f"{AUTOSAVE_PREFIX}1{SUFFIX}"
    try:
        tmp = write_temp(folder, newest.name, text)
        try:
            os.chmod(tmp, mode_for(newest))
            for i in range(AUTOSAVES_KEPT - 1, 0, -1):
                older = folder / f"{AUTOSAVE_PREFIX}{i}{SUFFIX}"
                if older.is_file():
                    os.replace(older, folder / f"{AUTOSAVE_PREFIX}{i + 1}{SUFFIX}")
            os.replace(tmp, newest)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        fsync_dir(folder)
    except OSError as exc:
        raise SaveError(f"could not autosave: {exc.strerror or exc}") from exc
    return newest
