"""`tripoli table --plain` and `--jsonl`: a placeholder until the line mode is merged."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    """The table campaign as lines of text (being written elsewhere)."""
    raise NotImplementedError("the table's line mode is not built yet")
