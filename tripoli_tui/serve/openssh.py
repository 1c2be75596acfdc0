"""`tripoli serve --openssh`: the same hosting with the system's sshd, for hosts who would rather
run OpenSSH. Each key of the authorized keys gets a forced command (its own saves folder, the
same limits through the same launcher) with `restrict,pty`: no shell, no other command, no
subsystem (SFTP), no forwarding. The sshd_config block does the rest for the account."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from ..cli.out import say
from ..storage.files import SAVE_DIR_ENV, SAVE_LIMIT_ENV
from .authorized_keys import AuthorizedKeys, read_authorized_keys
from .game import game_command
from .limits import Limits
from .players import adopt_key_folder, player_of

MATCH_BLOCK = """\
# sshd_config. These first four lines are global: sshd allows them only outside a Match block, so
# they change how sshd treats EVERY account on this machine, not only the players'. Keep your own
# values if this sshd serves others. PerSource* needs OpenSSH 8.5 or later.
LoginGraceTime {login}
MaxStartups {logins}
PerSourceMaxStartups {logins_per_address}
PerSourceNetBlockSize 32:64

# The account the players log in to (here `tripoli`; make it with no password).
Match User tripoli
    AuthenticationMethods publickey
    PasswordAuthentication no
    KbdInteractiveAuthentication no
    PermitTTY yes
    AllowTcpForwarding no
    AllowStreamLocalForwarding no
    AllowAgentForwarding no
    X11Forwarding no
    PermitTunnel no
    PermitUserRC no
    AcceptEnv COLORTERM
    ChannelTimeout session={idle}m
    UnusedConnectionTimeout {login}s
"""


def forced_command(folder: Path, limits: Limits) -> str:
    """The command sshd runs for a key, whatever the client asks: the game under the limits, in
    the key's own folder."""
    launcher = [sys.executable, "-P", "-m", "tripoli_tui.serve.child", str(limits.memory_mb * 1024 * 1024),
                str(int(limits.cpu_minutes * 60)), str(limits.saves_bytes), "--", *game_command()]
    where = shlex.quote(str(folder))
    settings = [f"{SAVE_DIR_ENV}={where}", f"{SAVE_LIMIT_ENV}={limits.saves_bytes}",
                f"HOME={where}"]
    return (f"mkdir -p -m 700 {where} && cd {where} && exec env {' '.join(settings)} "
            + " ".join(shlex.quote(part) for part in launcher))


def authorized_lines(keys: AuthorizedKeys, data: Path, limits: Limits) -> list[str]:
    """One line per key that may play: the game forced in its own folder, its line's `from=` and
    `expiry-time=` carried over (sshd honours them too). A line without a terminal (no-pty,
    restrict) cannot play, and is left out."""
    lines = []
    for entries in keys.lines.values():
        for entry in entries:
            if not entry.terminal:
                continue
            player = player_of(entry.key, entry.name)
            command = forced_command(player.folder(data), limits).replace("\\", "\\\\").replace('"', '\\"')
            kept = "".join(f',{name}="{value}"' for name, value in (("from", entry.from_patterns),
                                                                     ("expiry-time", entry.expiry_text))
                           if value)
            text = entry.key.export_public_key().decode().strip().split()[:2]
            lines.append(f'command="{command}"{kept},restrict,pty {" ".join(text)} {player.name}')
    return lines


def openssh_setup(data: Path, keys: Path | None, limits: Limits) -> int:
    if keys is None:
        say("tripoli serve --openssh: name the players' keys with --authorized-keys FILE", error=True)
        return 2
    try:
        found = read_authorized_keys(keys)
    except OSError as exc:
        say(f"tripoli serve --openssh: cannot read {keys}: {exc.strerror or exc}", error=True)
        return 2
    for problem in found.problems:
        say(f"tripoli serve --openssh: {problem}: left out", error=True)
    for entries in found.lines.values():
        for entry in entries:
            if not entry.terminal:
                say(f"tripoli serve --openssh: {keys} line {entry.number}: no-pty or restrict takes the "
                    f"terminal away, and the game needs one: left out", error=True)
    for entries in found.lines.values():  # a folder kept by key, from before players were names
        for entry in entries:
            moved = adopt_key_folder(player_of(entry.key, entry.name), data)
            if moved:
                say(f"tripoli serve --openssh: {moved}", error=True)
    lines = authorized_lines(found, data, limits)
    say("# ~tripoli/.ssh/authorized_keys: one line per player's key")
    say("\n".join(lines))
    say()
    say(MATCH_BLOCK.format(login=int(limits.login_seconds), logins=limits.logins,
                           logins_per_address=limits.logins_per_address, idle=f"{limits.idle_minutes:g}"))
    return 0
