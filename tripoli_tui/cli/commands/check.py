"""`tripoli check SAVE`: a save validated without opening the game."""

from __future__ import annotations

import argparse

from . import SAVES_HELP, SubParsers


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    check = sub.add_parser("check", help="validate a save without opening the game",
                           epilog=SAVES_HELP)
    check.add_argument("save", help="a save's file or its name in the saves folder")


def run(args: argparse.Namespace) -> int:
    from ..check import check_save
    return check_save(args.save)
