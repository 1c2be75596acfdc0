"""The one way out of the command line: every line a command prints, on its output or its errors,
passes through `say`, which shows each control character as a visible stand-in
(storage/shown.py). What a command prints quotes saves, names, records and keys files, and any of
them may hold ESC (a terminal command: the window's title, the clipboard, a cleared screen), BEL
or C1 codes; line breaks and tabs are kept. JSON is printed through it too: `json.dumps` writes
C0 codes as `\\u` escapes, and every other one as well unless told `ensure_ascii=False`.

tests/saves/test_control_characters.py runs every command of the parser over hostile files, and
holds the command line to printing only here.
"""

from __future__ import annotations

import sys
from typing import TextIO

from ..storage.shown import shown


def say(text: object = "", *, error: bool = False, stream: TextIO | None = None, end: str = "\n",
        flush: bool = False) -> None:
    """Print `text` made safe: to standard output, or standard error (`error`), or `stream`."""
    print(shown(text, lines=True), end=end, flush=flush,
          file=stream if stream is not None else sys.stderr if error else sys.stdout)
