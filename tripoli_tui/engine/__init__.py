"""The rules engine: pure, deterministic, no Textual, no bot, no I/O, no clock."""

from .decisions import Choice, Decision, IllegalChoice, parse_choice
from .game import Game, Move
from .invariants import check_invariants
from .state import GameState, LogEntry, SavedTrace, TraceLike

__all__ = [
    "Choice", "Decision", "Game", "GameState", "IllegalChoice", "LogEntry", "Move", "SavedTrace",
    "TraceLike", "check_invariants", "parse_choice",
]
