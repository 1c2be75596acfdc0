"""The player's preferences (walkthrough on or off, the theme, the card lines' marks) in a small
TOML file beside the saves.

Written atomically like a save. A missing file means the defaults; a broken or hand-edited one
gives the defaults for what cannot be read, and a problem in words for a notice, never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..save_error import SaveError, quoted
from .files import atomic_write, make_folder, read_text, save_dir

SETTINGS_FILE = "settings.toml"
MAX_SETTINGS_BYTES = 64 * 1024
"""A settings file larger than this (64 KB) is not read."""


@dataclass(frozen=True)
class Settings:
    """What the game remembers between sessions."""

    walkthrough: bool = True
    """Whether the T-bot's turn is shown step by step."""
    theme: str = ""
    """The Textual theme's name ('' for the game's own)."""
    card_marks: bool = True
    """Whether the T-bot's card tiles say if each card's condition holds now (off: a surprise)."""
    reasoning: str = "verbose"
    """How much of the T-bot's reasoning stands beside its moves: a REASONING_LEVELS value."""


REASONING_LEVELS = ("verbose", "concise", "off")
"""play.reasoning_levels.LEVELS, by name (the disk's layer does not import play's; a test holds
the two the same)."""


def settings_path() -> Path:
    return save_dir() / SETTINGS_FILE


def read_settings() -> tuple[Settings, str]:
    """The remembered settings and '' ; or the defaults and why the file could not be read."""
    path = settings_path()
    try:
        present = path.exists()  # (raises on a folder that cannot be read)
    except OSError as exc:
        return Settings(), (f"{path.parent} cannot be read ({exc.strerror or exc}); the default "
                            "settings are used")
    if not present:
        return Settings(), ""
    import tomllib  # (loaded here: a start without a settings file needs none, ~1.7 ms)

    try:
        doc = tomllib.loads(read_text(path, MAX_SETTINGS_BYTES, "a settings file"))
    except SaveError as exc:
        return Settings(), f"{exc}; the default settings are used"
    except tomllib.TOMLDecodeError as exc:
        return Settings(), f"{SETTINGS_FILE} is not valid TOML ({exc}); the default settings are used"
    return _settings_from(doc)


def _settings_from(doc: dict[str, object]) -> tuple[Settings, str]:
    """Each known setting of the right type is kept; each wrong one is named and defaulted."""
    default = Settings()
    walkthrough, theme = doc.get("walkthrough", default.walkthrough), doc.get("theme", default.theme)
    card_marks = doc.get("card_marks", default.card_marks)
    reasoning = doc.get("reasoning", default.reasoning)
    problems = []
    if reasoning not in REASONING_LEVELS:
        problems.append(f"reasoning = {quoted(reasoning)} is not one of {', '.join(REASONING_LEVELS)}")
        reasoning = default.reasoning
    if not isinstance(card_marks, bool):
        problems.append(f"card_marks = {quoted(card_marks)} is not true or false")
        card_marks = default.card_marks
    if not isinstance(walkthrough, bool):
        problems.append(f"walkthrough = {quoted(walkthrough)} is not true or false")
        walkthrough = default.walkthrough
    if not isinstance(theme, str):
        problems.append(f"theme = {quoted(theme)} is not a theme's name")
        theme = default.theme
    problem = f"{SETTINGS_FILE}: {'; '.join(problems)}; the default is used" if problems else ""
    return Settings(walkthrough, theme, card_marks, str(reasoning)), problem


def write_settings(settings: Settings) -> Path:
    """Write the settings file (atomically); SaveError, in words, if it cannot be written."""
    make_folder()
    path = settings_path()
    table: dict[str, object] = {"walkthrough": settings.walkthrough,
                                "card_marks": settings.card_marks,
                                "reasoning": settings.reasoning}
    if settings.theme:
        table["theme"] = settings.theme
    import tomli_w  # (loaded here: no start writes its settings)

    try:
        atomic_write(path, "# The Shores of Tripoli: your preferences (the game rewrites this "
                     "file).\n" + tomli_w.dumps(table))
    except OSError as exc:  # a full or read-only disk: said in words, never the temporary file
        raise SaveError(f"{SETTINGS_FILE} could not be written ({exc.strerror or exc})") from exc
    return path
