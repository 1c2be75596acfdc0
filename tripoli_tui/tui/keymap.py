"""The player's keymap (storage/keymap.py reads keymap.toml) checked against the game's bindings
and keys: each line whose binding id the game has and whose keys Textual can read rebinds that
binding (Textual's App.set_keymap); each other line is said with its line number, and the game's
own key is kept for it."""

from __future__ import annotations

import importlib
import pkgutil
import string

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import Keys, key_to_character

from ..storage.keymap import KEYMAP_FILE, KeymapLine

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
NAMED_KEYS = frozenset(key.value.rpartition("+")[2] for key in Keys) | {"space"}
"""Keys by name ('f2', 'escape', 'pageup'), without their modifiers."""


def binding_ids() -> dict[str, Binding]:
    """Every binding with an id on the game's screens and widgets (and Textual's, and the app's
    once it is imported), by its id. Imports every screen of the game (a screen is otherwise
    imported when first shown)."""
    from . import screens, widgets

    for package in (screens, widgets):
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
    found: dict[str, Binding] = {}
    classes: list[type] = [DOMNode]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        for binding in getattr(cls, "BINDINGS", ()):
            if isinstance(binding, Binding) and binding.id:
                found.setdefault(binding.id, binding)
    return found


def is_key(key: str) -> bool:
    """Whether Textual can read `key`: 'f2', 'ctrl+z', 'question_mark', '?', 'shift+tab'."""
    *modifiers, base = key.split("+") if key != "+" else [key]
    if not base or not set(modifiers) <= MODIFIERS:
        return False
    return ((len(base) == 1 and base in string.printable and not base.isspace())
            or base in NAMED_KEYS or key_to_character(base) is not None)


def usable_keymap(lines: list[KeymapLine], known: dict[str, Binding]
                  ) -> tuple[dict[str, str], list[str]]:
    """The keymap's lines the game can use (binding id: keys), and a sentence for each other."""
    keymap: dict[str, str] = {}
    problems = []
    for line in lines:
        where = f"{KEYMAP_FILE} line {line.line}"
        if line.binding not in known:
            near = sorted(i for i in known if i.split(".")[0] == line.binding.split(".")[0])
            hint = f" ({', '.join(near[:6])}{', …' if len(near) > 6 else ''})" if near else ""
            problems.append(f"{where}: {line.binding!r} is no key of the game's{hint}")
            continue
        keys = [k.strip() for k in line.keys.split(",")]
        wrong = [k for k in keys if not is_key(k)]
        if wrong:
            problems.append(f"{where}: {', '.join(map(repr, wrong))} is not a key Textual knows "
                            f"(such as 'f2', 'ctrl+z', 'question_mark'); {line.binding} keeps "
                            f"{known[line.binding].key!r}")
            continue
        keymap[line.binding] = ",".join(keys)
    return keymap, problems
