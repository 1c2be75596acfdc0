"""`tripoli serve`: the game hosted over SSH (its flags and its run live in serve/command.py)."""

from __future__ import annotations

import argparse

from . import SubParsers


def add_parser(sub: SubParsers[argparse.ArgumentParser]) -> None:
    from ...serve.command import add_parser as add_serve
    add_serve(sub)


def run(args: argparse.Namespace) -> int:
    from ...serve.command import run as serve
    return serve(args)
