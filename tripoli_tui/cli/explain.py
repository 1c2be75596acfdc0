"""`tripoli explain SAVE [--json]`: the T-bot's whole turn from the decision pending in a saved game.

The T-bot plays on from the saved position, on a copy in memory, until the American side must act
or the game ends; the dice come from the position's own generator. The save is never written.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from ..engine import Game
from ..engine import data as d

if TYPE_CHECKING:
    from bot.turn_trace import TurnTrace

SEED_NOTE = ("The T-bot played on from this position with the dice of its own seed (the generator "
             "state saved with it); a different seed may change what follows a roll.")
"""Said with every explanation: what follows a roll depends on the dice."""
JSON_KEYS = ("steps", "decisions", "decision", "drawn", "queued", "event_card_line_after",
             "battle_cards", "hits", "title", "settled", "draws", "yusuf_raids", "zones")
"""The keys of `--json`'s object, in order."""


class ExplainError(Exception):
    """A save that cannot be explained; the message says why, for the player."""


def _read_game(path_or_name: str) -> Game:
    """The saved game, through the storage layer; ExplainError with a clear message if it fails."""
    from ..storage import read_save, resolve_save_path

    try:
        return read_save(resolve_save_path(path_or_name))
    except Exception as exc:  # any unreadable save is reported, never a traceback
        raise ExplainError(str(exc) or type(exc).__name__) from exc


def play_tbot_turn(game: Game) -> TurnTrace:
    """Let the T-bot answer from `game.pending` until the American side must act or the game
    ends (TBotError if it cannot answer); the turn it played, as one trace."""
    from bot import TBot
    from bot.turn_trace import joined_turn
    from tripoli_tui.engine.loop import play

    start = len(game.state.log)
    play(game, {d.TRIPOLITANIA: TBot()},
         until=lambda g: g.pending is not None and g.pending.side != d.TRIPOLITANIA)
    return joined_turn(game.state.log, start)


def explanation_data(turn: TurnTrace, game: Game) -> dict[str, Any]:
    """The `--json` object: exactly JSON_KEYS."""
    data = turn.to_data()
    data["event_card_line_after"] = [d.card_name(c) for c in game.state.event_card_line]
    return {key: data[key] for key in JSON_KEYS}


def _what_next(game: Game) -> str:
    pending, result = game.pending, game.state.result
    if pending is None:
        return f"The game ends: {result.text if result is not None else 'it is over.'}"
    return f"Then the American side is to act ({game.state.when}): {pending.prompt}"


def explanation_text(turn: TurnTrace, game: Game, header: str) -> str:
    line = ", ".join(d.card_name(c) for c in game.state.event_card_line) or "empty"
    return "\n\n".join((header, SEED_NOTE, turn.render(),
                        f"The event card line after: {line}.", _what_next(game)))


def explain_game(game: Game, as_json: bool, *, on_a_copy: bool = True) -> tuple[int, str]:
    """The exit code and the text to print for a loaded game's pending T-bot decision.

    The T-bot plays on a copy of `game` (on `game` itself with on_a_copy=False, for a game read
    from a file only to be explained)."""
    from bot import TBotError

    pending = game.pending
    if pending is None:
        return 2, "The game is over: there is no decision for the T-bot to explain."
    if pending.side != d.TRIPOLITANIA:
        return 2, (f"The pending decision is the player's, not the T-bot's: {pending.prompt}\n"
                   "The American side is to act: open the game to play it (tripoli load SAVE).")
    header = f"{game.state.when}: {pending.prompt}"
    if on_a_copy:
        game = Game.replay(game.origin, game.history)
    try:
        turn = play_tbot_turn(game)
    except TBotError as exc:
        return 1, f"The T-bot cannot answer this position: {exc}"
    if as_json:
        return 0, json.dumps(explanation_data(turn, game), ensure_ascii=False)
    return 0, explanation_text(turn, game, header)


def explain_save(path_or_name: str, as_json: bool) -> int:
    """Print the T-bot's whole turn from the saved game's pending decision; the exit code.

    0 explained, 1 a save that cannot be read or answered, 2 the American side is to act (or the
    game is over). With --json the note on the dice goes to stderr, the object alone to stdout.
    """
    try:
        game = _read_game(path_or_name)
    except ExplainError as exc:
        print(f"tripoli explain: {exc}", file=sys.stderr)
        return 1
    code, text = explain_game(game, as_json, on_a_copy=False)
    print(text, file=sys.stdout if code == 0 else sys.stderr)
    if code == 0 and as_json:
        print(SEED_NOTE, file=sys.stderr)
    return code
