"""Save files on disk: the save folder, atomic writes, named slots, autosaves, the campaign record
and the player's settings.

files: where saves live, safe names, bounded reads, atomic writes. slots: named saves and
autosaves. listing: what a list of saves shows. record: the campaign record. settings: the
preferences remembered between sessions.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..save_error import SaveError
    from .files import (
        MAX_NAME_BYTES,
        MAX_NAME_LENGTH,
        MAX_SAVE_BYTES,
        SAVE_DIR_ENV,
        SUFFIX,
        atomic_write,
        check_name,
        examples_dir,
        remove_stale_temp_files,
        save_dir,
    )
    from .listing import SaveFacts, SaveInfo, check_file, latest_save, list_examples, list_saves, summary
    from .record import (
        MAX_RECORD_BYTES,
        RECORD_FILE,
        RECORD_FORMAT,
        CampaignRecord,
        DrillScore,
        RecordEntry,
        game_id,
        read_record,
        record_drill,
        record_entry,
        record_result,
    )
    from .settings import SETTINGS_FILE, Settings, read_settings, write_settings
    from .slots import (
        AUTOSAVE_PREFIX,
        AUTOSAVES_KEPT,
        CRASH_PREFIX,
        LATEST,
        autosave,
        campaign_autosaves,
        campaign_label,
        crash_save,
        new_campaign_label,
        read_save,
        resolve_save_path,
        save_conflict,
        write_crash_log,
        write_save,
    )

__all__ = [
    "AUTOSAVES_KEPT", "AUTOSAVE_PREFIX", "CRASH_PREFIX", "LATEST", "MAX_NAME_BYTES", "MAX_NAME_LENGTH",
    "MAX_RECORD_BYTES", "MAX_SAVE_BYTES", "RECORD_FILE", "RECORD_FORMAT", "SAVE_DIR_ENV", "SUFFIX",
    "CampaignRecord", "DrillScore", "RecordEntry", "SaveError", "SaveFacts", "SaveInfo", "atomic_write",
    "autosave",
    "campaign_autosaves", "campaign_label", "check_file", "check_name", "crash_save", "examples_dir",
    "game_id", "latest_save", "list_examples", "list_saves", "new_campaign_label", "read_record",
    "read_save", "record_drill", "record_entry", "record_result", "remove_stale_temp_files",
    "resolve_save_path",
    "save_conflict", "save_dir", "summary", "write_crash_log", "write_save", "SETTINGS_FILE",
    "Settings", "read_settings", "write_settings",
]

_WHERE = {
    "SaveError": "..save_error",
    "MAX_NAME_BYTES": ".files",
    "MAX_NAME_LENGTH": ".files",
    "MAX_SAVE_BYTES": ".files",
    "SAVE_DIR_ENV": ".files",
    "SUFFIX": ".files",
    "atomic_write": ".files",
    "check_name": ".files",
    "examples_dir": ".files",
    "remove_stale_temp_files": ".files",
    "save_dir": ".files",
    "SaveFacts": ".listing",
    "SaveInfo": ".listing",
    "check_file": ".listing",
    "latest_save": ".listing",
    "list_examples": ".listing",
    "list_saves": ".listing",
    "summary": ".listing",
    "MAX_RECORD_BYTES": ".record",
    "RECORD_FILE": ".record",
    "RECORD_FORMAT": ".record",
    "CampaignRecord": ".record",
    "DrillScore": ".record",
    "RecordEntry": ".record",
    "game_id": ".record",
    "read_record": ".record",
    "record_drill": ".record",
    "record_entry": ".record",
    "record_result": ".record",
    "SETTINGS_FILE": ".settings",
    "Settings": ".settings",
    "read_settings": ".settings",
    "write_settings": ".settings",
    "AUTOSAVE_PREFIX": ".slots",
    "AUTOSAVES_KEPT": ".slots",
    "CRASH_PREFIX": ".slots",
    "LATEST": ".slots",
    "autosave": ".slots",
    "campaign_autosaves": ".slots",
    "campaign_label": ".slots",
    "crash_save": ".slots",
    "new_campaign_label": ".slots",
    "read_save": ".slots",
    "resolve_save_path": ".slots",
    "save_conflict": ".slots",
    "write_crash_log": ".slots",
    "write_save": ".slots",
}


def __getattr__(name: str) -> object:
    """Each name from its module the first time it is asked for (PEP 562): the title screen reads
    the settings without loading the listing, the slots or the rules engine they need."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(module, __name__), name)
    return value
