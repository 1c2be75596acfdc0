"""`tripoli explain SAVE [--json] [--turn N]`: a T-bot turn, every step of it.

Where the T-bot is to act, it plays on from the saved position, on a copy in memory, until the
American side must act or the game ends; the dice come from the position's own generator. Where the
American side is to act (every autosave) or the game is over, its last turn is read from the save's
history; `--turn N` reads any of its turns from the history (1 = its first turn of the game, -1 its
last). The save is never written.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..engine import Game
from ..engine import data as d
from .out import say
from .saved import UnreadableSave, read_saved_game

if TYPE_CHECKING:
    from bot.turn_trace import TurnTrace

SEED_NOTE = ("The T-bot played on from this position with the dice of its own seed (the generator "
             "state saved with it); a different seed may change what follows a roll.")
"""Said with every explanation: what follows a roll depends on the dice."""
JSON_KEYS = ("steps", "decisions", "decision", "drawn", "queued", "event_card_line_after",
             "battle_cards", "hits", "title", "settled", "draws", "yusuf_raids", "zones")
"""The keys of `--json`'s object, in order."""


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


def explanation_data(turn: TurnTrace, game: Game, line_after: list[str] | None = None
                     ) -> dict[str, Any]:
    """The `--json` object: exactly JSON_KEYS (the line after: `line_after`, else the game's)."""
    data = turn.to_data()
    line = game.state.event_card_line if line_after is None else line_after
    data["event_card_line_after"] = [d.card_name(c) for c in line]
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


def line_after_turn(game: Game, end: int) -> list[str]:
    """The event card line once the log reached entry `end` (a turn's end), replaying the game's
    history from its origin on a copy until then."""
    if end >= len(game.state.log):
        return list(game.state.event_card_line)
    for done, copy in Game.replaying(game.origin, game.history):
        if done and len(copy.state.log) >= end:
            break
    return list(copy.state.event_card_line)


def _standing(game: Game) -> str:
    """Where the save stands, when the T-bot is not to act: a line for the refusal."""
    pending = game.pending
    if pending is None:
        return "The game is over. "
    if pending.side != d.TRIPOLITANIA:
        return f"The American side is to act ({game.state.when}): {pending.prompt}\n"
    return ""


def explain_history(game: Game, as_json: bool, number: int = -1) -> tuple[int, str]:
    """The exit code and the text to print for the T-bot's turn `number` in the game's history
    (1 its first, -1 its last); 2 with the reason when there is no such turn."""
    from bot.turn_trace import tbot_turn_spans, turn_index, turn_of_span

    log = game.state.log
    spans = tbot_turn_spans(log)
    try:
        index = turn_index(len(spans), number)
    except IndexError as exc:
        return 2, f"{_standing(game)}Nothing to explain in this save: {exc}."
    turn = turn_of_span(log, spans[index])
    assert turn is not None
    line = line_after_turn(game, spans[index].end)
    if as_json:
        return 0, json.dumps(explanation_data(turn, game, line), ensure_ascii=False)
    names = ", ".join(d.card_name(c) for c in line) or "empty"
    header = (f"The T-bot's turn {index + 1} of {len(spans)} in this game, read from the save's "
              "history (what it decided, and what was settled without a choice).")
    return 0, "\n\n".join((header, turn.render(), f"The event card line after: {names}."))


def explain_game(game: Game, as_json: bool, *, on_a_copy: bool = True,
                 turn: int | None = None) -> tuple[int, str]:
    """The exit code and the text to print for a loaded game.

    With `turn`, or where the American side is to act or the game is over, the T-bot's turn from
    the history (its last by default). Where the T-bot is to act, it plays on a copy of `game`
    (on `game` itself with on_a_copy=False, for a game read from a file only to be explained)."""
    from bot import TBotError

    pending = game.pending
    if turn is not None or pending is None or pending.side != d.TRIPOLITANIA:
        return explain_history(game, as_json, -1 if turn is None else turn)
    header = f"{game.state.when}: {pending.prompt}"
    if on_a_copy:
        game = Game.replay(game.origin, game.history)
    try:
        played = play_tbot_turn(game)
    except TBotError as exc:
        return 1, f"The T-bot cannot answer this position: {exc}"
    if as_json:
        return 0, json.dumps(explanation_data(played, game), ensure_ascii=False)
    return 0, explanation_text(played, game, header)


def explain_save(path_or_name: str, as_json: bool, turn: int | None = None) -> int:
    """Print a T-bot turn of the saved game (see explain_game); the exit code.

    0 explained, 1 a save that cannot be read or a position the T-bot cannot answer, 2 nothing to
    explain (the T-bot has played no turn yet, or no turn `turn`). With --json the note on the dice
    (when the T-bot played on) goes to stderr, the object alone to stdout.
    """
    try:
        game = read_saved_game(path_or_name)
    except UnreadableSave as exc:
        say(f"tripoli explain: {exc}", error=True)
        return 1
    pending = game.pending
    plays_on = turn is None and pending is not None and pending.side == d.TRIPOLITANIA
    code, text = explain_game(game, as_json, on_a_copy=False, turn=turn)
    say(text, error=code != 0)
    if code == 0 and as_json and plays_on:
        say(SEED_NOTE, error=True)
    return code
