"""The screens around the game: title, load, help, the T-bot's flowchart, game over, record."""

from .flowchart import FlowchartScreen
from .game_over import GameOverScreen
from .help import HelpScreen
from .load import LoadScreen
from .record import RecordScreen
from .title import TitleScreen

__all__ = ["FlowchartScreen", "GameOverScreen", "HelpScreen", "LoadScreen", "RecordScreen",
           "TitleScreen"]
