"""`tripoli check SAVE`: a one-line summary and exit 0, or the app's message and exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from tripoli_tui import storage
from tripoli_tui.cli.main import main

from .helpers import late_game


def test_a_good_save_prints_one_line(save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = late_game(152, 1803)
    storage.write_save(game, "mine")
    assert main(["check", "mine"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1
    s = game.state
    assert out.startswith(f"mine.toml: {s.when}: gold {s.gold} of 12, {s.frigates_sunk} of 4")
    assert ("your decision" in out) == (game.pending is not None and game.pending.side == "us")


def test_an_example_by_name(save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "01-five-corsair-check"]) == 0
    out, _ = capsys.readouterr()
    assert out == ("01-five-corsair-check.toml: Summer 1802: gold 3 of 12, 0 of 4 American "
                   "frigates sunk; the T-bot's decision: The T-bot's turn.\n")


def test_a_finished_game(save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = late_game(3)
    assert game.is_over
    path = storage.write_save(game, "done")
    assert main(["check", str(path)]) == 0
    assert "game over" in capsys.readouterr().out


def test_a_bad_save_prints_the_message(save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = storage.write_save(late_game(152, 1803), "mine")
    path.write_text(path.read_text().replace("format = 2", "format = 9"))
    assert main(["check", "mine"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("tripoli check: mine.toml: format: this save is format 9")
    assert "Traceback" not in err


@pytest.mark.parametrize("argument, message", [
    ("nothing-here", "no save at"),
    ("latest", "no save to continue"),
    ("///", "not a save file"),
    ("..", "is not a save name"),
    ("/dev/null/x.toml", "cannot be read (Not a directory)"),
])
def test_missing_saves(save_folder: Path, capsys: pytest.CaptureFixture[str], argument: str,
                       message: str) -> None:
    assert main(["check", argument]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_directory_and_an_oversized_file(save_folder: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    save_folder.mkdir()
    (save_folder / "folder.toml").mkdir()
    assert main(["check", str(save_folder / "folder.toml")]) == 1
    assert "not a save file" in capsys.readouterr().err
    big = save_folder / "big.toml"
    big.write_bytes(b" " * (storage.MAX_SAVE_BYTES + 1))
    assert main(["check", "big"]) == 1
    assert "it was not read" in capsys.readouterr().err


def test_check_the_list_and_the_game_accept_exactly_the_same_files(
        save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tripoli_tui import storage
    from tripoli_tui.engine import Game
    from tripoli_tui.tui.app import SaveProblem, open_save

    good = storage.write_save(Game.new(4), "good")
    text = good.read_text(encoding="utf-8")
    variants = {
        "history-fails": text.replace("choices = []", 'choices = ["no such choice"]'),
        "bad-result": text.replace("[position]", "[position]\nresult = { winner = 'us', us_points = 'abc' }"),
        "bad-year": text.replace("year = 1801", "year = 123456789", 1),
        "not-toml": "format = 1\n[position\n",
        "campaign-label": text.replace("format = 2", "format = 2\ncampaign = 'a/b'", 1),
    }
    for name, body in variants.items():
        (save_folder / f"{name}.toml").write_text(body, encoding="utf-8")
    listed = {info.name: info.readable for info in storage.list_saves()}
    for name, readable in listed.items():
        checked = main(["check", name]) == 0
        try:
            open_save(name)
            opened = True
        except SaveProblem:
            opened = False
        assert checked == readable == opened, name
    capsys.readouterr()
    assert listed["good"] and not any(listed[name] for name in variants)


def test_the_campaign_record_is_said_to_be_the_record_and_checked_as_one(
        save_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`tripoli check` on the record (by its name, its path, or a copy of it) says what the file
    is and what it holds, not that it is a broken save (issue 32, point 5e)."""
    from tripoli_tui.storage import RECORD_FILE, record_drill, record_result

    record_result(late_game(3))
    record_drill(4, 5, "game")
    path = save_folder / RECORD_FILE
    copy = save_folder / "kept-record.toml"
    copy.write_text(path.read_text())
    for given in ("campaign-record", str(path), str(copy)):
        assert main(["check", given]) == 0, given
        out, err = capsys.readouterr()
        assert err == "" and out.count("\n") == 1
        assert ": the campaign record (not a save): 1 finished game (" in out, out
        assert "1 drill, 0 lessons of the course checked off, 0 campaigns renamed" in out, out
    path.write_text(path.read_text().replace("[[game]]", "game = 3\n[[gamex]]", 1))
    assert main(["check", "campaign-record"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("tripoli check: campaign-record.toml: ")
    assert "Traceback" not in err


@pytest.mark.parametrize(("edit", "said"), [
    (("seed = ", "seedx = "), "game[1]: seed is missing"),
    (("seed = ", "seed = 'seven' # "), "game[1]: seed must be a whole number, not 'seven'"),
    (("season = ", "season = 'Monsoon' # "),
     "game[1]: season must be one of 'spring', 'summer', 'fall', 'winter', not 'Monsoon'"),
    (("right = 4", "right = [4]"), "drill[1]: right must be a whole number, not a list"),
    (("drill = [\n", "drill = [\n    3,\n"), "drill[1]: must be a table, not 3"),
])
def test_a_hand_edited_record_s_refusal_names_the_field_in_the_game_s_words(
        save_folder: Path, capsys: pytest.CaptureFixture[str], edit: tuple[str, str],
        said: str) -> None:
    """Not Python's words for it ("game[1]: 'seed'", "invalid literal for int()")."""
    from tripoli_tui.storage import RECORD_FILE, record_drill, record_result

    record_result(late_game(3))
    record_drill(4, 5, "game")
    path = save_folder / RECORD_FILE
    text = path.read_text()
    assert edit[0] in text
    path.write_text(text.replace(*edit, 1))
    assert main(["check", "campaign-record"]) == 1
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"tripoli check: {RECORD_FILE}: {said}\n")
