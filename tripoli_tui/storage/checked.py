"""What checking each save found, kept beside the saves for the next time the list is opened.

The list of saves checks every save exactly as opening it would, its history replayed (listing.py):
5-10 ms a save, most of it reading the TOML. A folder of twenty campaigns (seventy files, with their
autosaves) took 350-550 ms before the Load screen was shown, at every start of the game. What a
check found is kept beside the saves (storage/kept.py), by each file's name, modification time and
size, and by the game that checked it (the files of its own package as installed, and Python's
version): a save unchanged since, checked by the same game, is not read again. The tutorials'
positions (Load's other tab, checked the same way) are kept beside them. A new save, a
changed one, and every one after the game is updated are checked as before. Like every kept file it
is a convenience: missing, unreadable, another game's, hand-edited into something else, each entry
that is not what this module writes is checked again, and nothing here raises.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from .files import examples_dir, save_dir
from .kept import fingerprint, read_kept, write_kept

WHAT = "checked"
"""The name the checks are kept under beside the saves (storage/kept.py)."""
FORMAT = "tripoli checked saves 1"
"""What a kept file says it is: a file of another format (or none of ours) is not used."""
LIMIT = 4 * 1024 * 1024
"""A kept file larger than this is not read (a save's entry is under 1 KB)."""

Stamp = tuple[int, int]
"""A save file's modification time (ns) and size: a file with another stamp is checked again."""

_kept: dict[str, tuple[Stamp, Any]] = {}
"""Each save's stamp and what checking it found (as listing.py writes it), by the file's name."""
_state: dict[str, Any] = {"folder": None, "changed": False}
"""The save folder the checks above were read from, and whether one was added since they were."""
_code: list[str] = []
"""The fingerprint of the game's code (worked out once a process)."""

_PACKAGE = Path(__file__).resolve().parent.parent


def code_identity() -> str:
    """The game that checks: Python's version and each file of the package as installed (its
    place, size and modification time). Any change to the game's code, its rules included, changes
    it, and every save is checked again."""
    if not _code:
        files = []
        for folder, _dirs, names in sorted(os.walk(_PACKAGE)):
            for name in sorted(names):
                if name.endswith(".py"):
                    try:
                        info = os.stat(os.path.join(folder, name))
                    except OSError:
                        continue
                    files.append((os.path.relpath(os.path.join(folder, name), _PACKAGE),
                                  info.st_size, info.st_mtime_ns))
        _code.append(fingerprint((sys.version, tuple(files))))
    return _code[0]


TUTORIALS = "tutorials/"
"""What the name of a tutorial's position (in the game's own folder of them) begins with in the
kept file: no save's name holds a '/'."""


def _kept_as(path: Path) -> str | None:
    """The name `path`'s check is kept under: a save of the save folder by its file's name, a
    tutorial's position by TUTORIALS and its name; None for any other file (not kept)."""
    folder = save_dir()
    if path.parent == folder:
        name = path.name
    elif path.parent == examples_dir():
        name = TUTORIALS + path.name
    else:
        return None
    if _state["folder"] != folder:  # (another folder since: a test's, a changed setting)
        _kept.clear()
        _state.update(folder=folder, changed=False)
        _read()
    return name


def found(path: Path, stamp: Stamp) -> Any | None:
    """What checking the save at `path` found, kept, if its stamp is still `stamp`; else None."""
    name = _kept_as(path)
    entry = _kept.get(name) if name is not None else None
    return entry[1] if entry is not None and entry[0] == stamp else None


def remember(path: Path, stamp: Stamp, value: Any) -> None:
    """Keep what checking the save at `path` (with `stamp`) found, for `keep`."""
    name = _kept_as(path)
    if name is not None:
        _kept[name] = (stamp, value)
        _state["changed"] = True


def keep(present: list[Path] | None = None) -> bool:
    """Write the checks beside the saves if one was added since they were read; with `present`
    (every save of the folder, as just listed), only theirs and the tutorials'. Whether a file was
    written."""
    if not _state["changed"] or _state["folder"] != save_dir():
        return False
    _state["changed"] = False
    if present is not None:
        names = {p.name for p in present}
        for gone in [n for n in _kept if n not in names and not n.startswith(TUTORIALS)]:
            del _kept[gone]
    data = {"format": FORMAT, "code": code_identity(),
            "saves": {name: [*stamp, value] for name, (stamp, value) in _kept.items()}}
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return len(text) <= LIMIT and write_kept(WHAT, text.encode("ascii"))


def _read() -> None:
    """The kept checks of the save folder, if the file is one this game wrote; else none."""
    data = read_kept(WHAT, LIMIT)
    if not data:
        return
    try:
        kept = json.loads(data)
    except ValueError:  # cut short, hand-edited, not ours
        return
    if (not isinstance(kept, dict) or kept.get("format") != FORMAT
            or kept.get("code") != code_identity() or not isinstance(kept.get("saves"), dict)):
        return
    for name, entry in kept["saves"].items():
        if (isinstance(entry, list) and len(entry) == 3
                and all(isinstance(n, int) and not isinstance(n, bool) for n in entry[:2])):
            _kept[name] = ((entry[0], entry[1]), entry[2])


def forget() -> None:
    """Forget the checks read or added in the process (for the tests: a new process)."""
    _kept.clear()
    _state.update(folder=None, changed=False)
