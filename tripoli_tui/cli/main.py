"""The `tripoli` command: play (the default), new, table, load, simulate, check, explain, advise,
history, serve."""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import signal
import sys

from .out import say
from .signals import STOP_SIGNALS, STOPPING, Stopped, stopped_within

SAVES_HELP = ("Saves are kept in ./saves under the current directory, or in the folder named by "
              "the TRIPOLI_SAVE_DIR environment variable.")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tripoli",
        description="The Shores of Tripoli, solitaire: you command the United States against "
                    "the T-bot. With no command, opens the title screen.",
        epilog=SAVES_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    new = sub.add_parser("new", help="start a new campaign at once", epilog=SAVES_HELP)
    new.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    new.add_argument("--name", default="", metavar="NAME",
                     help="the campaign's name (default: the seed and the day; rename it later "
                          "with r in Load or on the timeline)")
    add_table_parser(sub)
    load = sub.add_parser("load", help="open a saved game at once", epilog=SAVES_HELP)
    load.add_argument("save", help="a save's file or its name in the saves folder")
    sim = sub.add_parser("simulate", help="play complete games headless and print statistics")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=1,
                     help="the simulation's seed (default 1): each game is played on a seed "
                          "scattered from it")
    sim.add_argument("--tripolitan", choices=("random", "tbot"), default="tbot",
                     help="who answers for Tripolitania (default: the T-bot)")
    sim.add_argument("--american", choices=("random", "heuristic"), default="random",
                     help="who answers for the United States: uniformly random (the default) or "
                          "the heuristic player")
    sim.add_argument("--workers", type=int, default=1,
                     help="worker processes (default 1; the totals are the same for any number)")
    sim.add_argument("--check", action="store_true",
                     help="check the game's invariants after every action (slower)")
    sim.add_argument("--json", action="store_true", help="print one JSON object (no charts)")
    check = sub.add_parser("check", help="validate a save without opening the game",
                           epilog=SAVES_HELP)
    check.add_argument("save", help="a save's file or its name in the saves folder")
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
    from ..serve.command import add_parser as add_serve
    add_serve(sub)
    history = sub.add_parser("history", help="every turn of a saved campaign in a line, with "
                                             "the dice that mattered", epilog=SAVES_HELP)
    history.add_argument("save", help="a save's file or its name in the saves folder")
    history.add_argument("--json", action="store_true", help="print one JSON object")
    history.add_argument("--rename", default=None, metavar="NAME",
                         help="give the save's campaign a new name first (its saves are not "
                              "rewritten: the name is kept in the campaign record)")
    return parser


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


def add_table_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    lines = table.add_mutually_exclusive_group()
    lines.add_argument("--plain", action="store_true",
                       help="no screen: numbered questions and answers as lines of text")
    lines.add_argument("--jsonl", action="store_true",
                       help="no screen: JSON lines in and out (see docs/table.md)")


PRINTING = ("simulate", "check", "explain", "advise", "history")
"""The commands that print and end: they work in pipes, without a terminal."""


