"""The authorized keys file: which keys may play, under what name, and what each line's options
allow, as OpenSSH's sshd reads them.

Each line is a public key, the comment after it naming its player, with options before it when
the host wants them. The options a game host can honour are honoured as sshd does:

- `from="PATTERNS"`: the key logs in only from an address the patterns allow: comma-separated,
  each an address, a CIDR network (`192.0.2.0/24`, its host bits clear) or a wildcard pattern
  (`10.0.*`, `?` one character), `!` before one refusing what it matches (a refusal wins). The
  host looks no name up (as sshd with its default `UseDNS no`): patterns meet the address.
- `expiry-time="YYYYMMDD[HHMM[SS]][Z]"`: the key logs in until then (local time, UTC with `Z`).
- `restrict` and `no-pty`: no terminal, so no game (the player is told so); `pty` after
  `restrict` gives the terminal back. `no-port-forwarding`, `no-agent-forwarding`,
  `no-X11-forwarding` and `no-user-rc` hold already: the host never forwards or runs a user's rc.

Any other option (`command=`, `environment=`, `permitopen=`, `port-forwarding`, …) asks for what
this host does not do: the line's key may not log in, and the host's log names the file, the
line and the option (each time the file is read changed), never passing it over in silence.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import asyncssh

KEY = re.compile(r"((?:ssh|ecdsa|sk-ssh|sk-ecdsa)-[\w@.-]+)\s+([A-Za-z0-9+/]+={0,2})(?:\s+(.*))?$")
"""A key in an authorized_keys line, after its options: its type, its base64 blob and the comment
after it."""
OPTION = re.compile(r'([A-Za-z0-9-]+)(?:="((?:[^"\\]|\\.)*)")?')
"""One option: a name, with a quoted value or without."""
STRICTER = frozenset({"no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc"})
"""Options that take away only what this host never gives: they hold as they are."""
HONOURED = "from, expiry-time, restrict, pty, no-pty, no-port-forwarding, no-agent-forwarding, " \
           "no-X11-forwarding, no-user-rc"
EXPIRY = re.compile(r"(\d{8})(\d{4}(\d{2})?)?([Zz])?")


@dataclass(frozen=True)
class KeyLine:
    """A key that may log in, as its line says."""

    key: asyncssh.SSHKey
    name: str = ""
    """The comment after the key ('' when there is none)."""
    number: int = 0
    """The line's number in its file (0: any key, with --open)."""
    from_patterns: str | None = None
    """Its `from=` patterns (None: from anywhere)."""
    expires: dt.datetime | None = None
    """When its `expiry-time=` ends it (None: never)."""
    expiry_text: str = ""
    terminal: bool = True
    """False when the line takes the terminal away (`no-pty`, `restrict`): the key cannot play."""

    def refusal(self, address: str, now: dt.datetime) -> str:
        """Why the key may not log in from this address now, for the log ('' when it may)."""
        if self.expires is not None and now >= self.expires:
            return f"line {self.number} expired (expiry-time={self.expiry_text})"
        if self.from_patterns is not None and not address_allowed(self.from_patterns, address):
            return f"line {self.number} does not allow {address} (from={self.from_patterns})"
        return ""


@dataclass
class AuthorizedKeys:
    lines: dict[bytes, list[KeyLine]] = field(default_factory=dict)
    """The lines that may let a key in, by the key's public data (a key may have several: any
    that allows the login lets it in, as with sshd)."""
    problems: list[str] = field(default_factory=list)
    """Lines whose key may not log in because of the line itself, in words naming file and line."""


def read_authorized_keys(path: Path) -> AuthorizedKeys:
    """The file's keys and problems (OSError if it cannot be read)."""
    return parse_authorized_keys(path.read_text(encoding="utf-8", errors="replace"), path)


def parse_authorized_keys(text: str, path: Path) -> AuthorizedKeys:
    found = AuthorizedKeys()
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            entry = parse_line(line, number)
        except ValueError as exc:
            found.problems.append(f"{path} line {number}: {exc}: its key may not log in")
            continue
        found.lines.setdefault(entry.key.public_data, []).append(entry)
    return found


def parse_line(line: str, number: int) -> KeyLine:
    """One line's key, name and options (ValueError, in words, when the line cannot be honoured)."""
    key_found = KEY.match(line)
    options = ""
    if key_found is None:
        options, rest = split_options(line)
        key_found = KEY.match(rest)
        if key_found is None:
            raise ValueError("not a public key line ([OPTIONS] TYPE KEY [NAME])")
    try:
        key = asyncssh.import_public_key(f"{key_found.group(1)} {key_found.group(2)}")
    except (asyncssh.KeyImportError, ValueError):
        raise ValueError("not a public key this host can read") from None
    entry = KeyLine(key, key_found.group(3) or "", number)
    for name, value in parse_options(options):
        entry = apply_option(entry, name, value)
    return entry


