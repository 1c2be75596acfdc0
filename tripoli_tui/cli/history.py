"""`tripoli history SAVE [--json] [--rename NAME]`: every turn of a saved campaign in a line, the
dice that mattered, and gold and frigates sunk season by season. The save is never written;
--rename gives its campaign a new name first (kept in the campaign record: storage.rename_campaign)."""

from __future__ import annotations

import json

from .out import say


def history_save(path_or_name: str, *, as_json: bool = False, rename: str | None = None) -> int:
    """Print the campaign's timeline; 0 printed, 1 a save that cannot be read or a name that
    cannot be given."""
    from ..play.timeline import render, timeline
    from ..storage import as_named, game_label, game_name, read_save, rename_game, resolve_save_path

    try:
        game = as_named(read_save(resolve_save_path(path_or_name)))
    except Exception as exc:  # any unreadable save is reported, never a traceback
        say(f"tripoli history: {exc or type(exc).__name__}", error=True)
        return 1
    if rename is not None:
        try:
            rename_game(game, rename)
        except Exception as exc:  # a bad name, a record that cannot be written: said, no change
            say(f"tripoli history: the campaign was not renamed: {exc}", error=True)
            return 1
    line = timeline(game)
    name = game_name(game)
    modes = game.state.table
    if as_json:
        facts = game.campaign_facts
        say(json.dumps({"campaign": {"id": game_label(game), "name": name,
                                       "started": facts.started, "rollbacks": facts.rollbacks,
                                       "branch_of": facts.branch_of,
                                       "table": modes.text() if modes is not None else None},
                          **line.to_data()}))
    else:
        first, _, rest = render(line, name).partition("\n")
        if modes is not None:  # a table campaign: the board is on the player's table
            first += f"\nat the table: {modes.describe()}"
        say(f"{first}\n{rest}", end="")
    return 0
