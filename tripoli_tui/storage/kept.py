"""What the game keeps beside the saves only to be faster, never a player's data: a hidden file
the next start reads instead of redoing the work (the styles the first screen was drawn with, see
tui/parsed_styles.py; what checking each save found, checked.py). Such a file is a convenience: one
that is missing, unreadable, too large or not written (a full disk, a read-only folder, the
folder's limit) costs the next start its few milliseconds and nothing else, so nothing here raises.
A hosted game keeps none: its player's folder and its limit are for their saves."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Hashable

from .files import KEPT_SUFFIX, atomic_write, make_folder, save_dir, served

try:  # hashlib's own BLAKE2, without the ~1.5 ms hashlib takes to load OpenSSL's hashes at start
    from _blake2 import blake2b
except ImportError:  # (a Python built without it: hashlib's, the same fingerprints)
    from hashlib import blake2b


def fingerprint(value: Hashable) -> str:
    """A short fingerprint of a value's repr: what a kept file was made from (the sources and the
    code it depends on), to tell whether it still holds."""
    return blake2b(repr(value).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def kept_name(what: str) -> str:
    """The hidden file `what` (a word: 'styles') is kept in."""
    return f".{what}{KEPT_SUFFIX}"


def read_kept(what: str, limit: int) -> bytes | None:
    """The bytes kept for `what`, or None: none kept, not a regular file, over `limit` bytes, or
    unreadable."""
    if served():
        return None
    path = save_dir() / kept_name(what)
    with contextlib.suppress(OSError):  # (not blocking: a pipe under the name is no file to wait on)
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as f:
            info = os.fstat(f.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size <= limit:
                data = f.read(limit + 1)
                return data if len(data) <= limit else None
    return None


def write_kept(what: str, data: bytes) -> bool:
    """Keep `data` for `what` (whole or not at all, as every write of the game); whether it was
    written. Never raises: a failure only means the next start redoes the work."""
    if served():
        return False
    try:
        atomic_write(make_folder() / kept_name(what), data)
    except Exception:  # OSError, SaveError (no folder): nothing kept, nothing lost
        return False
    return True
