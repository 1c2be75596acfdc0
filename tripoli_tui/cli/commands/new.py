"""`tripoli new`: a new campaign at once."""

from __future__ import annotations

import argparse

from . import SAVES_HELP, SubParsers, add_theme_option, open_screen


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    new = sub.add_parser("new", help="start a new campaign at once", epilog=SAVES_HELP)
    new.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    new.add_argument("--name", default="", metavar="NAME",
                     help="the campaign's name (default: the seed and the day; rename it later "
                          "with r in Load or on the timeline)")
    add_theme_option(new, default=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    return open_screen(args, new_seed=args.seed, new_game=True, new_name=args.name)
