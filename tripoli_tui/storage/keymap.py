"""The player's own keys: keymap.toml beside the saves and the settings, a binding's id and the
key (or keys, comma-separated) that does its action instead of the game's:

    "game.flowchart" = "f2"
    "game.undo" = "u,ctrl+z"

Read here (the file's side: its text, its lines); which ids and keys the game has is the screen's
to say (tui/keymap.py). A missing file is no keymap; a broken one is said with its line, and
every key of the game's kept for what it could not read.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..save_error import SaveError, quoted
from .files import read_text, save_dir

KEYMAP_FILE = "keymap.toml"
MAX_KEYMAP_BYTES = 64 * 1024


@dataclass(frozen=True)
class KeymapLine:
    """One binding the keymap file rebinds."""

    binding: str
    """The binding's id ('game.flowchart')."""
    keys: str
    """Its new key or keys, as written ('f2', 'u,ctrl+z')."""
    line: int
    """Its line in the file (1 the first)."""


def keymap_path() -> Path:
    return save_dir() / KEYMAP_FILE


def read_keymap() -> tuple[list[KeymapLine], list[str]]:
    """The keymap's lines, and what could not be read in it (each problem names its line)."""
    path = keymap_path()
    try:
        if not path.exists():
            return [], []
        text = read_text(path, MAX_KEYMAP_BYTES, "a keymap file")
    except (OSError, SaveError) as exc:
        return [], [f"{KEYMAP_FILE}: {exc}"]
    return parse_keymap(text)


def parse_keymap(text: str) -> tuple[list[KeymapLine], list[str]]:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:  # its message names the line and the column
        return [], [f"{KEYMAP_FILE} is not valid TOML ({exc}): none of its keys is used"]
    lines, problems = [], []
    for binding, keys in doc.items():
        line = _line_of(text, binding)
        if not isinstance(keys, str) or not keys.strip():
            problems.append(f"{KEYMAP_FILE} line {line}: {binding} = {quoted(keys)} is not a key "
                            "(text such as \"f2\" or \"u,ctrl+z\")")
            continue
        lines.append(KeymapLine(binding, keys.strip(), line))
    return lines, problems


def _line_of(text: str, key: str) -> int:
    """The line a top-level key is written on (0 if it cannot be found)."""
    pattern = re.compile(rf'^\s*(?:"{re.escape(key)}"|\'{re.escape(key)}\'|{re.escape(key)})\s*=')
    return next((n for n, line in enumerate(text.splitlines(), 1) if pattern.match(line)), 0)
