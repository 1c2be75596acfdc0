"""No file can write to the player's terminal: ESC, BEL, NUL, DEL and C1 codes planted in every place
a save can hold text (keys, values, the file's name) come out of every command of `tripoli` and the
load list as visible stand-ins, never as the bytes themselves."""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path

import pytest
import tomli_w

from tripoli_tui import storage
from tripoli_tui.cli.main import build_parser, main
from tripoli_tui.engine import Game
from tripoli_tui.engine.saves import FORMAT, game_to_toml
from tripoli_tui.storage.shown import STAND_INS, shown

HOSTILE = "\x1b]0;owned\x07\x1b[2J\x00\x9b31m\x7f\x1b]52;c;aGk=\x07\u202e"
"""Sets the window's title, clears the screen, NUL, a C1 CSI, DEL, OSC 52 (the clipboard), a
right-to-left override."""
IN_TOML = HOSTILE.translate({ord(c): f"\\u{ord(c):04x}" for c in HOSTILE if c in STAND_INS})
"""The same, as escapes inside a TOML string (a TOML file cannot hold the raw bytes)."""
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def clean(text: str) -> bool:
    return CONTROL.search(text) is None


def valid_save() -> str:
    game = Game.new(5)
    game.campaign = "5-abc"
    return game_to_toml(game)


def planted() -> dict[str, str]:
    """Saves with the hostile text in each place a save holds text, by what the place is."""
    save = valid_save()
    position = save.index("[position]")
    return {
        "unknown-key": f'"{IN_TOML}" = 1\n' + save,
        "title-and-description": f'title = "{IN_TOML}"\ndescription = "{IN_TOML}"\n' + save,
        "format-value": save.replace(f"format = {FORMAT}", f'format = "{IN_TOML}"', 1),
        "campaign": save.replace('id = "5-abc"', f'id = "{IN_TOML}"', 1),
        "campaign-name": save.replace('id = "5-abc"', f'id = "5-abc"\nname = "{IN_TOML}"', 1),
        "nested-key": save[:position] + save[position:].replace(
            "[position]\n", f'[position]\n"{IN_TOML}" = 2\n', 1),
        "value-of-a-field": save.replace("year = 1801", f'year = "{IN_TOML}"', 1),
        "table-value": save.replace(f"format = {FORMAT}",
                                    f'format = {{ "{IN_TOML}" = "{IN_TOML}" }}', 1),
        "history-choice": re.sub(r"choices = \[", lambda _: f'choices = [ "{IN_TOML}", ', save,
                                 count=1),
        "not-toml": f"{HOSTILE}\n= [",
    }


@pytest.fixture
def hostile(save_folder: Path) -> list[Path]:
    save_folder.mkdir()
    paths = []
    for what, text in planted().items():
        path = save_folder / f"{what}.toml"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    named = save_folder / f"name{HOSTILE.replace(chr(0), '')}.toml"  # a file name cannot hold NUL
    named.write_text(valid_save(), encoding="utf-8")
    paths.append(named)
    return paths


def test_the_places_are_planted() -> None:
    """Each planted save really holds the hostile text once read (the harness would else prove
    nothing)."""
    import tomllib

    def texts(value: object) -> list[str]:
        if isinstance(value, dict):
            return [t for k, v in value.items() for t in (k, *texts(v))]
        if isinstance(value, list):
            return [t for v in value for t in texts(v)]
        return [value] if isinstance(value, str) else []

    for what, text in planted().items():
        found = [text] if what == "not-toml" else texts(tomllib.loads(text))
        assert any(HOSTILE in t for t in found), what


