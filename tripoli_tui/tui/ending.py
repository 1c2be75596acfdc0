"""The one line the program ends with when a crash or a signal ended the game: what happened, and
where the game is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cli.signals import what_stopped
from ..save_error import quoted

if TYPE_CHECKING:
    from .themed_app import ThemedApp


def crash_line(app: ThemedApp) -> str:
    """The one line a crash ends the program with, saying so if its theme was set aside."""
    assert app.crash is not None
    line = app.crash.line()
    if app.theme_set_aside:
        line += (f" The theme {quoted(app.theme_set_aside)} could not be drawn: the next start "
                 "shows the game's own.")
    return line


def stopped_line(signum: int, app: ThemedApp) -> str:
    """The one line a signal ends the program with: what stopped it, and where the game is."""
    said = f"tripoli: {what_stopped(signum)}."
    if app.stopped_by and app.save_error:
        return f"{said} The game could not be saved: {app.save_error}"
    if app.stopped_save is not None:
        from ..storage.files import where_said

        return f"{said} Your game was saved to {where_said(app.stopped_save)}; Continue opens it."
    if app.stopped_by and app.keeper.keeps(app.game, app.tutorial):
        return f"{said} The game was not saved."
    return f"{said} There was nothing to save."
