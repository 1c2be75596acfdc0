"""What checking each save found, kept beside the saves for the next time the list is opened.

The list of saves checks every save exactly as opening it would, its history replayed (listing.py):
5-10 ms a save, most of it reading the TOML. A folder of twenty campaigns (seventy files, with their
autosaves) took 350-550 ms before the Load screen was shown, at every start of the game. What a
check found is kept beside the saves (storage/kept.py), by each file's name, modification time and
size, and by the game that checked it (the files of its own packages as installed, and Python's
version): a save unchanged since, checked by the same game, is not read again. The tutorials'
positions (Load's other tab, checked the same way) are kept beside them, and what Load's replay of
each campaign with today's rules found (its ≠ marks: 400 ms of a thread for twenty campaigns). A
new save, a changed one, and every one after the game is updated are checked as before. Like every
kept file it is a convenience: missing, unreadable, another game's, hand-edited into something
else, each entry that is not what this module writes is checked again, and nothing here raises.
"""

from __future__ import annotations

import json
import os
import sys
import threading
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

TUTORIALS = "tutorials/"
"""What the name of a tutorial's position (in the game's own folder of them) begins with in the
kept file: no save's name holds a '/'."""
REPLAYS_KEPT = 200
"""The most campaigns' replays kept (the oldest go first: a campaign played on is replayed anew)."""

_kept: dict[str, tuple[Stamp, Any]] = {}
"""Each save's stamp and what checking it found (as listing.py writes it), by the file's name."""
_replays: dict[str, Any] = {}
"""What each campaign's replay with today's rules found (as Load writes it), by the fingerprint of
its files' names and stamps; the oldest first."""
_state: dict[str, Any] = {"folder": None, "changed": False}
"""The save folder the checks above were read from, and whether one was added since they were."""
_code: list[str] = []
"""The fingerprint of the game's code (worked out once a process)."""
_lock = threading.Lock()
"""Load replays its campaigns in a thread while the screen lists the saves."""

_PACKAGES = (Path(__file__).resolve().parent.parent,  # tripoli_tui
             Path(__file__).resolve().parent.parent.parent / "bot")  # (the T-bot: Load's replays)


def code_identity() -> str:
    """The game that checks: Python's version and each file of its packages as installed (its
    place, size and modification time). Any change to the game's code, its rules and the T-bot
    included, changes it, and every save is checked again."""
    if not _code:
        files = []
        for package in _PACKAGES:
            for folder, _dirs, names in sorted(os.walk(package)):
                for name in sorted(names):
                    if name.endswith(".py"):
                        path = os.path.join(folder, name)
                        try:
                            info = os.stat(path)
                        except OSError:
                            continue
                        files.append((os.path.relpath(path, package.parent), info.st_size,
                                      info.st_mtime_ns))
        _code.append(fingerprint((sys.version, tuple(files))))
    return _code[0]


def _for_the_folder() -> None:
    """The checks in the process made the save folder's: read now if they were another's (a
    test's, a changed setting's) or none yet. Called with the lock held."""
    folder = save_dir()
    if _state["folder"] != folder:
        _kept.clear()
        _replays.clear()
        _state.update(folder=folder, changed=False)
        _read()


def _kept_as(path: Path) -> str | None:
    """The name `path`'s check is kept under: a save of the save folder by its file's name, a
    tutorial's position by TUTORIALS and its name; None for any other file (not kept)."""
    if path.parent == save_dir():
        return path.name
    if path.parent == examples_dir():
        return TUTORIALS + path.name
    return None


def found(path: Path, stamp: Stamp) -> Any | None:
    """What checking the save at `path` found, kept, if its stamp is still `stamp`; else None."""
    name = _kept_as(path)
    if name is None:
        return None
    with _lock:
        _for_the_folder()
        entry = _kept.get(name)
    return entry[1] if entry is not None and entry[0] == stamp else None


def remember(path: Path, stamp: Stamp, value: Any) -> None:
    """Keep what checking the save at `path` (with `stamp`) found, for `keep`."""
    name = _kept_as(path)
    if name is not None:
        with _lock:
            _for_the_folder()
            _kept[name] = (stamp, value)
            _state["changed"] = True


def found_replay(files: tuple[tuple[str, int, int], ...]) -> Any | None:
    """What replaying the campaign of these save files (name, size, modification time) found,
    kept; else None."""
    key = fingerprint(files)
    with _lock:
        _for_the_folder()
        return _replays.get(key)


def remember_replay(files: tuple[tuple[str, int, int], ...], value: Any) -> None:
    """Keep what replaying the campaign of these save files found, for `keep`."""
    key = fingerprint(files)
    with _lock:
        _for_the_folder()
        _replays.pop(key, None)
        _replays[key] = value
        while len(_replays) > REPLAYS_KEPT:
            del _replays[next(iter(_replays))]
        _state["changed"] = True


def keep(present: list[Path] | None = None) -> bool:
    """Write the checks beside the saves if one was added since they were read; with `present`
    (every save of the folder, as just listed), only theirs and the tutorials'. Whether a file was
    written."""
    with _lock:
        if not _state["changed"] or _state["folder"] != save_dir():
            return False
        _state["changed"] = False
        if present is not None:
            names = {p.name for p in present}
            for gone in [n for n in _kept if n not in names and not n.startswith(TUTORIALS)]:
                del _kept[gone]
        data = {"format": FORMAT, "code": code_identity(),
                "saves": {name: [*stamp, value] for name, (stamp, value) in _kept.items()},
                "replays": dict(_replays)}
    try:
        text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    except (TypeError, ValueError):  # a value JSON cannot hold: nothing kept, checked next time
        return False
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
    replays = kept.get("replays")
    if isinstance(replays, dict):
        _replays.update(list(replays.items())[-REPLAYS_KEPT:])


def forget() -> None:
    """Forget the checks read or added in the process (for the tests: a new process)."""
    with _lock:
        _kept.clear()
        _replays.clear()
        _state.update(folder=None, changed=False)
