"""Every refusal a player reads is sentences in the file's own terms, short, never a Python repr."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.saves.test_refusals import GOOD, refused
from tripoli_tui import storage
from tripoli_tui.engine.saves.problems import quoted
from tripoli_tui.storage.settings import MAX_SETTINGS_BYTES, read_settings


@pytest.mark.parametrize(("value", "said"), [
    ("{ a = 1 }", "format: a table is not a save format"),
    ("[1, 2, 3]", "format: a list is not a save format"),
    ('"one"', "format: 'one' is not a save format"),
    ("1979-05-27T07:32:00", "format: 1979-05-27T07:32:00 is not a save format"),
    ("true", "format: true is not a save format"),
])
def test_a_value_is_named_in_the_file_s_own_terms(tmp_path: Path, value: str, said: str) -> None:
    message = refused(tmp_path, GOOD.replace("format = 1", f"format = {value}"))
    assert said in message
    assert "{'" not in message and "[1, 2" not in message and "datetime" not in message


def test_a_refusal_of_many_problems_stays_short(tmp_path: Path) -> None:
    many = GOOD + "".join(f'\n"{"k" * 300}{n}" = {{ a = {{ b = [1, 2, 3] }} }}' for n in range(40))
    message = refused(tmp_path, many)
    assert "40 problems" in message or "41 problems" in message
    assert len(message) < 600, len(message)
    assert len(message.splitlines()) <= 7


def test_quoted_cuts_long_text_and_never_shows_a_repr() -> None:
    assert quoted("x" * 100) == "'" + "x" * 39 + "…'"
    assert quoted({"a": {"b": 1}}) == "a table" and quoted([{"a": 1}]) == "a list"
    assert quoted(False) == "false" and quoted(3) == "3"


def test_an_oversized_settings_file_or_record_is_called_what_it_is(save_folder: Path) -> None:
    save_folder.mkdir()
    (save_folder / storage.SETTINGS_FILE).write_text("#" * (MAX_SETTINGS_BYTES + 10))
    _, problem = read_settings()
    assert "larger than a settings file can be" in problem and "save" not in problem
    with open(save_folder / storage.RECORD_FILE, "w") as f:
        f.truncate(storage.MAX_RECORD_BYTES + 10)
    record_problem = storage.read_record().problem
    assert "larger than a campaign record can be" in record_problem
