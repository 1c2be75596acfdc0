"""`tripoli explain SAVE`: a T-bot turn of a saved game, every step of it."""

from __future__ import annotations

import argparse

from . import SAVES_HELP, SubParsers


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    explain = sub.add_parser(
        "explain", help="show a T-bot turn of a saved game, every step of it",
        description="Where the T-bot is to act, it plays its turn on from the saved position (on "
                    "a copy). Where the American side is to act (every autosave) or the game is "
                    "over, its last turn is read from the save's history. Exit status: 0 "
                    "explained, 1 a save that cannot be read or answered, 2 nothing to explain "
                    "(no T-bot turn yet, or no turn N).",
        epilog=SAVES_HELP)
    explain.add_argument("save", help="a save's file or its name in the saves folder")
    explain.add_argument("--json", action="store_true", help="print one JSON object")
    explain.add_argument("--turn", type=int, default=None, metavar="N",
                         help="the T-bot's turn N from the save's history: 1 is its first turn "
                              "of the game, 2 the next; -1 its last, -2 the one before")


def run(args: argparse.Namespace) -> int:
    from ..explain import explain_save
    return explain_save(args.save, as_json=args.json, turn=args.turn)
