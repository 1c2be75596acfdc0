"""One campaign, one writer: a lock beside the saves says which process has a campaign open.

The lock is `.campaign-LABEL.lock` in the save folder, held with flock(2) for as long as the game
is open. The kernel lets go of it when its process ends, however it ends (a kill -9, a power cut
then a reboot), so a dead process never holds a campaign. The file says who holds it (process,
host, since when) for the second opening to tell the player; the files are left in place (a lock
file deleted while another process opens it would let two hold it). Should the save folder be
deleted under an open game all the same, its next autosave holds the campaign again (`renew`).

Where flock is missing (Windows) a campaign is not locked; its autosaves still never overwrite
one another (slots.autosave claims each number exclusively).
"""

from __future__ import annotations

import contextlib
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from .files import make_folder, served

LOCK_PREFIX = ".campaign-"
LOCK_SUFFIX = ".lock"


@dataclass
class CampaignLock:
    """A campaign held by this process, until `release` (or the process ends)."""

    campaign: str
    path: Path
    fd: int

    def renew(self) -> None:
        """Hold the campaign again when the lock file held is no longer the one at its path: the
        save folder (or the file) was deleted or replaced while the game was open, and a second
        window would make a new file there and hold that. The folder is made again. CampaignBusy
        (the lock let go) if another process holds the new file already."""
        if self.fd < 0 or self._in_place():
            return
        with contextlib.suppress(OSError):  # (if it cannot be made, nothing is written there)
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            again = claim_campaign(self.campaign, self.path.parent)
        finally:
            self.release()
        if again is not None:
            self.fd = again.fd

    def _in_place(self) -> bool:
        try:
            held, there = os.fstat(self.fd), os.stat(self.path)
        except OSError:
            return False
        return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)

    def release(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)  # closing the file lets go of its lock
            self.fd = -1


class CampaignBusy(Exception):
    """The campaign is open in another process; the message says which, in words."""


def lock_path(campaign: str, folder: Path) -> Path:
    return folder / f"{LOCK_PREFIX}{campaign}{LOCK_SUFFIX}"


def claim_campaign(campaign: str, folder: Path | None = None) -> CampaignLock | None:
    """Hold `campaign` for this process: its lock, or None where locks are not available.

    CampaignBusy if another living process holds it; SaveError if the folder cannot be made."""
    try:
        import fcntl
    except ImportError:
        return None
    folder = make_folder() if folder is None else folder
    path = lock_path(campaign, folder)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None  # a read-only folder: nothing will be written there either
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(fd)
        os.close(fd)
        if served():  # (the host's name and processes are no business of a player's)
            raise CampaignBusy("This campaign is open in another of your sessions.") from None
        raise CampaignBusy(f"This campaign is open in another window ({holder}).") from None
    except OSError:  # a file system without locks
        os.close(fd)
        return None
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, (f"process {os.getpid()} on {socket.gethostname()} since "
                       f"{time.strftime('%H:%M, %d %B %Y')}\n").encode(), 0)
    return CampaignLock(campaign, path, fd)


def _holder(fd: int) -> str:
    """Who holds a lock, as its file says (read as plain words, never as terminal codes)."""
    from .shown import shown

    try:
        text = os.pread(fd, 200, 0).decode("utf-8", "replace").strip()
    except OSError:
        text = ""
    return shown(text) or "another process"
