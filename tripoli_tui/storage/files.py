"""The save folder on disk: where it is, safe names, bounded reads and atomic writes.

Every write goes to a temporary file in the same folder, is flushed and fsynced, then replaces the
old file with os.replace (and the folder is fsynced), so a crash or a kill at any moment leaves
either the old file or the new one, whole. Nothing is ever written outside the save folder.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
import unicodedata
from importlib import resources
from pathlib import Path

from ..engine.saves import SaveError

SAVE_DIR_ENV = "TRIPOLI_SAVE_DIR"
"""Environment variable naming the save folder (default: ./saves)."""
SUFFIX = ".toml"
MAX_SAVE_BYTES = 1024 * 1024
"""Files larger than this (1 MB) are refused unread."""
MAX_NAME_LENGTH = 64


def save_dir() -> Path:
    """The save folder: $TRIPOLI_SAVE_DIR, or ./saves under the current directory."""
    configured = os.environ.get(SAVE_DIR_ENV, "").strip()
    return Path(configured or "saves").absolute()


def examples_dir() -> Path:
    """The hand-written example positions (tutorials), shipped inside the package."""
    return Path(str(resources.files("tripoli_tui").joinpath("tutorials")))


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


def read_text(path: Path, limit: int) -> str:
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


def fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


STALE_TEMP_SECONDS = 30
"""A temporary file older than this was left by a write that never finished (a kill, a power
cut): a write takes milliseconds, so a younger one may belong to another game writing now."""


def remove_stale_temp_files(folder: Path | None = None, *, now: float | None = None) -> int:
    """Delete the temporary files interrupted writes left in the save folder; returns how many."""
    folder = save_dir() if folder is None else folder
    now = time.time() if now is None else now
    removed = 0
    try:
        leftovers = list(folder.glob(f".*{SUFFIX}.*.tmp"))
    except OSError:
        return 0
    for path in leftovers:
        try:
            if path.is_file() and now - path.stat().st_mtime > STALE_TEMP_SECONDS:
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def write_temp(folder: Path, target: str, text: str) -> Path:
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
    """Replace `path` with `text` so that a crash leaves the old file or the new one, whole.

    The file keeps its permissions when it is rewritten; a new one gets the usual ones for this
    user (the temporary file is private to its writer until it takes the file's place).
    """
    tmp = write_temp(path.parent, path.name, text)
    try:
        os.chmod(tmp, mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def mode_for(path: Path) -> int:
    """The permissions `path` has now, or those a new file gets under the process's umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def make_folder() -> Path:
    folder = save_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"cannot create the save folder {folder}: {exc.strerror or exc}") from exc
    return folder
