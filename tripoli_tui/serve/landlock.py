"""A served game confined with Linux's Landlock (issue 33, point 6): it may read and run the system
and the game's own program files, and write its own folder and the terminal; the host's key, its
log and every other player's folder are out of its reach. Used by `child.py` just before it
becomes the game; where the kernel has no Landlock the game runs unconfined and the host's log
says so at start.

Landlock is an allow-list of file hierarchies (landlock(7)): the ruleset handles every right this
kernel knows; each path below is granted read (and run), the player's folder and /dev everything.
"""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

SYS_CREATE_RULESET, SYS_ADD_RULE, SYS_RESTRICT_SELF = 444, 445, 446
"""The syscall numbers (the same on every Linux architecture since 5.13)."""
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
READ = EXECUTE | READ_FILE | READ_DIR
ABI_RIGHTS = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1,
              5: (1 << 16) - 1}
"""The file-system rights each ABI version knows (v2: refer, v3: truncate, v5: ioctl on devices);
a later ABI handles at least v5's."""

NOT_CONFINED = 125
"""The exit status of a game's launcher when this kernel has Landlock and it refused to confine
the game: the game never starts unconfined where the host's log says games are confined."""

SYSTEM = ("/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/etc", "/proc", "/sys")
"""What any program reads: libraries, locales, the terminal database, the kernel's files."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def abi_version() -> int:
    """Landlock's ABI version on this kernel, 0 where there is none (not Linux, or disabled)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        version = _libc().syscall(SYS_CREATE_RULESET, None, ctypes.c_size_t(0),
                                  ctypes.c_uint32(CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return 0
    return max(0, int(version))


def program_paths() -> list[str]:
    """The game's own files: the Python it runs on (its installation and the environment's) and
    the game's packages (tripoli_tui and bot, not the folder that holds them: a host's data kept
    beside them stays out of reach)."""
    package = Path(__file__).resolve().parents[1]
    found = {str(Path(p).resolve()) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
                                              sys.base_exec_prefix)}
    found |= {str(package), str(package.parent / "bot"), str(Path(sys.executable).resolve().parent)}
    return sorted(found)


def host_note(data: Path) -> str:
    """The host's log line on how its games are confined (said once, at start)."""
    version = abi_version()
    if version <= 0:
        return ("Landlock is not available on this system: games run unconfined and could read "
                "the host's files (docs/serve.md)")
    inside = within(data, readable())
    if inside:
        return (f"games confined by Landlock (ABI {version}), but the host's folder {data} is "
                f"under {inside}, which games may read: move it (docs/serve.md)")
    return (f"games confined by Landlock (ABI {version}): each reads the system and the game's "
            "files and writes its own folder; the host key and other players' folders are out of "
            "its reach")


def readable(extra: list[str] | None = None) -> list[str]:
    """Every hierarchy a confined game may read."""
    return [*SYSTEM, *program_paths(), *(extra or [])]


def within(path: Path, roots: list[str]) -> str:
    """The first of `roots` that `path` lies in ('' for none): a host folder there is readable by
    every game."""
    resolved = path.resolve()
    for root in roots:
        with_root = Path(root).resolve()
        if resolved == with_root or with_root in resolved.parents:
            return root
    return ""


def confine(folder: Path) -> str:
    """Confine this process (and the game it becomes): read the system and the program, write
    `folder` and /dev. '' when done, else why not (no Landlock here, or a call refused)."""
    version = abi_version()
    if version <= 0:
        return "Landlock is not available on this system"
    libc = _libc()
    rights = ABI_RIGHTS.get(version, ABI_RIGHTS[5])
    attr = _RulesetAttr(rights)
    ruleset = libc.syscall(SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(ctypes.sizeof(attr)),
                           ctypes.c_uint32(0))
    if ruleset < 0:
        return f"Landlock refused a ruleset ({os.strerror(ctypes.get_errno())})"
    try:
        grants = [(path, READ & rights) for path in readable()]
        grants += [(str(folder), rights), ("/dev", rights)]
        for path, allowed in grants:
            try:  # a link is not followed: the grant is for what the path itself is
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC | os.O_NOFOLLOW)
            except OSError:
                continue  # not on this system (/lib32): nothing to grant
            try:
                if os.path.islink(path):
                    continue
                beneath = _PathBeneath(allowed, fd)
                if libc.syscall(SYS_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(RULE_PATH_BENEATH),
                                ctypes.byref(beneath), ctypes.c_uint32(0)) < 0:
                    return f"Landlock refused the rule for {path} ({os.strerror(ctypes.get_errno())})"
            finally:
                os.close(fd)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0:
            return f"no_new_privs refused ({os.strerror(ctypes.get_errno())})"
        if libc.syscall(SYS_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) < 0:
            return f"Landlock refused to confine ({os.strerror(ctypes.get_errno())})"
    finally:
        os.close(ruleset)
    return ""
