"""The screens around the game: title, load, help, the T-bot's flowchart, game over, record.

Each is imported on first use, so opening the game does not pay for screens it has not shown yet
(the help screen's Markdown alone costs a noticeable part of start-up).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .flowchart import FlowchartScreen
    from .game_over import GameOverScreen
    from .help import HelpScreen
    from .load import LoadScreen
    from .record import RecordScreen
    from .title import TitleScreen

_MODULES = {
    "FlowchartScreen": ".flowchart", "GameOverScreen": ".game_over", "HelpScreen": ".help",
    "LoadScreen": ".load", "RecordScreen": ".record", "TitleScreen": ".title",
}

__all__ = [
    "FlowchartScreen", "GameOverScreen", "HelpScreen", "LoadScreen", "RecordScreen", "TitleScreen",
]


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module, __name__), name)
