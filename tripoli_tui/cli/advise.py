"""`tripoli advise SAVE [--json]`: each option of the player's pending decision in a saved game,
with its chance of an American win against the T-bot. Reads the save and never writes it."""

from __future__ import annotations

import json

from ..play.advisor import DEFAULT_SECONDS, AdviceError, advise
from .out import say
from .saved import UnreadableSave, read_saved_game


def advise_save(path_or_name: str, *, as_json: bool, playouts: int | None = None,
                seconds: float | None = None, seed: int | None = None, workers: int | None = None) -> int:
    """Print the advice for the saved game's pending decision; the exit code.

    `workers`: processes sharing the playouts (None: one a core), never changing the advice.
    0 advised, 1 a save that cannot be read, 2 no American decision to advise on.
    """
    try:
        game = read_saved_game(path_or_name)
    except UnreadableSave as exc:
        say(f"tripoli advise: {exc}", error=True)
        return 1
    if seconds is None and playouts is None:
        seconds = DEFAULT_SECONDS
    try:
        advice = advise(game, seed=seed, playouts=playouts, seconds=seconds, workers=workers)
    except AdviceError as exc:
        say(f"tripoli advise: {exc}", error=True)
        return 2
    say(json.dumps(advice.to_data(), ensure_ascii=False) if as_json else advice.render())
    return 0
