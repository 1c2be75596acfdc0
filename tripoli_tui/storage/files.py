"""The save folder on disk: where it is, safe names, bounded reads and atomic writes.

Every write goes to a temporary file in the same folder, is flushed and fsynced, then replaces the
old file with os.replace (and the folder is fsynced), so a crash or a kill at any moment leaves
either the old file or the new one, whole. Nothing is ever written outside the save folder.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
import unicodedata
from pathlib import Path

from ..save_error import SaveError

SAVE_DIR_ENV = "TRIPOLI_SAVE_DIR"
"""Environment variable naming the save folder (default: ./saves)."""
SUFFIX = ".toml"
MAX_SAVE_BYTES = 1024 * 1024
"""Files larger than this (1 MB) are refused unread."""
MAX_NAME_LENGTH = 64
KEPT_SUFFIX = ".kept"
"""What the game keeps beside the saves only to start faster (parsed styles): hidden files ending
so (storage/kept.py)."""
SAVE_LIMIT_ENV = "TRIPOLI_SAVE_LIMIT"
"""Environment variable holding the most bytes the save folder may hold (unset: no limit). A host
(`tripoli serve`) sets it for each player; a write that would take the folder past it is refused
with words saying so, and the file it would replace is left as it was."""


SERVED_ENV = "TRIPOLI_SERVED"
"""Environment variable a host (`tripoli serve`) sets to "1" for each game it runs: the player is
not on the host, and is told of campaigns and saves by name, never by the host's paths."""


def served() -> bool:
    """Whether this game is played over `tripoli serve` (its player is not on the host)."""
    return os.environ.get(SERVED_ENV) == "1"


def where_said(path: Path | str) -> str:
    """A file as its player is told of it: its path on their own machine; by a host, its name
    only (the host's folders are no business of a player's)."""
    return Path(path).name if served() else str(path)


def save_dir() -> Path:
    """The save folder: $TRIPOLI_SAVE_DIR, or ./saves under the current directory."""
    configured = os.environ.get(SAVE_DIR_ENV, "").strip()
    return Path(configured or "saves").absolute()


def examples_dir() -> Path:
    """The hand-written example positions (tutorials), shipped inside the package."""
    from importlib import resources  # (~1 ms, and no start needs it before its first paint)

    return Path(str(resources.files("tripoli_tui").joinpath("tutorials")))


MAX_NAME_BYTES = 160
"""A name's limit in UTF-8 bytes: file systems allow 255 bytes for a file name, and the temporary file
of a write adds its own prefix and suffix (about 20 bytes) to the name and its `.toml`."""
NAME_PUNCTUATION = " -_."
WINDOWS_RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(10)),
                              *(f"LPT{n}" for n in range(10))})
"""Device names Windows refuses as a file's name, with or without an extension (`nul.toml`)."""


def check_name(name: str) -> str:
    """The save name a player typed, as its file is named (NFC, trimmed, without `.toml`).

    SaveError, saying what to change, for anything that would not be exactly the file's name: path
    separators and their look-alikes, control or other characters, dots at either end, a device
    name Windows keeps (CON, NUL, COM1 ...), too long in characters or in bytes. A name is never
    silently changed, so two names never share a file.
    """
    text = unicodedata.normalize("NFC", str(name)).strip()
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)].rstrip()
    shown = text if len(text) <= 40 else text[:40] + "…"
    if not text:
        raise SaveError("a save needs a name (letters, digits, spaces, '-', '_' or '.')")
    wrong = sorted({ch for ch in text if not (ch.isalnum() or ch in NAME_PUNCTUATION)})
    if wrong:
        listed = " ".join(_visible(ch) for ch in wrong[:6]) + (" …" if len(wrong) > 6 else "")
        raise SaveError(f"{_visible_text(shown)!r} is not a save name: it may hold letters, digits, "
                        f"spaces, '-', '_' and '.', not {listed}")
    if text.startswith(".") or text.endswith(".") or ".." in text:
        raise SaveError(f"{shown!r} is not a save name: no '.' at its start or end, and no '..'")
    if text.split(".", 1)[0].rstrip().upper() in WINDOWS_RESERVED:
        raise SaveError(f"{shown!r} is not a save name: Windows keeps {text.split('.', 1)[0]!r} "
                        "for a device, so no file can have it there, nor on a shared folder")
    if len(text) > MAX_NAME_LENGTH:
        raise SaveError(f"{shown!r} is too long for a save name ({len(text)} characters; "
                        f"at most {MAX_NAME_LENGTH})")
    size = len(text.encode("utf-8"))
    if size > MAX_NAME_BYTES:
        raise SaveError(f"{shown!r} is too long for a file name: {size} bytes in UTF-8, at most "
                        f"{MAX_NAME_BYTES} (letters outside the Latin alphabet take 2 to 4 bytes each)")
    return text