def split_options(line: str) -> tuple[str, str]:
    """The options before a line's key (up to the first space outside quotes) and the rest."""
    quoted = escaped = False
    for at, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch in " \t" and not quoted:
            return line[:at], line[at:].strip()
    if quoted:
        raise ValueError("a quote in its options is not closed")
    return line, ""


def parse_options(text: str) -> list[tuple[str, str | None]]:
    """(name, value or None) for each comma-separated option, names in lower case as sshd reads them."""
    found: list[tuple[str, str | None]] = []
    at = 0
    while at < len(text):
        option = OPTION.match(text, at)
        if option is None or option.end() == at:
            raise ValueError(f"its options cannot be read from {text[at:at + 20]!r}")
        value = None if option.group(2) is None else option.group(2).replace('\\"', '"')
        found.append((option.group(1).lower(), value))
        at = option.end()
        if at < len(text):
            if text[at] != ",":
                raise ValueError(f"its options cannot be read from {text[at:at + 20]!r}")
            at += 1
    return found


def apply_option(entry: KeyLine, name: str, value: str | None) -> KeyLine:
    """The line with one option applied, in the order the line gives them (as sshd does)."""
    if name in ("from", "expiry-time"):
        if value is None:
            raise ValueError(f"option {name!r} needs a quoted value ({name}=\"...\")")
        if name == "from":
            if entry.from_patterns is not None:
                raise ValueError("option 'from' is given twice")
            check_patterns(value)
            return replace(entry, from_patterns=value)
        if entry.expires is not None:
            raise ValueError("option 'expiry-time' is given twice")
        return replace(entry, expires=parse_expiry(value), expiry_text=value)
    if value is not None or name not in STRICTER | {"restrict", "pty", "no-pty"}:
        shown = name if value is None else f'{name}="{value[:40]}"'
        raise ValueError(f"option {shown!r} is not one this host honours ({HONOURED})")
    if name in ("restrict", "no-pty"):
        return replace(entry, terminal=False)
    if name == "pty":
        return replace(entry, terminal=True)
    return entry  # forwarding and the user's rc: never given here


def parse_expiry(text: str) -> dt.datetime:
    """An `expiry-time` as sshd reads it: YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS, local time, or
    UTC with a trailing Z."""
    found = EXPIRY.fullmatch(text)
    if found is None:
        raise ValueError(f"expiry-time={text!r} is not YYYYMMDD[HHMM[SS]][Z]")
    digits = (found.group(1) + (found.group(2) or "")).ljust(14, "0")
    try:
        when = dt.datetime.strptime(digits, "%Y%m%d%H%M%S")
    except ValueError:
        raise ValueError(f"expiry-time={text!r} is not a date") from None
    return when.replace(tzinfo=dt.UTC) if found.group(4) else when.astimezone()


def _patterns(text: str) -> list[tuple[bool, str]]:
    return [(part.startswith("!"), part[1:] if part.startswith("!") else part) for part in text.split(",")]


def _network(pattern: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    """The network a pattern names (an address is a network of one), None for a wildcard pattern
    (ValueError for an address whose mask does not fit it, as sshd refuses `192.0.2.1/24`)."""
    address = pattern.split("/", 1)[0]
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return None
    try:
        return ipaddress.ip_network(pattern, strict=True)
    except ValueError:
        raise ValueError(f"from= pattern {pattern!r} is not a network (its host bits must be "
                         f"clear)") from None


def check_patterns(text: str) -> None:
    if not text or any(not pattern for _, pattern in _patterns(text)):
        raise ValueError(f"from={text!r} has an empty pattern")
    for _, pattern in _patterns(text):
        _network(pattern)


def _glob(pattern: str) -> re.Pattern[str]:
    return re.compile("".join(".*" if ch == "*" else "." if ch == "?" else re.escape(ch) for ch in pattern),
                      re.IGNORECASE)


def address_allowed(patterns: str, address: str) -> bool:
    """Whether `from=` patterns let in a client from this address, as sshd decides: some pattern
    matches it and no `!` pattern does."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    allowed = False
    for negated, pattern in _patterns(patterns):
        try:
            network = _network(pattern)
        except ValueError:
            return False  # a pattern sshd cannot read refuses the key
        matched = ip in network if network is not None else bool(_glob(pattern).fullmatch(str(ip)))
        if matched and negated:
            return False
        allowed = allowed or matched
    return allowed
