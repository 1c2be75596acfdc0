"""The SSH host: asyncssh does the protocol; this says who may log in and what they get (a game,
nothing else), keeps the limits and writes one log line per connection.

Public-key login only. With authorized keys, only the keys in the file (read again at every
login); open, any key, each its own player. A logged-in player gets one game per session, on a
terminal they must ask for (`ssh -t`, the default for a login); a command, a subsystem (SFTP, SCP)
or any forwarding is refused.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Callable
from typing import IO

import asyncssh

from .connection import Connection
from .host import Config, Host
from .landlock import host_note
from .players import host_key, make_folder


async def start_server(config: Config, host: Host, port: int, address: str = "") -> asyncssh.SSHAcceptor:
    """Listen for players (on every address when `address` is '')."""
    key = host_key(config.data)
    make_folder(config.data / "players")
    if config.game_user is not None:  # its games reach their folders, and list nothing on the way
        for folder in (config.data, config.data / "players"):
            folder.chmod(0o711)
    return await asyncssh.create_server(
        lambda: Connection(host), address or None, port, server_host_keys=[key],
        encoding=None, line_editor=False, allow_pty=True, x11_forwarding=False, agent_forwarding=False,
        allow_scp=False, sftp_factory=None, login_timeout=config.limits.login_seconds,
        keepalive_interval=60, keepalive_count_max=3)


async def serve(config: Config, port: int, address: str, log: IO[str],
                ready: Callable[[asyncssh.SSHAcceptor], None] | None = None) -> int:
    """Run the host until SIGINT or SIGTERM; then every game is saved and ended."""
    host = Host(config, log)
    acceptor = await start_server(config, host, port, address)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    listening = ", ".join(f"{s.getsockname()[0]}:{s.getsockname()[1]}" for s in acceptor.sockets)
    who = f"the keys in {config.authorized_keys}" if config.authorized_keys else "any key (open)"
    host.write_log(f"listening on {listening} for {who}; data in {config.data}")
    host.write_log(host_note(config.data))
    if config.game_user is not None:
        closed = [str(p) for p in config.data.resolve().parents if not p.stat().st_mode & 0o001]
        host.write_log(f"games run as uid {config.game_user[0]}" + (
            f"; it cannot pass through {', '.join(closed)}: no game can reach its folder "
            "(chmod o+x, docs/serve.md)" if closed else ""))
    host.authorized_keys()  # each line it refuses is logged now, not only at the first login
    if ready is not None:
        ready(acceptor)
    await stop.wait()
    await stop_hosting(host, acceptor)
    return 0


async def stop_hosting(host: Host, acceptor: asyncssh.SSHAcceptor, seconds: float = 20) -> None:
    """Stop: no new connection; every game saved and ended, then every connection closed, each
    one's log line written (how its games ended); 'stopped' last."""
    host.stopping = True
    acceptor.close()
    for session in list(host.sessions):
        session.end_game("host", signal.SIGTERM)
    deadline = time.monotonic() + seconds
    while host.sessions and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    for connection in list(host.lines_due):
        connection.close()
    deadline = time.monotonic() + 5
    while host.lines_due and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    if host.lines_due:
        host.write_log(f"{len(host.lines_due)} connection(s) had not closed as the host stopped")
    host.write_log("stopped")
