"""What every connection to the SSH host shares: its configuration, the games open, the log."""

from __future__ import annotations

import contextlib
import datetime as dt
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Protocol

import asyncssh

from .game import game_command
from .limits import Limits
from .players import read_authorized_keys


class Ending(Protocol):
    """A game session the host can end (it saves first): why is a key of session.BYE."""

    def end_game(self, why: str, signum: int) -> None: ...


@dataclass
class Config:
    data: Path
    """The host's folder: host_key, players/<id>/."""
    authorized_keys: Path | None
    """The keys allowed in (None: any key, each its own player)."""
    limits: Limits = field(default_factory=Limits)
    logins: int = 16
    """Connections not logged in yet, at once."""
    command: list[str] = field(default_factory=game_command)
    """The game (tests put a smaller program here)."""
    extra_env: Mapping[str, str] = field(default_factory=dict)
    """Added to every game's environment (tests and benchmarks: TEXTUAL_ANIMATIONS)."""


class Host:
    """What all connections share: the configuration, who is playing, the log."""

    def __init__(self, config: Config, log: IO[str]) -> None:
        self.config = config
        self.log = log
        self.games: Counter[str] = Counter()
        self.sessions: set[Ending] = set()
        self.waiting = 0
        """Connections not logged in yet."""

    @property
    def open_games(self) -> int:
        return sum(self.games.values())

    def allows(self, key: asyncssh.SSHKey) -> str | None:
        """The name a key logs in under ('' without one), or None when it may not log in."""
        path = self.config.authorized_keys
        if path is None:
            return ""
        try:
            keys = read_authorized_keys(path)
        except OSError as exc:
            self.write_log(f"cannot read the authorized keys {path}: {exc.strerror or exc}; no key is let in")
            return None
        entry = keys.get(key.public_data)
        return None if entry is None else entry.name

    def write_log(self, line: str) -> None:
        stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        with contextlib.suppress(OSError, ValueError):
            self.log.write(f"{stamp} {line}\n")
            self.log.flush()
