"""No file can write to the player's terminal: ESC, BEL, NUL, DEL and C1 codes planted in every place
a save can hold text (keys, values, the file's name) come out of `check`, `explain`, `advise` and
the load list as visible stand-ins, never as the bytes themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import tomli_w

from tripoli_tui import storage
from tripoli_tui.cli.main import main
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


@pytest.mark.parametrize("command", ["check", "explain", "advise"])
def test_the_printing_commands_print_no_control_character(hostile: list[Path], command: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    for path in hostile:
        extra = ["--playouts", "1"] if command == "advise" else []
        main([command, str(path), *extra])
        out, err = capsys.readouterr()
        assert out or err
        assert clean(out) and clean(err), f"{command} {path.name!r}: {(out + err)[:300]!r}"


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
