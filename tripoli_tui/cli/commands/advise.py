"""`tripoli advise SAVE`: each option of the pending decision with its chance of winning."""

from __future__ import annotations

import argparse

from ..out import say
from . import SAVES_HELP, SubParsers


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    advise = sub.add_parser("advise", help="each option of your pending decision in a save, with "
                                           "its chance of winning against the T-bot",
                            epilog=SAVES_HELP)
    advise.add_argument("save", help="a save's file or its name in the saves folder")
    advise.add_argument("--json", action="store_true", help="print one JSON object")
    advise.add_argument("--playouts", type=int, default=None,
                        help="playouts per option (default: as many as the time allows)")
    advise.add_argument("--seconds", type=float, default=None,
                        help="time to think (default 1.8; with --playouts, no limit unless given)")
    advise.add_argument("--seed", type=int, default=None,
                        help="seed of the advice (default: from the game's seed and its length)")
    advise.add_argument("--workers", type=int, default=None, metavar="N",
                        help="processes sharing the playouts (default: one a core); the same "
                             "advice for the same seed and playouts whatever N")


def run(args: argparse.Namespace) -> int:
    if args.playouts is not None and args.playouts < 1:
        say("tripoli advise: --playouts must be at least 1", error=True)
        return 2
    if args.seconds is not None and not args.seconds > 0:
        say("tripoli advise: --seconds must be more than 0", error=True)
        return 2
    if args.workers is not None and not 1 <= args.workers <= 64:
        say("tripoli advise: --workers must be between 1 and 64", error=True)
        return 2
    from ..advise import advise_save
    return advise_save(args.save, as_json=args.json, playouts=args.playouts,
                       seconds=args.seconds, seed=args.seed, workers=args.workers)
