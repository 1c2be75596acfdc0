"""`tripoli verify [DIR]`: every campaign of a saves folder replayed with today's rules."""

from __future__ import annotations

import argparse

from . import SAVES_HELP, SubParsers


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    verify = sub.add_parser(
        "verify", help="replay every campaign of a saves folder with today's rules",
        description="Each campaign of the folder is replayed from its start through its recorded "
                    "choices with this version's rules and T-bot: the same, or the first choice "
                    "refused, the first T-bot decision answered otherwise, or the first saved "
                    "position not reached (its season and choice number). Exit status: 0 all the "
                    "same, 1 a campaign differs or a save cannot be read, 2 no such folder (or "
                    "one that cannot be read).",
        epilog=SAVES_HELP)
    verify.add_argument("folder", nargs="?", default=None, metavar="DIR",
                        help="the saves folder (default: yours)")
    verify.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from ..verify import verify_folder
    return verify_folder(args.folder, as_json=args.json)
