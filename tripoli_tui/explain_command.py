"""`tripoli explain SAVE [--json]`: how the T-bot answers the decision pending in a saved game.

Reads the save and never writes it: the T-bot's answer is shown, not submitted.
"""

from __future__ import annotations

import json
import sys

from .engine import Game
from .engine import data as d


class ExplainError(Exception):
    """A save that cannot be explained; the message says why, for the player."""


def _read_game(path_or_name: str) -> Game:
    """The saved game, through the storage layer; ExplainError with a clear message if it fails."""
    from .storage import read_save, resolve_save_path

    try:
        return read_save(resolve_save_path(path_or_name))
    except Exception as exc:  # any unreadable save is reported, never a traceback
        raise ExplainError(str(exc) or type(exc).__name__) from exc


def explain_game(game: Game, as_json: bool) -> tuple[int, str]:
    """The exit code and the text to print for a loaded game's pending decision."""
    from bot import TBot, TBotError

    pending = game.pending
    if pending is None:
        return 2, "The game is over: there is no decision for the T-bot to explain."
    if pending.side != d.TRIPOLITANIA:
        return 2, (f"The pending decision is the player's, not the T-bot's: {pending.prompt}\n"
                   "Open the game to play it (tripoli load SAVE).")
    try:
        answer = TBot().decide(game.state, pending)
    except TBotError as exc:
        return 1, f"The T-bot cannot answer this position: {exc}"
    if as_json:
        return 0, json.dumps(answer.trace.to_data(), ensure_ascii=False)
    header = f"{game.state.when}: {pending.prompt}"
    return 0, f"{header}\n\n{answer.trace.render()}"


def explain_save(path_or_name: str, as_json: bool) -> int:
    """Print how the T-bot answers the saved game's pending decision; the exit code.

    0 explained, 1 a save that cannot be read or answered, 2 the decision is the player's.
    """
    try:
        game = _read_game(path_or_name)
    except ExplainError as exc:
        print(f"tripoli explain: {exc}", file=sys.stderr)
        return 1
    code, text = explain_game(game, as_json)
    print(text, file=sys.stdout if code == 0 else sys.stderr)
    return code
