"""The host's log with the real host, the real game and the system's ssh (issue 33, point 8): a
SIGTERM stop writes every connection's line, flushed, before 'stopped' (a game played, a login
with no game, a connection that never logs in), and `ssh -A -X` asking for an agent and X11 is
logged as refused."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from tripoli_tui.serve.players import player_of

from .helpers import SSH, SSH_OPTIONS, TIMEOUT, Served, authorized, needs_ssh, new_key, wait_for
from .test_ssh_client import TITLE, Terminal

AGENT = shutil.which("ssh-agent")
pytestmark = needs_ssh


def line_of(log: str, fingerprint: str) -> str:
    lines = [line for line in log.splitlines() if fingerprint in line]
    assert len(lines) == 1, log
    return lines[0]


def test_a_sigterm_stop_logs_every_connection_it_ends(tmp_path: Path) -> None:
    assert SSH is not None
    alice, bob = new_key(tmp_path / "keys", "alice"), new_key(tmp_path / "keys", "bob")
    keys = authorized(tmp_path / "authorized_keys", alice, bob)
    host = Served(tmp_path, "--authorized-keys", str(keys))
    terminal = Terminal(host, tmp_path / "keys" / "alice")
    idle = subprocess.Popen([SSH, *SSH_OPTIONS, "-v", "-N", "-i", str(tmp_path / "keys" / "bob"),
                             "-p", str(host.port), "127.0.0.1"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stranger = socket.create_connection(("127.0.0.1", host.port), timeout=TIMEOUT)
    try:
        assert stranger.recv(100).startswith(b"SSH-2.0-")
        assert terminal.read_until(TITLE), terminal.screen[-400:]
        terminal.press(b"n")  # a campaign in play: there is something to save
        assert terminal.read_until(b"Name of the campaign"), terminal.screen[-400:]
        terminal.press(b"\r")
        assert terminal.read_until(b"Spring"), terminal.screen[-400:]
        assert idle.stderr is not None
        said = b""
        while b"Authenticated to" not in said:
            chunk = idle.stderr.readline()
            assert chunk, said
            said += chunk
        assert host.stop() == 0
        assert terminal.read_until(b"The host is stopping: your game was saved"), terminal.screen[-400:]
    finally:
        terminal.close()
        idle.kill()
        idle.wait()
        if idle.stderr is not None:
            idle.stderr.close()
        stranger.close()
    log = host.log_text()
    lines = log.splitlines()
    assert lines[-1].endswith(" stopped"), log
    assert len([line for line in lines if re.search(r" from 127\.0\.0\.1:\d+ ", line)]) == 3, log
    assert re.search(r": the host stopped \(ended on SIGTERM, saved\)$",
                     line_of(log, player_of(alice).fingerprint)), log
    assert line_of(log, player_of(bob).fingerprint).endswith(": no game (closed: the host stopped)")
    assert re.search(r" no player for \d+s: not logged in \(closed: the host stopped\)\n", log), log


@pytest.mark.skipif(AGENT is None, reason="the system ssh-agent is not installed")
def test_the_system_client_s_agent_and_x11_requests_are_logged(tmp_path: Path) -> None:
    """`ssh -A -X`, as a player's own client asks for them (the agent only when one runs: one of
    its own, for this test alone)."""
    assert SSH is not None and AGENT is not None
    alice = new_key(tmp_path / "keys", "alice")
    socket_path = tmp_path / "agent.sock"
    agent = subprocess.Popen([AGENT, "-D", "-a", str(socket_path)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    host = Served(tmp_path, "--open")
    try:
        assert wait_for(socket_path.exists, 10)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
               "DISPLAY": "localhost:42", "SSH_AUTH_SOCK": str(socket_path),
               "XAUTHORITY": str(tmp_path / "Xauthority")}
        done = subprocess.run([SSH, *SSH_OPTIONS, "-A", "-X", "-i", str(tmp_path / "keys" / "alice"),
                               "-p", str(host.port), "127.0.0.1", "true"], env=env, text=True,
                              capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
        assert done.returncode == 1, done.stderr
        assert wait_for(lambda: player_of(alice).fingerprint in host.log_text(), 10)
    finally:
        host.stop()
        agent.kill()
        agent.wait()
    line = line_of(host.log_text(), player_of(alice).fingerprint)
    assert "refused a command" in line and "X11 forwarding" in line and "agent forwarding" in line, line
