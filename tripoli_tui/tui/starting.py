"""Starting a game: a new campaign from the printed setup (its seed, its name) and a tutorial's
words for the save it opens. The app and the command line start games through these."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from ..storage.keeper import tutorial_facts

if TYPE_CHECKING:
    from ..engine.game import Game
    from .widgets.tutorial_note import Tutorial


def random_seed() -> int:
    """A seed for a new campaign when the player gives none.

    The only randomness outside the game's own generator: it picks the seed, which the game then
    keeps in its state, so the campaign still replays exactly from its save.
    """
    return random.SystemRandom().randrange(1, 10**6)


def new_campaign(seed: int | None = None, name: str = "", table: str = "", *,
                 hidden_discard: bool = False) -> Game:
    """A new game from the printed setup, labelled as a campaign of its own (its own autosaves),
    named `name` (offered: the seed and the day); with `table` (TableModes.text(), e.g.
    'dice=mine,deck=table,hand=table'), a table campaign in those modes. SaveError for a name that
    cannot be kept; ValueError for modes that cannot be. `hidden_discard`: with the rulebook's
    optional hidden discard pile."""
    from .. import storage
    from ..engine.game import Game
    from ..engine.state import table_modes

    modes = table_modes(table) if table else None
    return storage.start_campaign(
        Game.new(seed if seed is not None else random_seed(), modes,
                 hidden_discard=hidden_discard), name)


def tutorial_of(path: Path | str) -> Tutorial | None:
    """A tutorial's words when `path` is one of the tutorials, else None."""
    from .. import storage
    from .widgets.tutorial_note import Tutorial

    found = tutorial_facts(path, storage.examples_dir())
    if found is None:
        return None
    name, facts = found
    if facts is None:
        return Tutorial(name, "", name=name)
    return Tutorial(facts.title or name, facts.description, name=name, lesson=facts.lesson,
                    goal=facts.goal)
