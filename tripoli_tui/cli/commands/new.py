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
    new.add_argument("--hidden-discard", action="store_true",
                     help="the rulebook's optional hidden discard pile (recommended for "
                          "tournaments): no one may look through a discard pile, but while "
                          "Bainbridge Supplies Intel is your active event")
    add_theme_option(new, default=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    return open_screen(args, new_seed=args.seed, new_game=True, new_name=args.name,
                       hidden_discard=args.hidden_discard)
