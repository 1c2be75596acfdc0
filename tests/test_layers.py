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

The engine is one stack inside (`ENGINE_STACK`, top to bottom): the game and its saves, the turn
sequence, the cards, the mechanics the cards call, the card table, and the base; a module imports
its own level or those below it.
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
# The edges against the layers, and why: a command that opens the screen starts the app
# (commands.open_screen); `tripoli serve` starts the host.
EXCEPTIONS = {("tripoli_tui.cli.commands", "tripoli_tui.tui.app"),
              ("tripoli_tui.cli.commands.serve", "tripoli_tui.serve.command")}


ENGINE = "tripoli_tui.engine"
ENGINE_STACK: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the package and the game loop", ("", "loop", "players")),
    ("the saves", ("saves",)),
    ("the game, its invariants and a table campaign's own rules", ("game", "invariants", "table")),
    ("the turn sequence", ("turn",)),
    ("the cards and the table built from them", ("cards",)),
    ("the mechanics the cards call", ("mechanics",)),
    ("the rules' primitives", ("core", "queries", "turns")),
    ("the decisions", ("decisions", "choices")),
    ("the position", ("state",)),
    ("the fixed tables, the cards' kit and the installed table", ("data", "cards.registry")),
    ("the words and the dice", ("words", "rng")),
)
"""The engine's levels, top to bottom, each by its modules and packages under tripoli_tui.engine
('' is the package itself; the longest name that matches a module places it)."""


def engine_level(module: str) -> int | None:
    """The engine level of a module of the engine (0 the top), None if no level names it."""
    if module == ENGINE:
        return 0
    rel = module.removeprefix(ENGINE + ".")
    found = [(len(m), level) for level, (_, members) in enumerate(ENGINE_STACK) for m in members
             if m and (rel == m or rel.startswith(m + "."))]
    return max(found)[1] if found else None


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


def test_every_engine_module_has_a_level() -> None:
    homeless = sorted(m for m in module_files() if layer_of(m) == ENGINE and engine_level(m) is None)
    assert not homeless, f"engine modules in no level of ENGINE_STACK: {homeless}"


def imports_up_the_engine() -> list[str]:
    modules = module_files()
    found = []
    for name, path in sorted(modules.items()):
        level = engine_level(name) if layer_of(name) == ENGINE else None
        if level is None:
            continue
        for target in sorted(all_imports_of(name, path, modules)):
            above = engine_level(target) if layer_of(target) == ENGINE else None
            if above is not None and above < level:
                found.append(f"{name} ({ENGINE_STACK[level][0]}) imports {target} "
                             f"({ENGINE_STACK[above][0]}, above it)")
    return found


def test_the_engine_imports_only_down_its_stack() -> None:
    found = imports_up_the_engine()
    assert not found, "imports up the engine's stack:\n" + "\n".join(found)


@pytest.mark.parametrize("victim, planted", [
    ("tripoli_tui.engine.mechanics.combat", "tripoli_tui.engine.turn.flow"),
    ("tripoli_tui.engine.mechanics.battle_cards", "tripoli_tui.engine.cards.decks"),
    ("tripoli_tui.engine.cards.tripolitan.yusuf_qaramanli", "tripoli_tui.engine.turn.tripolitan"),
    ("tripoli_tui.engine.cards.registry", "tripoli_tui.engine.cards.american"),
    ("tripoli_tui.engine.data", "tripoli_tui.engine.state"),
    ("tripoli_tui.engine.choices", "tripoli_tui.engine.core"),
    ("tripoli_tui.engine.turn.midturn", "tripoli_tui.engine.game"),
])
def test_an_import_planted_up_the_engine_is_caught(monkeypatch: pytest.MonkeyPatch, victim: str,
                                                   planted: str) -> None:
    """The engine's checker itself: an import up the stack, planted in a module, is reported."""
    import tests.test_layers as me

    real = me.all_imports_of

    def with_plant(name, path, modules):  # type: ignore[no-untyped-def]
        found = real(name, path, modules)
        return found | {planted} if name == victim else found

    monkeypatch.setattr(me, "all_imports_of", with_plant)
    assert [line for line in imports_up_the_engine() if line.startswith(f"{victim} ")] == [
        f"{victim} ({ENGINE_STACK[engine_level(victim) or 0][0]}) imports {planted} "
        f"({ENGINE_STACK[engine_level(planted) or 0][0]}, above it)"]


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
