"""What one player, and all of them together, may use of the host: each figure a flag of
`tripoli serve`, with its default shown in `--help`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    sessions_per_player: int = 2
    """Games one key may have open at once."""
    sessions: int = 32
    """Games open at once on the host, all players together."""
    idle_minutes: float = 30.0
    """A game with no key pressed for this long is saved and closed."""
    login_seconds: float = 20.0
    """A connection that has not logged in by then is dropped; one logged in with no game open
    that long is closed."""
    logins: int = 16
    """Connections not logged in yet, at once, from everywhere."""
    logins_per_address: int = 4
    """Connections not logged in yet, at once, from one source (an IPv4 address, an IPv6 /64)."""
    connections: int = 64
    """Logged-in connections at once, all keys together (each holds a file of the host's)."""
    connections_per_player: int = 4
    """Logged-in connections one key may have at once."""
    connections_per_address: int = 8
    """Logged-in connections from one source (an IPv4 address, an IPv6 /64) at once, all its
    keys together."""
    sessions_per_address: int = 4
    """Games open at once from one source, all its keys together: one person with many keys does
    not take every game."""
    new_players_per_hour: int = 20
    """With --open: keys never seen before let in per hour (a folder is made only for a game
    played)."""
    memory_mb: int = 1024
    """The address space each game may take (the advisor included: it thinks in the game's process)."""
    cpu_minutes: float = 60.0
    """The processor time each game may use; then it is saved and closed."""
    saves_mb: float = 20.0
    """The size of each player's saves folder; a save past it is refused in the game, saying so."""

    @property
    def saves_bytes(self) -> int:
        return int(self.saves_mb * 1024 * 1024)

    def problems(self) -> list[str]:
        """What is wrong with these figures, in words (empty when they can be used)."""
        said = []
        for flag, value, least in (("--sessions-per-player", self.sessions_per_player, 1),
                                   ("--sessions", self.sessions, 1),
                                   ("--idle-minutes", self.idle_minutes, 0.01),
                                   ("--login-seconds", self.login_seconds, 1),
                                   ("--logins", self.logins, 1),
                                   ("--logins-per-address", self.logins_per_address, 1),
                                   ("--connections", self.connections, 1),
                                   ("--connections-per-player", self.connections_per_player, 1),
                                   ("--connections-per-address", self.connections_per_address, 1),
                                   ("--sessions-per-address", self.sessions_per_address, 1),
                                   ("--new-players-per-hour", self.new_players_per_hour, 0),
                                   ("--memory-mb", self.memory_mb, 200),
                                   ("--cpu-minutes", self.cpu_minutes, 0.1),
                                   ("--saves-mb", self.saves_mb, 0.001)):
            if not value >= least:
                said.append(f"{flag} must be at least {least}")
        if self.logins_per_address > self.logins:
            said.append("--logins-per-address must be at most --logins")
        return said
