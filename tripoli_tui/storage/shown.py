"""Text from a file, made safe to show: the one function every name, value and message read from a
file passes before a player sees it, on the terminal or in the app.

A save, a record or a file's name can hold any character. Printed raw, ESC starts a terminal
command (clear the screen, set the window's title, write the clipboard with OSC 52), BEL rings,
C1 codes (U+0080-U+009F) are commands of their own on some terminals, and the bidirectional
overrides reorder what is read. Each is replaced by a visible stand-in: C0 codes and DEL by their
Unicode control pictures (ESC shows as ␛), the others by U+FFFD (�). Nothing is dropped, so two
different names never look the same for it, and the stand-ins are printable in every terminal.
"""

from __future__ import annotations

REPLACEMENT = "\ufffd"

_ONE_LINE: dict[int, str] = {code: chr(0x2400 + code) for code in range(0x20)}
_ONE_LINE[0x7F] = "\u2421"
_ONE_LINE.update({code: REPLACEMENT for code in range(0x80, 0xA0)})
_ONE_LINE.update({code: REPLACEMENT for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A),
                                                 0x2028, 0x2029, 0x200E, 0x200F, 0x061C)})
_LINES = {code: shown for code, shown in _ONE_LINE.items() if code not in (0x0A, 0x09)}


def shown(text: object, *, lines: bool = False) -> str:
    """`text` with every control character replaced by a visible stand-in (see the module).

    lines=True keeps line breaks and tabs (a message of several lines); otherwise they are
    replaced too, and the text stays on one line."""
    return str(text).translate(_LINES if lines else _ONE_LINE)


STAND_INS: dict[str, str] = {chr(code): stand_in for code, stand_in in _ONE_LINE.items()}
"""Each character `shown` replaces (line breaks and tabs included), with its stand-in."""
