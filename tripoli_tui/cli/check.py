"""`tripoli check SAVE`: validate a save without opening the game."""

from __future__ import annotations

from ..engine.saves import SaveError
from ..storage import read_save, resolve_save_path, summary
from ..storage.shown import shown
from .out import say


def check_save(path_or_name: str) -> int:
    """Print a one-line summary and return 0, or print the problem and return 1 (never a traceback)."""
    try:
        path = resolve_save_path(path_or_name)
        game = read_save(path)
        line = f"{path.name}: {summary(game)}"
    except SaveError as exc:
        say(f"tripoli check: {exc}", error=True)
        return 1
    except Exception as exc:  # the command never shows a traceback
        say(shown(f"tripoli check: {path_or_name}: cannot be checked ({exc})"), error=True)
        return 1
    say(shown(line))
    return 0
