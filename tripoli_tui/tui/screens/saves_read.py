"""What the saves screens read from the save folder, guarded: every call returns (value, problem)
so that a missing or broken save folder becomes a message, never a traceback (the title screen and
the load screen share them; tests replace them here). And when a save was last played, in words."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...play.verify import Parting
    from ...storage import CampaignSaves, SaveInfo


def clock() -> float:
    """Now, as an epoch; tests replace it to keep "last played" fixed."""
    return time.time()


def _storage() -> ModuleType:
    from ... import storage  # imported late: saves are optional for the screens to work

    return storage


def save_folder() -> str:
    """The saves folder as its player is told of it (by a host: 'your saves', never its path)."""
    try:
        storage = _storage()
        return "your saves" if storage.served() else str(storage.save_dir())
    except Exception:
        return "the saves folder"


def fetch_saves() -> tuple[list[SaveInfo], str]:
    """Saved campaigns, newest first, or ([], what went wrong)."""
    try:
        saves: list[SaveInfo] = _storage().list_saves()
    except Exception as exc:
        return [], f"Could not read the saved campaigns ({_why(exc)})."
    return saves, ""


def fetch_latest() -> tuple[SaveInfo | None, str]:
    """The most recently played save, or (None, why there is none)."""
    try:
        latest = _storage().latest_save()
    except Exception as exc:
        return None, f"the saves could not be read ({_why(exc)})"
    if latest is None:
        return None, "no saved campaign yet"
    return latest, ""


def fetch_examples() -> tuple[list[SaveInfo], str]:
    try:
        examples: list[SaveInfo] = _storage().list_examples()
        return examples, ""
    except Exception as exc:
        return [], f"Could not read the example positions ({_why(exc)})."


def fetch_completed() -> frozenset[str]:
    """The tutorials the campaign record checks off (none if it cannot be read)."""
    try:
        completed: frozenset[str] = _storage().read_record().completed
        return completed
    except Exception:
        return frozenset()


def fetch_names() -> dict[str, str]:
    """The names players gave campaigns, by label (none if the record cannot be read)."""
    try:
        names: dict[str, str] = _storage().given_names()
        return names
    except Exception:
        return {}


def _why(exc: Exception) -> str:
    return str(exc) or type(exc).__name__


def played_text(epoch: float, now: float | None = None) -> str:
    """When a save was last played, relative to `now` for the last week, else the date."""
    now = clock() if now is None else now
    try:
        then = datetime.fromtimestamp(float(epoch))
        today = datetime.fromtimestamp(now).date()
    except (OverflowError, OSError, ValueError, TypeError):
        return "unknown"
    days = (today - then.date()).days
    if days == 0:
        return f"today {then:%H:%M}"
    if days == 1:
        return f"yesterday {then:%H:%M}"
    if 1 < days < 7:
        return f"{days} days ago"
    return f"{then.day} {then:%b %Y}"


_REPLAYED: dict[tuple[tuple[str, int, int], ...], Parting | None] = {}
"""Each campaign's replay with today's rules, by its files as they were (path, size, modified):
Load opened again does not replay an unchanged campaign again. (And beside the saves, for the next
start: storage/checked.py.)"""


def replay_parting(campaign: CampaignSaves) -> Parting | None:
    """Where a campaign's replay with today's rules first parts from its saves (play/verify.py),
    None when it is the same, or when it cannot be told (a save that went away: Load says the
    rest). Slow for a long campaign: Load runs it in a thread, after the list is shown."""
    from ...play.verify import campaigns, read_saved_game, verify_campaign
    from ...storage.checked import found_replay, remember_replay

    storage = _storage()
    try:
        stamps = tuple(sorted((str(s.path), s.path.stat().st_size, s.path.stat().st_mtime_ns)
                              for s in campaign.saves))
        if stamps in _REPLAYED:
            return _REPLAYED[stamps]
        files = tuple(sorted((Path(path).name, size, time) for path, size, time in stamps))
        kept = _kept_parting(found_replay(files))
        if kept is not None:
            _REPLAYED[stamps] = kept[0]
            return kept[0]
        saved = [read_saved_game(s.path.name, storage.read_text(s.path, storage.MAX_SAVE_BYTES))
                 for s in campaign.saves]
    except Exception:
        return None
    parting = next((v.parting for v in map(verify_campaign, campaigns(saved)) if not v.same), None)
    _REPLAYED[stamps] = parting
    remember_replay(files, ["same"] if parting is None else [
        "parted", parting.file, parting.choice, parting.season, parting.what])
    return parting


def _kept_parting(value: object) -> tuple[Parting | None] | None:
    """What a campaign's replay found, from what storage/checked.py kept: (None,) the same as
    saved, (Parting,) where it parts; None for anything that is not what the game writes."""
    from ...play.verify import Parting
    from ...storage.shown import shown

    if value == ["same"]:
        return (None,)
    if (isinstance(value, list) and len(value) == 5 and value[0] == "parted"
            and all(isinstance(v, str) for v in (value[1], value[3], value[4]))
            and isinstance(value[2], int) and not isinstance(value[2], bool)):
        return (Parting(shown(value[1]), value[2], shown(value[3]), shown(value[4], lines=True)),)
    return None
