"""`tripoli load SAVE`: a saved game opened at once."""

from __future__ import annotations

import argparse

from . import SAVES_HELP, SubParsers, add_theme_option, open_screen


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    load = sub.add_parser("load", help="open a saved game at once", epilog=SAVES_HELP)
    load.add_argument("save", help="a save's file or its name in the saves folder")
    add_theme_option(load, default=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    return open_screen(args, load=args.save)
