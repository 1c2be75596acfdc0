"""The layers of the tree, enforced: every import of every module (module level, inside functions,
under TYPE_CHECKING) is checked against the layer it lives in.

    the rules        tripoli_tui.engine      → nothing of ours
    the T-bot        bot                     → the engine
    the disk         tripoli_tui.storage     → the engine
    headless play    tripoli_tui.play        → the engine, the T-bot
    the command line tripoli_tui.cli         → anything but the Textual side (which it only starts)
    the SSH host     tripoli_tui.serve       → the engine, the disk, the command line; never Textual
                                               (it starts the game as a program of its own)
    the Textual side tripoli_tui.tui         → anything
"""

from __future__ import annotations

import pytest

from .imports import all_imports_of, module_files

# Each layer, by package prefix, with the layers of ours it may import (its own always).
LAYERS: dict[str, tuple[str, ...]] = {
    "tripoli_tui.engine": (),
    "bot": ("tripoli_tui.engine",),
    "tripoli_tui.storage": ("tripoli_tui.engine",),
    "tripoli_tui.play": ("tripoli_tui.engine", "bot"),
    "tripoli_tui.cli": ("tripoli_tui.engine", "bot", "tripoli_tui.storage", "tripoli_tui.play"),
    "tripoli_tui.serve": ("tripoli_tui.engine", "tripoli_tui.storage", "tripoli_tui.cli"),
    "tripoli_tui.tui": ("tripoli_tui.engine", "bot", "tripoli_tui.storage", "tripoli_tui.play",
                        "tripoli_tui.cli"),
}
# Modules of the package root that belong to no layer: anyone may import them. They import nothing
# of ours (checked below).
SHARED = {"tripoli_tui", "tripoli_tui.save_error"}
# Packages outside ours a layer must not touch: Textual and Rich are the screen's; the rules and
# the T-bot do no I/O and read no clock (the engine writes a save's TOML text, never a file).
FORBIDDEN_OUTSIDE: dict[str, set[str]] = {
    "tripoli_tui.engine": {"textual", "rich", "plotext", "os", "io", "pathlib", "time", "random",
                           "datetime", "shutil", "subprocess", "socket"},
    "bot": {"textual", "rich", "plotext", "tomli_w", "os", "io", "pathlib", "time", "random"},
    "tripoli_tui.storage": {"textual", "rich"},
    "tripoli_tui.play": {"textual", "rich", "tomli_w", "pathlib"},
    "tripoli_tui.cli": {"textual"},
    "tripoli_tui.serve": {"textual", "rich", "plotext"},
    "tripoli_tui.tui": set(),
}
# The edges against the layers, and why: `tripoli` with no command opens the app; `tripoli serve`
# starts the host.
EXCEPTIONS = {("tripoli_tui.cli.main", "tripoli_tui.tui.app"),
              ("tripoli_tui.cli.main", "tripoli_tui.serve.command")}


def layer_of(module: str) -> str | None:
    for layer in sorted(LAYERS, key=len, reverse=True):
        if module == layer or module.startswith(layer + "."):
            return layer
    return None


def test_every_module_has_a_layer() -> None:
    homeless = sorted(m for m in module_files() if layer_of(m) is None and m not in SHARED)
    assert not homeless, f"modules in no layer (put them in one of {sorted(LAYERS)}): {homeless}"


def test_the_shared_modules_import_nothing_of_ours() -> None:
    modules = module_files()
    assert {name: sorted(t for t in all_imports_of(name, modules[name], modules) if t in modules)
            for name in SHARED} == {name: [] for name in SHARED}


def edges_against_the_layers() -> list[str]:
    modules = module_files()
    found = []
    for name, path in sorted(modules.items()):
        layer = layer_of(name)
        if layer is None:
            continue
        allowed = (layer, *LAYERS[layer])
        for target in sorted(all_imports_of(name, path, modules)):
            if target in modules:
                if target in SHARED or (name, target) in EXCEPTIONS:
                    continue
                if layer_of(target) not in allowed:
                    found.append(f"{name} ({layer}) imports {target} ({layer_of(target)})")
            elif target in FORBIDDEN_OUTSIDE[layer]:
                found.append(f"{name} ({layer}) imports {target}")
    return found


def test_no_import_against_the_layers() -> None:
    found = edges_against_the_layers()
    assert not found, "imports against the layers:\n" + "\n".join(found)


@pytest.mark.parametrize("layer, planted", [
    ("tripoli_tui.engine", "bot"),
    ("bot", "tripoli_tui.play.session"),
    ("tripoli_tui.play", "textual"),
    ("tripoli_tui.cli", "tripoli_tui.tui.theme"),
    ("tripoli_tui.storage", "tripoli_tui.play.drill"),
    ("tripoli_tui.serve", "textual"),
    ("tripoli_tui.serve", "tripoli_tui.tui.app"),
])
def test_a_planted_import_is_caught(monkeypatch: pytest.MonkeyPatch, layer: str, planted: str) -> None:
    """The checker itself: an import planted in a module of each layer is reported."""
    import tests.test_layers as me

    real = me.all_imports_of
    victim = next(m for m in module_files() if layer_of(m) == layer)

    def with_plant(name, path, modules):  # type: ignore[no-untyped-def]
        found = real(name, path, modules)
        return found | {planted} if name == victim else found

    monkeypatch.setattr(me, "all_imports_of", with_plant)
    assert any(line.startswith(f"{victim} ") and planted in line for line in edges_against_the_layers())
