"""`tripoli history SAVE`: every turn of a saved campaign in a line."""

from __future__ import annotations

import argparse

from . import SAVES_HELP, SubParsers


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    history = sub.add_parser("history", help="every turn of a saved campaign in a line, with "
                                             "the dice that mattered", epilog=SAVES_HELP)
    history.add_argument("save", help="a save's file or its name in the saves folder")
    history.add_argument("--json", action="store_true", help="print one JSON object")
    history.add_argument("--rename", default=None, metavar="NAME",
                         help="give the save's campaign a new name first (its saves are not "
                              "rewritten: the name is kept in the campaign record)")


def run(args: argparse.Namespace) -> int:
    from ..history import history_save
    return history_save(args.save, as_json=args.json, rename=args.rename)
