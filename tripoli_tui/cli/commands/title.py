"""`tripoli` with no command: the title screen."""

from __future__ import annotations

import argparse

from . import SubParsers, open_screen


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    """(No parser of its own: it is `tripoli` alone.)"""


def run(args: argparse.Namespace) -> int:
    return open_screen(args)
