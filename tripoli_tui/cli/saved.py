"""The saved game a printing command reads (explain, advise): through the storage layer, any
failure one message for the player."""

from __future__ import annotations

from ..engine import Game


class UnreadableSave(Exception):
    """A save a command cannot read; the message says why, for the player."""


def read_saved_game(path_or_name: str) -> Game:
    """The saved game named or pointed at; UnreadableSave with a clear message if it fails."""
    from ..storage import read_save, resolve_save_path

    try:
        return read_save(resolve_save_path(path_or_name))
    except Exception as exc:  # any unreadable save is reported, never a traceback
        raise UnreadableSave(str(exc) or type(exc).__name__) from exc