SAVE_OPTIONS: dict[str, list[str]] = {"advise": ["--playouts", "1", "--workers", "1"]}
"""What a command over a save is run with here besides the save (to be quick)."""


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Every command of `tripoli`, by name, as its argument parser has it."""
    parser = build_parser()
    commands = next(action for action in parser._actions
                    if isinstance(action, argparse._SubParsersAction))
    return dict(commands.choices)


def takes_a_save(command: argparse.ArgumentParser) -> bool:
    return any(action.dest == "save" and not action.option_strings for action in command._actions)


def without_a_save(tmp_path: Path) -> dict[str, list[list[str]]]:
    """How each command that takes no save is made to read a hostile file (or text)."""
    import asyncssh

    from tripoli_tui.serve.players import PLAYERS, VISIT_FILE

    data = tmp_path / "host"
    folder = data / PLAYERS / ("ab" * 16)
    folder.mkdir(parents=True)
    (folder / VISIT_FILE).write_text(json.dumps({"name": HOSTILE, "fingerprint": HOSTILE,
                                                 "last_visit": HOSTILE}), encoding="utf-8")
    (folder / f"autosave-{HOSTILE.replace(chr(0), '')}-1.toml").write_text(valid_save())
    keys = tmp_path / "authorized_keys"
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    keys.write_text(f"{key} {HOSTILE}\n{HOSTILE}\n", encoding="utf-8")
    missing = str(tmp_path / f"keys{HOSTILE.replace(chr(0), '')}")
    saves = tmp_path / "verified"
    saves.mkdir()
    (saves / f"autosave-{HOSTILE.replace(chr(0), '')}-1.toml").write_text(valid_save())
    (saves / "broken.toml").write_text(HOSTILE.replace(chr(0), ""), encoding="utf-8")
    return {
        "new": [["new", "--name", HOSTILE]],
        "simulate": [["simulate", "--games", "1"]],
        "verify": [["verify", str(saves)], ["verify", str(saves), "--json"]],
        "table": [["table", "--name", HOSTILE], ["table", "--jsonl", "--name", HOSTILE],
                  ["table", "--plain", "--name", HOSTILE]],
        "serve": [["serve", "--players", "--data", str(data)],
                  ["serve", "--openssh", "--data", str(data), "--authorized-keys", str(keys)],
                  ["serve", "--openssh", "--data", str(data), "--authorized-keys", missing],
                  ["serve", "--data", str(data), "--authorized-keys", missing]],
    }


def runs_of_every_command(hostile: list[Path], tmp_path: Path) -> list[list[str]]:
    """Every command of the parser (a new one too) over each hostile save, or as `without_a_save`
    says; with --json too where it has it. The game itself (no command) opens the title."""
    others = without_a_save(tmp_path)
    runs: list[list[str]] = [[]]
    for name, command in subcommands().items():
        if takes_a_save(command):
            variants = [[], ["--json"]] if "--json" in command._option_string_actions else [[]]
            if "--rename" in command._option_string_actions:
                variants.append(["--rename", HOSTILE])
            runs += [[name, str(path), *SAVE_OPTIONS.get(name, []), *variant]
                     for path in hostile for variant in variants]
        else:
            assert name in others, (f"`tripoli {name}` takes no save: say in without_a_save how it "
                                    f"is made to read a hostile file")
            runs += others[name]
    return runs


def test_every_command_prints_no_control_character(hostile: list[Path], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """No command of `tripoli` writes a control byte from a file to the terminal: ESC (OSC 0 the
    window's title, OSC 52 the clipboard, CSI 2J), BEL, any C0 but line breaks and tabs, C1. The
    game's own screen is Textual's: what the command prints around it (a save that cannot be
    opened, a refused name) is checked with the game not run."""
    from tripoli_tui.cli import main as cli_main
    from tripoli_tui.tui.app import TripoliApp

    monkeypatch.setattr(cli_main, "has_a_terminal", lambda: True)
    monkeypatch.setattr(TripoliApp, "run", lambda self, *args, **kwargs: None)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))  # (the line modes read it)
    runs = runs_of_every_command(hostile, tmp_path)
    assert {run[0] for run in runs if run} == set(subcommands())
    for run in runs:
        main(run)
        out, err = capsys.readouterr()
        assert clean(out) and clean(err), f"tripoli {run!r}: {(out + err)[:400]!r}"


def test_the_load_list_holds_no_control_character(hostile: list[Path]) -> None:
    saves = storage.list_saves()
    assert len(saves) == len(hostile)
    for info in saves:
        for field in (info.name, info.title, info.description, info.error):
            assert clean(field), f"{field[:200]!r}"
    named = next(info for info in saves if info.name.startswith("name"))
    assert named.name == "name" + shown(HOSTILE.replace(chr(0), "")), "shown, not dropped"
    assert any(info.title == shown(HOSTILE) for info in saves)


def test_shown_replaces_each_control_character_visibly() -> None:
    assert shown("a\x1bb\x07c\x00d\x9be\x7ff\u202eg") == "a␛b␇c␀d\ufffde␡f\ufffdg"
    assert shown("one\ntwo\tthree\r") == "one␊two␉three␍"
    assert shown("one\ntwo\tthree\r", lines=True) == "one\ntwo\tthree␍"
    assert shown("Tripoli — Derne, 1805 é ⚓") == "Tripoli — Derne, 1805 é ⚓"


def test_a_record_from_a_file_is_shown_clean(save_folder: Path) -> None:
    save_folder.mkdir()
    row = {"date": __import__("datetime").datetime(2026, 1, 1, 12, 0), "seed": 1,
           "winner": HOSTILE, "how": HOSTILE, "ending": HOSTILE, "year": 1805,
           "season": "summer", "us_points": 1, "tripolitan_points": 0}
    (save_folder / storage.RECORD_FILE).write_text(tomli_w.dumps({"format": 1, "game": [row]}))
    entry = storage.read_record().entries[0]
    assert clean(entry.winner + entry.how + entry.ending)
    (save_folder / storage.RECORD_FILE).write_text(tomli_w.dumps({"format": HOSTILE}))
    assert clean(storage.read_record().problem)


def test_the_command_line_prints_only_through_its_one_way_out() -> None:
    """Every `print` of the program is cli/out.py's `say` (serve/child.py's usage line excepted:
    it runs before the game, with nothing from a file), so no text reaches the terminal unshown."""
    import ast

    root = Path(__file__).resolve().parents[2]
    allowed = {Path("tripoli_tui/cli/out.py"), Path("tripoli_tui/serve/child.py")}
    found = []
    for path in sorted([*root.glob("tripoli_tui/**/*.py"), *root.glob("bot/**/*.py")]):
        if path.relative_to(root) in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                    node.func.id == "print"):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not found, f"print outside cli/out.py's say: {found}"
