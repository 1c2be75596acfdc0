"""`tripoli new`: a new campaign at once."""

from __future__ import annotations

import argparse

from ..out import say
from . import SAVES_HELP, SubParsers, add_theme_option, open_screen


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    new = sub.add_parser("new", help="start a new campaign at once", epilog=SAVES_HELP)
    new.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    new.add_argument("--name", default="", metavar="NAME",
                     help="the campaign's name (default: the seed and the day; rename it later "
                          "with r in Load or on the timeline)")
    new.add_argument("--challenge", type=_deal, default=None, metavar="CODE",
                     help="the deal of a challenge code (its seed and options: a friend's "
                          "game, the same cards and dice), as the game-over screen shows it")
    new.add_argument("--hidden-discard", action="store_true",
                     help="the rulebook's optional hidden discard pile (recommended for "
                          "tournaments): no one may look through a discard pile, except while "
                          "Bainbridge Supplies Intel is your active event")
    add_theme_option(new, default=argparse.SUPPRESS)


def _deal(code: str) -> object:
    """A challenge code read (play/challenge.py, loaded only when one is given)."""
    from ...play.challenge import read_challenge

    try:
        return read_challenge(code)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def run(args: argparse.Namespace) -> int:
    seed, hidden = args.seed, args.hidden_discard
    if args.challenge is not None:
        if seed is not None or hidden:
            say("tripoli new: a challenge code carries its seed and its options: give it "
                "without --seed or --hidden-discard", error=True)
            return 2
        seed, hidden = args.challenge.seed, args.challenge.hidden_discard
    return open_screen(args, new_seed=seed, new_game=True, new_name=args.name,
                       hidden_discard=hidden)
