"""`tripoli table`: a new table campaign, on the screen or as lines of text (--plain, --jsonl)."""

from __future__ import annotations

import argparse

from . import SAVES_HELP, SubParsers, add_theme_option, open_screen

DICE_MODES = ("program", "mine", "all")
PILE_MODES = ("program", "table")
"""The table modes' words, as engine.state has them (not imported here: `tripoli --help` and the
title screen come before the engine loads; a test holds the two the same)."""
TABLE_HELP = ("The board is on your table; the program holds the same position, runs the T-bot "
              "and says each of its moves. " + SAVES_HELP)


TABLE_MODES_TEXT = """\
A table campaign: the board is on your table while the program holds the same
position and runs the T-bot. Each die and each draw is the program's or yours:

  --dice program   the program rolls every die
  --dice mine      you roll the American dice, the program the T-bot's (default)
  --dice all       you roll every die and type it in
  --deck program   the program holds the T-bot's deck and says what it drew
  --deck table     the T-bot's deck is on your table: you type each card drawn (default)
  --hand program   the program deals your cards
  --hand table     you draw your cards on your table and type each one (default)

Switch the modes at any time in the game (M, or the command palette)."""


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    """`tripoli table`: a new table campaign, on the screen or as lines of text (--plain, --jsonl)."""
    table = sub.add_parser(
        "table", help="play the T-bot with the board on your own table",
        description=TABLE_MODES_TEXT, epilog=TABLE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    table.add_argument("--dice", choices=DICE_MODES, default="mine",
                       help="who rolls the dice (default: mine)")
    table.add_argument("--deck", choices=PILE_MODES, default="table",
                       help="where the T-bot's deck is (default: table)")
    table.add_argument("--hand", choices=PILE_MODES, default="table",
                       help="who draws your cards (default: table)")
    table.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    table.add_argument("--name", default="", metavar="NAME",
                       help="the campaign's name (default: the seed and the day)")
    table.add_argument("--reasoning", choices=("verbose", "concise", "off"), default="concise",
                       help="with --plain or --jsonl, how much of the T-bot's reasoning is said: "
                            "every step (verbose), its decision and the fact that decided it "
                            "(concise, the default), or only its moves (off)")
    add_theme_option(table, default=argparse.SUPPRESS)
    lines = table.add_mutually_exclusive_group()
    lines.add_argument("--plain", action="store_true",
                       help="no screen: numbered questions and answers as lines of text")
    lines.add_argument("--jsonl", action="store_true",
                       help="no screen: JSON lines in and out (see docs/table.md)")


def run(args: argparse.Namespace) -> int:
    if args.plain or args.jsonl:
        from ..table_lines import run as run_table_lines  # lines of text: no terminal needed
        return run_table_lines(args)
    return open_screen(args, new_seed=args.seed, new_game=True, new_name=args.name,
                       table=f"dice={args.dice},deck={args.deck},hand={args.hand}")
