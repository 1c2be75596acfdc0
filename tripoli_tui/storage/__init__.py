"""Save files on disk: the save folder, atomic writes, named slots, autosaves, the campaign record
and the player's settings.

files: where saves live, safe names, bounded reads, atomic writes. slots: named saves and
autosaves. listing: what a list of saves shows. record: the campaign record. settings: the
preferences remembered between sessions. identity: which campaign a save belongs to and its name.
campaigns: the saves grouped by campaign, rollback, the record of every campaign.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what `storage.NAME` finds, for the type checker (imported lazily at run time)
    from ..save_error import SaveError as SaveError
    from .campaigns import *  # noqa: F403
    from .files import *  # noqa: F403
    from .identity import *  # noqa: F403
    from .listing import *  # noqa: F403
    from .record import *  # noqa: F403
    from .settings import *  # noqa: F403
    from .slots import *  # noqa: F403

_MODULES = (".files", ".settings", ".identity", ".listing", ".record", ".slots", ".campaigns")
"""Where `storage.NAME` is looked for, in order: the cheap modules first."""


def __getattr__(name: str) -> object:
    """`storage.NAME` is NAME from the first of the modules that defines it, imported when first
    asked for (PEP 562): the title screen reads the settings without loading the listing, the slots
    or the rules engine they need."""
    if name == "SaveError":
        from ..save_error import SaveError

        globals()[name] = SaveError
        return SaveError
    if not name.startswith("_"):
        for where in _MODULES:
            module = importlib.import_module(where, __name__)
            if name in vars(module):
                value = globals()[name] = vars(module)[name]
                return value
        if name in globals():  # a submodule the search imported (storage.listing)
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
