"""docs/keys.md, written from the game's bindings: `python -m tripoli_tui.tui.keys_doc > docs/keys.md`
(tests/tui/test_command_line_options.py keeps it current)."""

from __future__ import annotations

from .app import TripoliApp
from .keymap import binding_ids

APP = TripoliApp
"""(Imported for its own bindings, quit and redraw, which binding_ids finds once it is.)"""


def keys_document() -> str:
    """docs/keys.md: every binding a keymap can name, by screen, with its key and what it does
    (`python -m tripoli_tui.tui.keys_doc > docs/keys.md` writes it; a test keeps it current)."""
    rows: dict[str, list[str]] = {}
    for binding_id, binding in sorted(binding_ids().items()):
        if not binding_id.partition(".")[1]:
            continue  # (Textual's own bindings without a screen's prefix)
        what = binding.description or binding.tooltip or binding.action
        rows.setdefault(binding_id.split(".")[0], []).append(
            f"| `{binding_id}` | `{binding.key}` | {what.replace('|', '/')} |")
    out = ["# Keys, by their binding id", "",
           "A keymap file, `keymap.toml` beside your saves and settings, gives any of these its own "
           "key or keys (comma-separated):", "", "```toml", '"game.flowchart" = "f2"',
           '"game.undo" = "u,ctrl+z"', "```", "",
           "A line the game cannot use (an id it does not have, a key Textual cannot read, a file "
           "that is not TOML) is said when the game starts, with its line, and the key below is "
           "kept for it. Keys are named as Textual names them: a character (`u`, `?`), or a name "
           "(`f2`, `escape`, `pageup`, `question_mark`), with `ctrl+`, `shift+` or `alt+` before "
           "it.", ""]
    for screen, lines in rows.items():
        out += [f"## {screen}", "", "| id | key | what it does |", "|---|---|---|", *lines, ""]
    return "\n".join(out)


if __name__ == "__main__":  # (our own words only: nothing from a file)
    import sys

    sys.stdout.write(keys_document())