def main(argv: list[str] | None = None) -> int:
    command = ""  # known once the arguments are read (a signal may come before)
    try:
        # From here on, a signal ends the program with one line, never a traceback (installing is
        # inside the `try`: a signal may come while the later handlers are being installed).
        STOPPING.install()
        args = build_parser().parse_args(argv)
        command = args.command
        if args.command in PRINTING:
            status = _printing(args)
            STOPPING.stop_if_kept()  # a signal whose Stopped was lost on the way
            return status
        if args.command == "table" and (args.plain or args.jsonl):
            from .table_lines import run as run_table_lines  # lines of text: no terminal needed
            return run_table_lines(args)
        if args.command == "serve":  # the host has its own way of ending (serve/)
            STOPPING.uninstall()
            from ..serve.command import run as serve
            return serve(args)
        if not has_a_terminal():
            say("tripoli: the game needs a terminal to play in (its input or output is not one). "
                "The commands check, explain, advise and simulate work without one.", error=True)
            return 2
        # No garbage collection while the game's modules load and its first screen is built:
        # they make hundreds of thousands of objects, none of them garbage, and the collector
        # walked them ~100 times on the way (~25 ms of CPU before the first paint). The app turns
        # it back on once its first screen is drawn (KeptApp._settle_the_collector).
        gc.disable()
        from ..tui.app import run_app
        STOPPING.stop_if_kept()  # a signal whose Stopped was lost while the modules loaded
        if args.command == "new":
            return run_app(new_seed=args.seed, new_game=True, new_name=args.name,
                           collector_held=True)
        if args.command == "table":
            return run_app(new_seed=args.seed, new_game=True, new_name=args.name,
                           table=f"dice={args.dice},deck={args.deck},hand={args.hand}",
                           collector_held=True)
        if args.command == "load":
            return run_app(load=args.save, collector_held=True)
        return run_app(collector_held=True)
    except Stopped as stop:
        return _stopped(stop, command)
    except KeyboardInterrupt:  # a ctrl+c that came before the handler (the interpreter starting)
        return _stopped(Stopped(signal.SIGINT), "")
    except Exception as error:  # a signal inside code that wraps what it raises (see stopped_within)
        wrapped = stopped_within(error)
        if wrapped is None:
            raise
        return _stopped(wrapped, command)
    finally:
        gc.enable()  # (an app that ended before its first frame, or never started)
        _after_main(from_the_command_line=argv is None)


def has_a_terminal() -> bool:
    """Whether the game can be played here: its input and output are a terminal, or another
    Textual driver is chosen (textual-serve's web driver runs the app over pipes)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or missing (pythonw)
        return False


def _stopped(stop: Stopped, command: str) -> int:
    with contextlib.suppress(OSError, ValueError):
        say(stop.line(command if command in PRINTING else ""), error=True, flush=True)
    return 128 + stop.signum


def _after_main(*, from_the_command_line: bool) -> None:
    """A signal after `main` has returned finds nothing to stop: the program is ending anyway,
    and a handler raising in the interpreter's shutdown would print a traceback, so the signals
    are ignored. Called from Python (a test), the handlers it had are given back."""
    if not from_the_command_line:
        STOPPING.uninstall()
        return
    for signum in STOP_SIGNALS:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signum, signal.SIG_IGN)


def _printing(args: argparse.Namespace) -> int:
    """Run a command that prints; when its reader stops reading (`| head`), end quietly."""
    try:
        status = _print_command(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader has gone: what it wanted was printed. Point stdout at /dev/null so that
        # Python's own last flush cannot fail again, and end without a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


def _print_command(args: argparse.Namespace) -> int:
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "check":
        from .check import check_save
        return check_save(args.save)
    if args.command == "advise":
        return _advise(args)
    if args.command == "history":
        from .history import history_save
        return history_save(args.save, as_json=args.json, rename=args.rename)
    from .explain import explain_save
    return explain_save(args.save, as_json=args.json, turn=args.turn)


def _simulate(args: argparse.Namespace) -> int:
    from ..play.simulate import format_charts, format_summary, simulate

    if args.games < 1:
        say("tripoli simulate: --games must be at least 1", error=True)
        return 2
    if not 1 <= args.workers <= 64:
        say("tripoli simulate: --workers must be between 1 and 64", error=True)
        return 2
    summary = simulate(args.games, args.seed, args.tripolitan, american=args.american,
                       workers=args.workers, check=args.check)
    if args.json:
        say(json.dumps(summary))
    else:
        say(format_summary(summary))
        say()
        say(format_charts(summary))
    return 1 if summary["errors"] or summary["invariant_violations"] else 0


def _advise(args: argparse.Namespace) -> int:
    from .advise import advise_save

    if args.playouts is not None and args.playouts < 1:
        say("tripoli advise: --playouts must be at least 1", error=True)
        return 2
    if args.seconds is not None and not args.seconds > 0:
        say("tripoli advise: --seconds must be more than 0", error=True)
        return 2
    if args.workers is not None and not 1 <= args.workers <= 64:
        say("tripoli advise: --workers must be between 1 and 64", error=True)
        return 2
    return advise_save(args.save, as_json=args.json, playouts=args.playouts,
                       seconds=args.seconds, seed=args.seed, workers=args.workers)


if __name__ == "__main__":
    sys.exit(main())
