"""Named saves and autosaves: finding a save by name, reading it, and writing a slot."""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from pathlib import Path

from ..engine.game import Game
from ..engine.saves import (
    SaveError,
    game_to_toml,
    load_game_text,
    parse_document,
    read_campaign,
    read_position,
)
from ..engine.state import season_title
from .files import (
    MAX_SAVE_BYTES,
    SUFFIX,
    FileStamp,
    atomic_write,
    check_name,
    create_new,
    examples_dir,
    make_folder,
    read_text,
    save_dir,
    stamp_of,
)
from .identity import game_label as campaign_label
from .listing import latest_save
from .record import RECORD_FILE
from .settings import SETTINGS_FILE

AUTOSAVE_PREFIX = "autosave-"
AUTOSAVES_KEPT = 5
"""Each campaign keeps its newest five autosaves, autosave-CAMPAIGN-N.toml (the highest N newest)."""
CRASH_PREFIX = "crash-"
"""crash-CAMPAIGN.toml: the game as it stood when the program failed; crash-DATE.log: why."""
SCREENSHOT_PREFIX = "screenshot-"
"""screenshot-DATE-TIME.svg: a picture of the screen (the command palette's Screenshot)."""
LATEST = "latest"
"""The name that means the most recently played save."""


def resolve_save_path(name_or_path: str) -> Path:
    """The file a name, a path or 'latest' refers to (for reading; it may not exist)."""
    raw = str(name_or_path).strip()
    if raw.lower() == LATEST:
        info = latest_save()
        if info is None:
            raise SaveError("there is no save to continue yet")
        return info.path
    given = Path(raw)
    if "/" in raw or os.sep in raw or (raw.lower().endswith(SUFFIX) and given.is_file()):
        return given
    name = check_name(raw)
    candidate = save_dir() / f"{name}{SUFFIX}"
    example = examples_dir() / f"{name}{SUFFIX}"
    if not candidate.exists() and example.is_file():
        return example
    return candidate


def read_save(path: Path | str, *, history: bool = True) -> Game:
    """The game in a save file; SaveError with a clear message (the file is never changed).

    history=False resumes the stored position alone (see saves.load_game_text).
    """
    path = Path(path)
    text = read_text(path, MAX_SAVE_BYTES)
    try:
        return load_game_text(text, history=history)
    except SaveError as exc:
        raise SaveError(exc.problems, where=path.name) from exc


def _slot_path(folder: Path, name: str) -> Path:
    path = folder / f"{name}{SUFFIX}"
    if path.parent != folder or path.name.startswith("."):
        raise SaveError(f"{name!r} is not a save name")  # clean_name makes this unreachable
    return path


RESERVED_PREFIXES = (AUTOSAVE_PREFIX, CRASH_PREFIX)


def new_campaign_label(seed: int) -> str:
    """A label for a new campaign: its seed and a few random letters (two campaigns started with
    the same seed are still two campaigns)."""
    return f"{seed}-{secrets.token_hex(3)}"


KEPT_FILES = frozenset(f.removesuffix(SUFFIX) for f in (RECORD_FILE, SETTINGS_FILE))
"""Files of the game's own beside the saves: a save of that name would overwrite them."""


def _check_slot(name: str) -> str:
    slot = check_name(name)
    low = slot.lower()
    if low == LATEST or low.startswith(RESERVED_PREFIXES) or low in KEPT_FILES:
        raise SaveError(f"{slot!r} is a name the game keeps for itself; choose another name")
    return slot


def slot_file(name: str) -> Path:
    """The file a save under `name` is written to (SaveError if the name cannot be used)."""
    return save_dir() / f"{_check_slot(name)}{SUFFIX}"


def save_conflict(game: Game, name: str, *, ours: FileStamp = None) -> str:
    """Why saving `game` under `name` needs the player's word first ('' when it does not): the
    name already holds a save of another campaign, a file the game cannot read, or a save of this
    campaign that is not the one this session wrote there (`ours`: another window's, or an
    earlier session's).

    SaveError if the name itself cannot be used.
    """
    slot = _check_slot(name)
    path = save_dir() / f"{slot}{SUFFIX}"
    if not path.exists():
        return ""
    try:
        text = read_text(path, MAX_SAVE_BYTES)
        doc = parse_document(text)
        state = read_position(doc["position"], "position")
    except SaveError:
        return f"{slot!r} already exists and is not a save this game can read. Replace it?"
    owner = read_campaign(doc.get("campaign", ""))[0] or f"seed-{state.seed}"
    facts = (f"{season_title(state.season)} {state.year}, gold {state.gold}, frigates sunk "
             f"{state.frigates_sunk}")
    if owner != campaign_label(game):
        return f"{slot!r} holds a save of another campaign ({facts}). Replace it with this game?"
    if ours is not None and stamp_of(path) == ours:
        return ""
    return (f"{slot!r} already holds a save of this campaign ({facts}) that this window did not "
            "write. Replace it?")