def _visible(ch: str) -> str:
    """A character named so that the player can see it (control and invisible ones by code)."""
    if ch.isprintable() and not ch.isspace():
        return repr(ch)
    return f"U+{ord(ch):04X}"


def _visible_text(text: str) -> str:
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def read_text(path: Path, limit: int, what: str = "a save") -> str:
    """A file's text, refusing anything but a regular UTF-8 file within the size limit (`what`
    the file is, for the refusal: 'a save', 'a settings file')."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path}: not {what if what.endswith(' file') else what + ' file'}")
        if info.st_size > limit:
            shown = f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 1024} KB"
            raise SaveError(f"{path.name}: {info.st_size:,} bytes, larger than {what} can be "
                            f"({shown}); it was not read")
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise SaveError(f"no save at {path}") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if len(data) > limit:
        raise SaveError(f"{path.name}: larger than {what} can be; it was not read")
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
        leftovers = [*folder.glob(f".*{SUFFIX}.*.tmp"), *folder.glob(f"..*{KEPT_SUFFIX}.*.tmp")]
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


def write_temp(folder: Path, target: str, text: str | bytes) -> Path:
    """Write text (or bytes) to a fsynced temporary file beside `target`; returns its path."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8") if isinstance(text, str) else text)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp)


def atomic_write(path: Path, text: str | bytes, *, like: Path | None = None) -> None:
    """Replace `path` with `text` so that a crash leaves the old file or the new one, whole.

    The file keeps its permissions when it is rewritten; a new one gets those of `like` when given,
    else the usual ones for this user (the temporary file is private to its writer until it takes
    the file's place).
    """
    check_room(path, len(text.encode("utf-8") if isinstance(text, str) else text))
    tmp = write_temp(path.parent, path.name, text)
    try:
        os.chmod(tmp, mode_for(like if like is not None and not path.exists() else path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def save_limit() -> int | None:
    """The most bytes the save folder may hold ($TRIPOLI_SAVE_LIMIT), or None for no limit."""
    configured = os.environ.get(SAVE_LIMIT_ENV, "").strip()
    return int(configured) if configured.isdigit() else None


def folder_bytes(folder: Path) -> int:
    """The bytes of the regular files directly in `folder` (what the game writes there)."""
    total = 0
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False):
                    total += entry.stat(follow_symlinks=False).st_size
    return total


def check_room(path: Path, size: int) -> None:
    """OSError (EDQUOT), in words, when writing `size` bytes to `path` would take the save folder
    past its limit; the file being replaced counts as freed."""
    limit = save_limit()
    if limit is None:
        return
    replaced = 0
    with contextlib.suppress(OSError):
        replaced = path.stat().st_size
    used = folder_bytes(path.parent)
    if used - replaced + size > limit:
        raise OSError(errno.EDQUOT, f"your saves folder is full ({_size(used)} of the {_size(limit)} "
                                    "this host allows); save over an old save, or ask the host to "
                                    "make room")


def _size(count: int) -> str:
    if count < 10 * 1024:
        return f"{count:,} bytes"
    if count < 10 * 1024 * 1024:
        return f"{count // 1024:,} KB"
    return f"{count / 2**20:,.1f} MB"


def create_new(path: Path, text: str, *, like: Path | None = None) -> None:
    """Write `path` whole, only if no file has that name: FileExistsError if one has, whoever
    wrote it (another process claiming the same autosave number), and that file is untouched.

    The text goes to a fsynced temporary file first, which is then linked under the name (link
    never replaces a file); where links are not allowed, the name is claimed with O_EXCL and the
    temporary file takes its place. OSError when the save folder's limit would be passed."""
    check_room(path, len(text.encode("utf-8")))
    tmp = write_temp(path.parent, path.name, text)
    try:
        os.chmod(tmp, mode_for(like if like is not None else path))
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:  # no hard links here (some shares): claim the name, then fill it
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    fsync_dir(path.parent)


FileStamp = tuple[int, int, int] | None
"""A file as it is now (its inode, size and modification time), or None when there is none."""


def stamp_of(path: Path) -> FileStamp:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


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
