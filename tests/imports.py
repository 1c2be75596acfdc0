"""Every import of our packages, read from the source (module level, inside functions, under
TYPE_CHECKING): the graph the cycle test and the layer test check."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tripoli_tui", "bot")


def module_files() -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def all_imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Everything `name` imports anywhere in its file: our modules by dotted name, any other
    package by its top-level name (`textual`, `rich`, `os`)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _nodes(path.read_text(encoding="utf-8")):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            if target in modules:
                out.add(target)
            elif target.split(".")[0] not in PACKAGES:
                out.add(target.split(".")[0])
    out.discard(name)
    return out


@cache
def _nodes(source: str) -> tuple[ast.AST, ...]:
    """Every node of a module's source, parsed once a session (the layer and cycle tests and
    their plants read each module again and again)."""
    return tuple(ast.walk(ast.parse(source)))


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package modules `name` imports anywhere in its file."""
    return {t for t in all_imports_of(name, path, modules) if t in modules}


def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}
