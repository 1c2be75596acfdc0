"""What one session of the game keeps on disk: its autosaves, saves under a name, the crash save
and crash log, and the results it records. The app calls it and shows what it says; nothing here
knows about the screen, so every job is tested without one.

A failure is never an exception for the app to catch: each job says, in words, what went wrong.
Each job calls the storage package's own function (looked up when it runs), so that a test that
replaces one, to fill the disk say, reaches the keeper.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..save_error import SaveError
from .files import FileStamp, stamp_of, where_said
from .lock import CampaignBusy, CampaignLock, claim_campaign

if TYPE_CHECKING:  # the rules engine loads with the first game, not with the title screen
    from ..engine.game import Game
    from .listing import SaveFacts


class SaveProblem(Exception):
    """A save could not be read or written; the message says why, in words."""


def open_save(name_or_path: str | Path, *, history: bool = True) -> Game:
    """Read a save by name or path; SaveProblem with a clear message if it cannot be opened.

    history=False opens its position alone (a save whose history no longer replays)."""
    from .campaigns import as_named, opened_branch
    from .slots import read_save, resolve_save_path

    try:
        path = resolve_save_path(str(name_or_path))
        return opened_branch(as_named(read_save(path, history=history)), path)
    except SaveError as error:
        raise SaveProblem(str(error)) from error
    except OSError as error:
        raise SaveProblem(f"{error.strerror or error}: {name_or_path}") from error
    except Exception as error:  # a damaged file must never show a traceback
        raise SaveProblem(f"{name_or_path} is not a readable save ({error})") from error


def resolved(name_or_path: str) -> Path:
    """The file a name or a path refers to (the path as given when it names none)."""
    from .slots import resolve_save_path

    try:
        return resolve_save_path(name_or_path)
    except Exception:
        return Path(name_or_path)


@dataclass(frozen=True)
class CrashReport:
    """What an unexpected error did to the game: where it was saved and where the details are."""

    error: str
    save: Path | None
    log: Path | None
    problem: str = ""
    """Why the crash save or the log could not be written ('' when they were)."""

    def line(self) -> str:
        """One line for the restored terminal."""
        said = [f"tripoli: an unexpected error stopped the game ({self.error[:200]})."]
        if self.save is not None:
            said.append(f"Your game was saved to {where_said(self.save)}; Continue opens it.")
        if self.log is not None:
            said.append(f"The details are in {where_said(self.log)}.")
        if self.problem:
            said.append(f"({self.problem})")
        return " ".join(said)


def crash_log_text(details: str, save: Path | None, versions: str = "") -> str:
    """The crash log: when, which versions, where the game went, and the traceback."""
    saved = f"The game was saved to {save}.\n" if save is not None else "No game was saved.\n"
    about = f"{versions}\n" if versions else ""
    return (f"The Shores of Tripoli stopped on an unexpected error at "
            f"{time.strftime('%Y-%m-%d %H:%M:%S %z')}.\n{about}{saved}\n{details}")


def whole_traceback(error: BaseException) -> str:
    """The traceback of `error` with every error inside it: the causes Python chains, and one a
    wrapper holds as `.error` without chaining it (Textual's WorkerFailed, whose own traceback is
    one line)."""
    parts = ["".join(traceback.format_exception(error))]
    seen = {id(error)}
    inner = getattr(error, "error", None)
    while isinstance(inner, BaseException) and id(inner) not in seen:
        seen.add(id(inner))
        parts.append("The error inside it:\n" + "".join(traceback.format_exception(inner)))
        inner = getattr(inner, "error", None)
    return "\n".join(parts)


class Keeper:
    """The saves of one session. A game in progress is autosaved unless it is a tutorial (a
    tutorial never takes a campaign's autosave slot or becomes Continue)."""

    def __init__(self) -> None:
        self.save_error = ""
        """Why the latest autosave failed ('' when it did not)."""
        self._recorded: set[int] = set()
        self.lock: CampaignLock | None = None
        """The campaign this session holds (storage/lock.py), None when it holds none."""
        self._written: dict[Path, FileStamp] = {}
        """Each save this session wrote under a name, as it wrote it."""
        self._asked: dict[Path, FileStamp] = {}
        """Each name the player was asked about, as its file stood then."""

    def claim(self, game: Game | None, *, tutorial: bool = False) -> str:
        """Hold the campaign of the game now on show, letting go of the one held before: '' or
        why it cannot be held (it is open in another window: see `branch`)."""
        from .identity import game_label  # not slots' twin: the saves' code loads after the first paint

        label = game_label(game) if game is not None and not tutorial else ""
        if self.lock is not None and self.lock.campaign == label:
            return ""
        self.release()
        if not label:
            return ""
        try:
            self.lock = claim_campaign(label)
        except CampaignBusy as busy:
            return str(busy)
        except SaveError:
            pass  # the folder cannot be made: the first autosave says so
        return ""

    def branch(self, game: Game) -> str:
        """Make `game` a campaign of its own (a copy of one open elsewhere), branched from it and
        named so (campaigns.as_branch), and hold it: '' or why it cannot be held."""
        from .campaigns import as_branch

        branched = as_branch(game)
        game.campaign, game.campaign_facts = branched.campaign, branched.campaign_facts
        return self.claim(game)

    def _hold_on(self) -> None:
        """Keep the campaign held as the game is saved: its lock made again if the save folder
        was deleted under it. Should another window have opened the campaign meanwhile, it holds
        it; the autosaves of both are still kept (slots.autosave never overwrites one)."""
        if self.lock is None:
            return
        try:
            self.lock.renew()
        except CampaignBusy:
            self.lock = None

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    @staticmethod
    def keeps(game: Game | None, tutorial: bool) -> bool:
        """Whether `game` is a game in progress this session saves."""
        return game is not None and not game.is_over and not tutorial

    def autosave(self, game: Game | None, *, tutorial: bool = False) -> Path | None:
        """Autosave a game in progress: its file, or None (nothing to save, or `save_error` says
        why it failed)."""
        if game is None or not self.keeps(game, tutorial):
            return None
        from .. import storage

        self._hold_on()
        try:
            path = storage.autosave(game)
        except Exception as error:
            self.save_error = str(error)
            return None
        self.save_error = ""
        return path

    def name_problem(self, game: Game | None, name: str) -> tuple[str, str]:
        """For the save dialog: why `name` cannot be used (a sentence), and what to ask before
        using it ('' and '' when it can be used as it is)."""
        if game is None:
            return "There is no game to save.", ""
        from .. import storage
        from .slots import slot_file

        try:
            path = slot_file(name)
            self._asked[path] = stamp_of(path)
            return "", storage.save_conflict(game, name, ours=self._written.get(path))
        except SaveError as error:
            return f"{str(error)[:1].upper()}{str(error)[1:]}.", ""

    def save_as(self, game: Game, name: str) -> tuple[Path | None, str]:
        """Save `game` under a name: (its file, '') or (None, why it was not saved). A file
        that changed since the player was asked about the name is not replaced."""
        from .. import storage
        from .slots import slot_file

        try:
            expect = self._asked.get(slot_file(name), True)
            path = storage.write_save(game, name, expect=expect)
        except Exception as error:
            return None, f"The game was not saved: {error}."
        self._written[path] = stamp_of(path)
        return path, ""

    def record(self, game: Game) -> str:
        """Add a finished game to the campaign record, once: '' or why it was not recorded."""
        if id(game) in self._recorded:
            return ""
        self._recorded.add(id(game))
        from .. import storage

        try:
            storage.record_result(game)
        except Exception as error:
            return f"The result was not recorded: {error}"
        return ""

    @staticmethod
    def crash(game: Game | None, error: BaseException, *, tutorial: bool = False,
              versions: str = "") -> CrashReport:
        """Save the game an unexpected error stopped (as of its last accepted choice) and write
        the whole traceback to a crash log; what was written, and what could not be."""
        from .. import storage
        from ..engine.game import Game

        problems: list[str] = []
        save: Path | None = None
        if game is not None and Keeper.keeps(game, tutorial):
            try:
                try:  # the game as of its last accepted choice, should the error have cut one short
                    whole = Game.replay(game.origin, game.history)
                    whole.campaign, whole.campaign_facts = game.campaign, game.campaign_facts
                except Exception:
                    whole = game
                save = storage.crash_save(whole)
            except Exception as failure:
                problems.append(f"the game could not be saved: {failure}")
        details = whole_traceback(error)
        log: Path | None = None
        try:
            log = storage.write_crash_log(crash_log_text(details, save, versions))
        except Exception as failure:
            problems.append(f"the details could not be written: {failure}")
        return CrashReport(f"{type(error).__name__}: {error}", save, log, "; ".join(problems))


def tutorial_facts(path: Path | str, examples: Path) -> tuple[str, SaveFacts | None] | None:
    """When `path` is one of the tutorials in `examples`: its name and its facts (None when it
    cannot be read); else None."""
    try:
        if Path(path).resolve().parent != examples.resolve():
            return None
    except OSError:
        return None
    from .listing import check_file

    facts, _, _ = check_file(Path(path))
    return Path(path).name.removesuffix(".toml"), facts


__all__ = ["CrashReport", "Keeper", "SaveProblem", "crash_log_text", "open_save", "resolved",
           "tutorial_facts"]
