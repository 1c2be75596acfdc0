"""What every connection to the SSH host shares: its configuration, the games open, the log."""

from __future__ import annotations

import contextlib
import datetime as dt
import ipaddress
import math
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Protocol

import asyncssh

from .authorized_keys import AuthorizedKeys, KeyLine, parse_authorized_keys
from .game import game_command
from .limits import Limits


class Waiting(Protocol):
    """A connection not logged in yet, which the host may drop to make room for another."""

    def drop(self, why: str) -> None: ...


class Closable(Protocol):
    """A connection the host can close as it stops."""

    def close(self) -> None: ...


def source_of(address: str) -> str:
    """Where a connection comes from, for the per-source limits: an IPv4 address (an IPv4 address
    in IPv6 clothing too), or the /64 network of an IPv6 one (one machine commonly holds a whole
    /64, as OpenSSH's PerSourceNetBlockSize 32:64 counts)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


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
    command: list[str] = field(default_factory=game_command)
    """The game (tests put a smaller program here)."""
    extra_env: Mapping[str, str] = field(default_factory=dict)
    """Added to every game's environment (tests and benchmarks: TEXTUAL_ANIMATIONS)."""
    game_user: tuple[int, int] | None = None
    """(uid, gid) every game runs as (--game-user, the host started as root); None: the host's."""


class Host:
    """What all connections share: the configuration, who is playing, the log."""

    def __init__(self, config: Config, log: IO[str]) -> None:
        self.config = config
        self.log = log
        self.games: Counter[str] = Counter()
        self.sessions: set[Ending] = set()
        self.connections: Counter[str] = Counter()
        """Logged-in connections, by player."""
        self.from_source: Counter[str] = Counter()
        """Logged-in connections, by source (see source_of)."""
        self.games_from: Counter[str] = Counter()
        """Games open, by source."""
        self.new_players: dict[str, float] = {}
        """With --open: the keys never seen before let in within the last hour, by player id, and
        when (time.monotonic)."""
        self._keys_text: str | None = None
        self._keys = AuthorizedKeys()
        self.waiting: dict[Waiting, str] = {}
        """Connections not logged in yet, oldest first, each with its source (see source_of)."""
        self.lines_due: set[Closable] = set()
        """Every connection whose log line is not written yet (the host stops only once each
        has written it)."""
        self.stopping = False
        """The host is stopping: it ends every game, then closes every connection."""

    @property
    def open_games(self) -> int:
        return sum(self.games.values())

    def wait_for_login(self, connection: Waiting, source: str) -> None:
        """Count a new connection among those not logged in yet. When its source already has as many
        as it may, that source's oldest is dropped; when the host has as many as it takes, the
        oldest of the source with the most is: a flood from one source never shuts another out."""
        limits = self.config.limits
        mine = [waiting for waiting, where in self.waiting.items() if where == source]
        if len(mine) >= limits.logins_per_address:
            self._drop(mine[0], f"too many connections not logged in from {source}")
        elif len(self.waiting) >= limits.logins:
            counts = Counter(self.waiting.values())
            most = max(counts.values())
            oldest = next(waiting for waiting, where in self.waiting.items() if counts[where] == most)
            self._drop(oldest, "too many connections not logged in at once "
                               f"(the most from {self.waiting[oldest]})")
        self.waiting[connection] = source

    def _drop(self, connection: Waiting, why: str) -> None:
        del self.waiting[connection]
        connection.drop(why)

    def logged_in(self, connection: Waiting) -> None:
        """No longer waiting: logged in, or gone."""
        self.waiting.pop(connection, None)

    def connections_full(self, player: str, source: str) -> tuple[str, str] | None:
        """Why this player may not log in one more connection now from `source`: (for the log,
        for the player), or None when they may."""
        limits = self.config.limits

        def connections(n: int) -> str:
            return f"{n} connection{'' if n == 1 else 's'}"

        if self.connections[player] >= limits.connections_per_player:
            return ("too many connections for this key",
                    f"This key has {connections(limits.connections_per_player)} open already, as many as "
                    f"this host allows one key: close one first.")
        if self.from_source[source] >= limits.connections_per_address:
            return (f"too many connections from {source}",
                    f"Your address has {connections(limits.connections_per_address)} open already, "
                    f"as many as this host allows one address: close one first.")
        if sum(self.connections.values()) >= limits.connections:
            return ("too many connections on the host",
                    f"The host has {connections(limits.connections)} open, as many as it allows: try "
                    f"again in a while.")
        return None

    def new_player_refused(self, player: str, known: bool) -> tuple[str, str] | None:
        """With --open, why a key never seen before (`known`: it has played here) may not log in
        now: as many new players as the host takes an hour came already. None when it may."""
        if self.config.authorized_keys is not None or known or player in self.new_players:
            return None
        hour_ago = time.monotonic() - 3600
        self.new_players = {p: t for p, t in self.new_players.items() if t > hour_ago}
        cap = self.config.limits.new_players_per_hour
        if len(self.new_players) < cap:
            return None
        if not cap:
            return ("a new player (the host takes none)",
                    "This host takes no new players: only those who have played here log in.")
        players = f"{cap} new player{'' if cap == 1 else 's'}"
        wait = 3600 - (time.monotonic() - min(self.new_players.values(), default=time.monotonic()))
        minutes = max(1, math.ceil(wait / 60))
        return (f"a new player past the {players} an hour the host takes",
                f"This host takes {players} an hour, and as many came in the last hour: try "
                f"again in {minutes} minute{'' if minutes == 1 else 's'}.")

    def connected(self, player: str, source: str, new: bool = False) -> None:
        """A connection of `player` from `source` logged in (`new`: a key never seen before)."""
        self.connections[player] += 1
        self.from_source[source] += 1
        if new and self.config.authorized_keys is None:
            self.new_players.setdefault(player, time.monotonic())

    def disconnected(self, player: str, source: str) -> None:
        for counter, which in ((self.connections, player), (self.from_source, source)):
            counter[which] -= 1
            if counter[which] <= 0:
                del counter[which]

    def admit(self, key: asyncssh.SSHKey, address: str) -> tuple[KeyLine | None, str]:
        """The line that lets a key log in from this address now, or None and why not (for the log).

        With authorized keys, the file is read at every login (a host adds or removes a player
        without restarting); each time its text has changed, every line it refuses is logged."""
        path = self.config.authorized_keys
        if path is None:
            return KeyLine(key), ""
        keys = self.authorized_keys()
        fingerprint = key.get_fingerprint("sha256")
        if keys is None:
            return None, f"key {fingerprint} (the authorized keys could not be read)"
        lines = keys.lines.get(key.public_data, [])
        reasons = []
        now = dt.datetime.now(dt.UTC)
        for line in lines:
            reason = line.refusal(address, now)
            if not reason:
                return line, ""
            reasons.append(reason)
        return None, f"key {fingerprint}" + (f" ({'; '.join(reasons)})" if reasons else "")

    def authorized_keys(self) -> AuthorizedKeys | None:
        """The authorized keys as the file now says (None when it cannot be read: no key is let in)."""
        path = self.config.authorized_keys
        if path is None:
            return None
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            self.write_log(f"cannot read the authorized keys {path}: {exc.strerror or exc}; no key is let in")
            return None
        if text != self._keys_text:
            self._keys = parse_authorized_keys(text, path)
            self._keys_text = text
            for problem in self._keys.problems:
                self.write_log(problem)
        return self._keys

    def write_log(self, line: str) -> None:
        stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        with contextlib.suppress(OSError, ValueError):
            self.log.write(f"{stamp} {line}\n")
            self.log.flush()
