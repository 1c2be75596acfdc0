"""The rules engine and the T-bot load no Textual: dependencies point one way, UI → bot → engine."""

from __future__ import annotations

import subprocess
import sys


def test_engine_and_bot_import_no_textual():
    code = ("import sys, tripoli_tui.engine, bot; "
            "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.')); "
            "print(bad); sys.exit(1 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"textual modules loaded: {run.stdout}{run.stderr}"
