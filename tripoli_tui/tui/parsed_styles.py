"""What each style source parses to, kept: for the process, and for the next start.

Textual parses every style source (our .tcss files, each widget's own CSS) in each new Stylesheet,
for each screen's style file pushed and each theme: 5-7 ms a time, twice before the first paint.
A source parsed with the same variables (the theme's colours) parses to the same rules, so they are
kept for the process (`rules`). Parsing the sources the first screen needs still cost each start
~16 ms of its ~300: their rules are also kept beside the saves once the first screen is drawn
(`keep`, storage/kept.py), and the next start in that folder reads them back (~2 ms) instead.

A source is known by a fingerprint of its text, its place, its kind and scope, and one of the
variables it was parsed with; the file by the Textual that made it (its style modules' files, as
installed: asking Textual its version costs 17 ms). Anything else in the file (another Textual,
another format, a half-written or hand-edited file) is not used: the sources are parsed as if there
were none, and the file is written again. Pickle reads it: the file lives in the player's own save
folder, and Python trusts its bytecode caches beside the code the same way. Only the rules of the
variables in use are kept, so the file holds one theme's first screens (~60 KB); a hosted game
keeps none (its folder is its player's, for their saves).
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from textual.css.model import RuleSet

from ..storage.kept import fingerprint, read_kept, write_kept

WHAT = "styles"
"""The name the rules are kept under beside the saves (storage/kept.py)."""
FORMAT = b"tripoli parsed styles 1\n"
"""How a kept file begins: a file of another format (or none of ours) is not read."""
LIMIT = 4 * 1024 * 1024
"""A kept file larger than this is not read."""
MOST = 2000
"""The most sources kept in the process (themes tried one after another keep adding some)."""

_rules: dict[tuple[str, str], list[RuleSet]] = {}
"""Each source's rules, by the fingerprint of its variables and of the source."""
_variables: list[Any] = [None, ""]
"""The variables last seen (the dict Textual keeps) and their fingerprint."""
_state = {"read": False, "unkept": False}
"""Whether the kept file was read (once a process), and whether rules were parsed since the last
keep."""


STYLE_MODULES = ("textual.css.model", "textual.css.styles", "textual.css.tokenizer",
                 "textual.css.types", "textual.color")
"""The modules of Textual whose classes the kept rules are made of."""


def textual_identity() -> str:
    """The Textual installed, as the files of its style modules are (their place, size and time)."""
    files = []
    for name in STYLE_MODULES:
        path = getattr(sys.modules.get(name), "__file__", None) or name
        try:
            info = os.stat(path)
            files.append((path, info.st_size, info.st_mtime_ns))
        except OSError:
            files.append((path, 0, 0))
    return fingerprint(tuple(files))


def variables_fingerprint(variables: Mapping[str, str]) -> str:
    """The fingerprint of the variables Textual parses with (once for each dict it keeps)."""
    if _variables[0] is not variables:
        _variables[:] = [variables, fingerprint(tuple(sorted(variables.items())))]
    return str(_variables[1])


def rules(variables: Mapping[str, str], source: tuple[Hashable, ...],
          parse: Callable[[], list[RuleSet]]) -> list[RuleSet]:
    """The rules `source` parses to with `variables`: kept ones, or `parse()`'s (then kept)."""
    if not _state["read"]:
        _state["read"] = True
        _read()
    key = (variables_fingerprint(variables), fingerprint(source))
    found = _rules.get(key)
    if found is None:
        found = parse()
        if len(_rules) >= MOST:
            _rules.clear()
        _rules[key] = found
        _state["unkept"] = True
    return found


def keep() -> bool:
    """Keep beside the saves the rules parsed with the variables parsed with last (the theme's, as
    the app's first screen is drawn), if any were parsed since the last keep; whether a file was
    written."""
    if not _state["unkept"]:
        return False
    _state["unkept"] = False
    wanted = str(_variables[1])
    kept = {source: found for (of, source), found in _rules.items() if of == wanted}
    try:
        data = FORMAT + pickle.dumps((textual_identity(), wanted, kept),
                                     protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a rule Textual made that does not pickle: nothing kept, parsed next time
        return False
    return len(data) <= LIMIT and write_kept(WHAT, data)


def _read() -> None:
    """The kept rules into the process's, if the file is one this version of the game wrote."""
    data = read_kept(WHAT, LIMIT)
    if not data or not data.startswith(FORMAT):
        return
    try:
        version, of, kept = pickle.loads(data[len(FORMAT):])
    except Exception:  # cut short, hand-edited, another Textual's classes: parsed again instead
        return
    if version != textual_identity() or not isinstance(of, str) or not isinstance(kept, dict):
        return
    for source, found in kept.items():
        if (isinstance(source, str) and isinstance(found, list)
                and all(isinstance(rule, RuleSet) for rule in found)):
            _rules[of, source] = found


def forget() -> None:
    """Forget every rule kept in the process, and that the file was read (for the tests)."""
    _rules.clear()
    _variables[:] = [None, ""]
    _state.update(read=False, unkept=False)
