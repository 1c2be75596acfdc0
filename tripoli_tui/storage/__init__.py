"""Save files on disk: the save folder, atomic writes, named slots, autosaves, the campaign record
and the player's settings.

files: where saves live, safe names, bounded reads, atomic writes. slots: named saves and
autosaves. listing: what a list of saves shows. record: the campaign record. settings: the
preferences remembered between sessions.
"""

from ..engine.saves import SaveError
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
