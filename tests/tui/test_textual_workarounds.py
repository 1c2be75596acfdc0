"""The one list of the game's dependencies on Textual's private parts (textual_fixes.WORKAROUNDS,
issue 37, point 3): a canary per entry fails on the upgrade of Textual that changes its source,
naming what to review; and a private method of Textual overridden or replaced anywhere in the game
without an entry in the list fails too (so the list stays the whole review of an upgrade)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest
from textual.dom import DOMNode

import tripoli_tui
from tripoli_tui.tui import screens, widgets
from tripoli_tui.tui.textual_fixes import WORKAROUNDS, Workaround, source_fingerprint

ROOT = Path(tripoli_tui.__file__).resolve().parent


@pytest.mark.parametrize("workaround", WORKAROUNDS, ids=lambda w: w.target.rsplit(".", 2)[-2]
                         + "." + w.target.rsplit(".", 1)[-1])
def test_textual_s_source_is_still_the_one_each_workaround_was_written_against(
        workaround: Workaround) -> None:
    try:
        found = source_fingerprint(workaround.target)
    except (AttributeError, ImportError) as gone:
        raise AssertionError(f"Textual no longer has {workaround.target} ({gone}): review "
                             f"{workaround.where} ({workaround.why})") from gone
    assert found == workaround.fingerprint, (
        f"Textual changed {workaround.target}: review {workaround.where} ({workaround.why}), "
        f"then record its fingerprint {found} in textual_fixes.WORKAROUNDS")


def overridden_privates() -> set[str]:
    """'Class._method' for each private method of a Textual class a class of the game defines
    again."""
    from tripoli_tui.tui import app  # noqa: F401  (the app's classes)

    for package in (screens, widgets):
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
    found = set()
    classes: list[type] = [DOMNode]
    from tripoli_tui.tui import terminal

    classes += [terminal.ButtonMouseDriver, terminal.ChangedCells]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        if not cls.__module__.startswith("tripoli_tui"):
            continue
        for name, value in vars(cls).items():
            if not (name.startswith("_") and not name.startswith("__") and callable(value)):
                continue
            for base in cls.__mro__[1:]:
                if base.__module__.startswith("textual") and name in vars(base):
                    found.add(f"{base.__name__}.{name}")
                    break
    return found


def replaced_in_place() -> set[str]:
    """'Class.method' for each method of a Textual class textual_fixes assigns over."""
    tree = ast.parse((ROOT / "tui" / "textual_fixes.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Attribute)):
            continue
        owner = node.targets[0].value
        name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        if name[:1].isupper():  # a class (not an instance: self._shown, event.refresh_styles)
            found.add(f"{name}.{node.targets[0].attr}")
    return found


def test_every_private_part_of_textual_the_game_overrides_or_replaces_is_listed() -> None:
    listed = {".".join(w.target.split(".")[-2:]) for w in WORKAROUNDS}
    overridden = overridden_privates()
    assert "App._display" in overridden, "the search finds the game's overrides"
    replaced = replaced_in_place()
    assert "OptionList._move_page" in replaced, "the search finds the fixes' assignments"
    unlisted = (overridden | replaced) - listed
    assert not unlisted, f"add each to textual_fixes.WORKAROUNDS: {sorted(unlisted)}"
