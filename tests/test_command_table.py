"""One table of commands (cli/commands): each command one entry and one module holding its parser
and its run; the dispatch reads the entry, never the command's name (issue 37, point 5)."""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

from tripoli_tui.cli.commands import COMMANDS, TITLE, build_parser

CLI = Path(__file__).resolve().parent.parent / "tripoli_tui" / "cli"


def parsed_commands() -> list[str]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def test_every_command_of_the_parser_is_an_entry_of_the_table_in_its_order() -> None:
    assert parsed_commands() == [c.name for c in COMMANDS]
    for command in (*COMMANDS, TITLE):
        module = command.load()
        assert callable(module.add_parser) and callable(module.run), command.name


def test_no_module_of_the_command_line_dispatches_on_a_command_s_name() -> None:
    """`args.command == "check"` and the like: a second place to edit for each new command."""
    found = []
    for path in CLI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(
                    isinstance(side, ast.Attribute) and side.attr == "command"
                    for side in (node.left, *node.comparators)):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, found


def test_building_the_parser_loads_none_of_the_game_s_modules() -> None:
    """`tripoli --help`, and the parse before the title paints, load no engine, no screens."""
    script = ("import sys\nfrom tripoli_tui.cli.commands import build_parser\nbuild_parser()\n"
              "print(sorted(m for m in sys.modules if m.startswith(('tripoli_tui.engine', "
              "'tripoli_tui.tui', 'tripoli_tui.play', 'textual', 'bot'))))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, cwd=CLI.parent.parent).stdout
    assert out.strip() == "[]", out