def write_save(game: Game, name: str, *, expect: FileStamp | bool = True) -> Path:
    """Save a game under a name in the save folder, atomically; returns the file.

    The name is used exactly (see check_name); ask save_conflict first when replacing matters,
    and pass the file's stamp as it was then (`expect`; True: whatever is there): should it
    have changed since (another window saved under the name), nothing is replaced.
    """
    slot = _check_slot(name)
    text = game_to_toml(game)
    path = _slot_path(make_folder(), slot)
    if expect is not True and stamp_of(path) != expect:
        raise SaveError(f"{slot!r} was written by another window while you named this save; "
                        "nothing was replaced. Save again to see what it holds")
    existed = path.exists()
    try:
        atomic_write(path, text)
    except OSError as exc:
        kept = "; the previous save is unchanged" if existed else ""
        raise SaveError(f"could not save {path.name}: {exc.strerror or exc}{kept}") from exc
    return path


def campaign_autosaves(campaign: str, folder: Path | None = None) -> list[Path]:
    """A campaign's autosaves, oldest first (numbered upward: the highest number is the newest)."""
    folder = save_dir() if folder is None else folder
    prefix = f"{AUTOSAVE_PREFIX}{campaign}-"
    numbered: list[tuple[int, Path]] = []
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except OSError:
        return []
    for name in names:
        number = name[len(prefix): -len(SUFFIX)] if name.startswith(prefix) and name.endswith(SUFFIX) else ""
        if number.isdigit() and number.isascii():
            numbered.append((int(number), folder / name))
    return [path for _, path in sorted(numbered)]


def autosave(game: Game) -> Path:
    """Autosave a game into its campaign's own ring of the newest AUTOSAVES_KEPT autosaves.

    The new autosave is written whole under the next number before the oldest is deleted, so a kill
    at any moment leaves every acknowledged autosave in place (at worst one too many, pruned next
    time). The number is claimed exclusively: should another process have taken it (the same
    campaign open twice), the next free one is used, and no autosave ever replaces another. The
    same position as the campaign's newest autosave is not written twice: that file is marked as
    the latest played instead.
    """
    folder = make_folder()
    campaign = campaign_label(game)
    text = game_to_toml(game)
    try:
        ring = campaign_autosaves(campaign, folder)
        if ring and _same_text(ring[-1], text):
            os.utime(ring[-1])
            return ring[-1]
        number = _number(ring[-1], campaign) + 1 if ring else 1
        for _ in range(1000):
            newest = folder / f"{AUTOSAVE_PREFIX}{campaign}-{number}{SUFFIX}"
            try:
                create_new(newest, text, like=ring[-1] if ring else None)
            except FileExistsError:
                ring = campaign_autosaves(campaign, folder)
                number = max(number, _number(ring[-1], campaign) if ring else 0) + 1
                continue
            ring = [path for path in campaign_autosaves(campaign, folder) if path != newest]
            above = [path for path in ring if _number(path, campaign) > number]
            if len(above) < AUTOSAVES_KEPT - 1:
                break
            # Another process wrote this ring past our number while we were held up (and pruned
            # the file that had it): ours would be pruned as the oldest. Claim a number again.
            with contextlib.suppress(FileNotFoundError):  # (or already pruned by it)
                newest.unlink()
            number = _number(above[-1], campaign) + 1
        else:
            raise SaveError("could not autosave: no autosave number was free")
        for old in ring[: max(0, len(ring) + 1 - AUTOSAVES_KEPT)]:
            with contextlib.suppress(FileNotFoundError):
                old.unlink()
    except OSError as exc:
        raise SaveError(f"could not autosave: {exc.strerror or exc}") from exc
    return newest


def _number(path: Path, campaign: str) -> int:
    return int(path.name[len(AUTOSAVE_PREFIX) + len(campaign) + 1: -len(SUFFIX)])


def _same_text(path: Path, text: str) -> bool:
    try:
        return read_text(path, MAX_SAVE_BYTES) == text
    except SaveError:
        return False


def crash_save(game: Game) -> Path:
    """Save a game the program could not go on with, as `crash-CAMPAIGN.toml` (Continue offers it:
    it is the newest save)."""
    path = make_folder() / f"{CRASH_PREFIX}{campaign_label(game)}{SUFFIX}"
    try:
        atomic_write(path, game_to_toml(game))
    except OSError as exc:
        raise SaveError(f"could not write {path.name}: {exc.strerror or exc}") from exc
    return path


def write_crash_log(text: str, when: float | None = None) -> Path:
    """Write what went wrong (a traceback) to `crash-DATE-TIME.log` in the save folder."""
    return _write_stamped(CRASH_PREFIX, ".log", text, when)


def write_screenshot(svg: str, when: float | None = None) -> Path:
    """Keep a picture of the screen (SVG) as `screenshot-DATE-TIME.svg` in the save folder, beside
    the campaigns (within the folder's limit, when a host sets one)."""
    return _write_stamped(SCREENSHOT_PREFIX, ".svg", svg, when)


def _write_stamped(prefix: str, suffix: str, text: str, when: float | None) -> Path:
    """Write `text` to a new file of the save folder named by the date and time (a second one of
    the same second gets -2, -3...); SaveError, in words, if it cannot be. The name is claimed as
    the file is written (create_new), so two writers in the same second (two games of one
    player, a host's) never write over each other's file."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    folder = make_folder()
    for n in range(1, 1000):
        path = folder / f"{prefix}{stamp}{f'-{n}' if n > 1 else ''}{suffix}"
        try:
            create_new(path, text)
            return path
        except FileExistsError:
            continue
        except OSError as exc:
            raise SaveError(f"could not write {path.name}: {exc.strerror or exc}") from exc
    raise SaveError(f"could not write {prefix}{stamp}{suffix}: a thousand files of that second "
                    "are already in the save folder")
