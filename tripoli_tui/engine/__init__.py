"""The rules engine: pure, deterministic, no Textual, no bot, no I/O, no clock."""

from .decisions import Choice, Decision, IllegalChoice, parse_choice
from .game import Game, HistoryEntry
from .invariants import check_invariants
from .state import GameState, LogEntry

__all__ = [
    "Choice", "Decision", "Game", "GameState", "HistoryEntry", "IllegalChoice", "LogEntry",
    "check_invariants", "parse_choice",
]
