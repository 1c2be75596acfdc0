"""The command palette's own commands (Textual's system commands) as the game offers them: its
Keys opens the help's Keys tab, every key in force on the screen and what it does, where Textual's
opened a keys panel beside the screen that squeezed the game under 80 columns and said less; its
Quit says that the game is saved first (Textual's: 'as soon as possible'); over a host there is no
Screenshot (the picture would stay on the host: a hosted player has no way to fetch a file)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from typing import Any

from textual.app import App, SystemCommand
from textual.screen import Screen

from ..storage.files import served
from .messages import HelpAsked


class HelpKeysPalette(App[int]):
    """An app whose command palette's Keys opens the game's help (see the module)."""

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        return with_help_keys(super().get_system_commands(screen), screen)


KEYS = "Keys"
"""The title of Textual's command that shows (or hides) its keys panel."""
QUIT = "Quit"
"""The title of its command that quits (the app's own quit: the game saved first)."""
SCREENSHOT = "Screenshot"
"""The title of its command that keeps a picture of the screen (KeptApp.deliver_screenshot)."""


def with_help_keys(commands: Iterable[SystemCommand],
                   screen: Screen[Any]) -> Iterator[SystemCommand]:
    """Textual's commands for `screen`, its Keys opening the game's help instead, its Quit in the
    game's words, no Screenshot over a host."""
    for command in commands:
        if command.title == KEYS:
            yield SystemCommand(KEYS, "Every key in force here and what it does (the help)",
                                partial(open_help, screen))
        elif command.title == QUIT:  # (the app's own quit, which saves the game first)
            yield command._replace(help="Quit the game (it is saved first)")
        elif command.title == SCREENSHOT and served():
            continue
        else:
            yield command


def open_help(screen: Screen[Any]) -> None:
    """The help, as the screen's own help key opens it (the game screen keeps the T-bot's cards
    unjudged in a drill); from a screen without one, the help with the cards unjudged."""
    action = getattr(screen, "action_help", None)
    if callable(action):
        action()
    else:
        screen.post_message(HelpAsked(tbot_now=False))
