"""The commands of `tripoli`, in one table: adding a command is one entry here and one module.

Each command's module (cli/commands/<module>.py) holds its parser (`add_parser(sub)`) and its run
(`run(args) -> int`). It imports what it runs only inside `run`: building the parser (for `--help`,
and before the title screen paints) loads none of the game's modules. How a command is run (in a
pipe or on the screen, who answers a signal) is said by its entry, and `cli/main.py` reads it.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from ..signals import STOPPING

SAVES_HELP = ("Saves are kept in ./saves under the current directory, or in the folder named by "
              "the TRIPOLI_SAVE_DIR environment variable.")
WHERE_HELP = ("Saves are kept in ./saves under the current directory, or in the folder named by the "
              "TRIPOLI_SAVE_DIR environment variable; beside them, settings.toml holds your "
              "settings (the theme, the walkthrough, the reasoning level) and keymap.toml your own "
              "keys, if you write one: a binding's id and its key, as `\"game.flowchart\" = \"f2\"` "
              "(every id and its key: docs/keys.md).")
THEMES = ("ansi-dark", "ansi-light", "atom-one-dark", "atom-one-light", "catppuccin-frappe",
          "catppuccin-latte", "catppuccin-macchiato", "catppuccin-mocha", "dracula", "flexoki",
          "gruvbox", "monokai", "nord", "rose-pine", "rose-pine-dawn", "rose-pine-moon",
          "solarized-dark", "solarized-light", "textual-dark", "textual-light", "tokyo-night",
          "tripoli")
"""The themes the command palette offers, by name (not read from Textual here: `--help` comes
before it loads; a test holds the two the same)."""

SubParsers = argparse._SubParsersAction  # (argparse names no public type for it)


class CommandModule(Protocol):
    def add_parser(self, sub: SubParsers[argparse.ArgumentParser]) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def _always(_: argparse.Namespace) -> bool:
    return True


def _never(_: argparse.Namespace) -> bool:
    return False


@dataclass(frozen=True)
class Command:
    """One command of `tripoli`: its name, its module, and how it is run."""

    name: str
    """The word on the command line ('' for none: the title screen)."""
    module: str
    """Its module in this package: its parser and its run."""
    prints: bool = False
    """It prints and ends: it works in a pipe without a terminal, ends quietly when its reader
    stops reading, and a signal's line names it."""
    own_ending: bool = False
    """It answers the stopping signals its own way (the SSH host), not the game's way."""
    screen: Callable[[argparse.Namespace], bool] = _always
    """Whether this run of it opens the game's screen (which needs a terminal)."""

    def load(self) -> CommandModule:
        return cast(CommandModule, importlib.import_module(f"{__name__}.{self.module}"))


def _table_on_screen(args: argparse.Namespace) -> bool:
    return not (args.plain or args.jsonl)


COMMANDS: tuple[Command, ...] = (
    Command("new", "new"),
    Command("table", "table", screen=_table_on_screen),
    Command("load", "load"),
    Command("simulate", "simulate", prints=True, screen=_never),
    Command("check", "check", prints=True, screen=_never),
    Command("explain", "explain", prints=True, screen=_never),
    Command("advise", "advise", prints=True, screen=_never),
    Command("serve", "serve", own_ending=True, screen=_never),
    Command("history", "history", prints=True, screen=_never),
    Command("verify", "verify", prints=True, screen=_never),
)
"""Every command, in the order `tripoli --help` lists them."""
TITLE = Command("", "title")
"""No command: the title screen."""
BY_NAME = {command.name: command for command in (*COMMANDS, TITLE)}


def command_named(name: str | None) -> Command:
    return BY_NAME[name or ""]


class _Formatter(argparse.HelpFormatter):
    """argparse's, but a theme's name is never cut at its hyphen ('rose-' / 'pine-dawn')."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class _Version(argparse.Action):
    """`--version`: the installed package's version, looked up only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the game's version and end")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("tripoli-tui")
        except PackageNotFoundError:
            found = "(not installed: run from its source)"
        from ..out import say

        say(f"tripoli {found}")
        parser.exit()


def add_theme_option(parser: argparse.ArgumentParser, *, default: object = None) -> None:
    """`--theme NAME` on the command line that opens the screen (before or after the command)."""
    parser.add_argument("--theme", choices=THEMES, default=default, metavar="NAME",
                        help="the theme for this run, over the one remembered: "
                             + ", ".join(THEMES))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tripoli",
        description="The Shores of Tripoli, solitaire: you command the United States against "
                    "the T-bot. With no command, opens the title screen.",
        epilog=WHERE_HELP, formatter_class=_Formatter)
    parser.add_argument("--version", action=_Version)
    add_theme_option(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.load().add_parser(sub)
    return parser


def open_screen(args: argparse.Namespace, **how: Any) -> int:
    """Open the game's screen (`tui.app.run_app`) as a command asks, in the theme `--theme` names
    if it does: its modules load first, then a signal kept while they loaded is answered, then the
    app runs (the collector held off since `main`: the app turns it back on once its first screen
    is drawn)."""
    from ...tui.app import run_app
    STOPPING.stop_if_kept()  # a signal whose Stopped was lost while the modules loaded
    theme = getattr(args, "theme", None)
    if theme:
        how["theme"] = theme
    status: int = run_app(collector_held=True, **how)
    return status
