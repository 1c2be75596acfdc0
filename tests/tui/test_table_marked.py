"""A table campaign is marked as one where campaigns are listed: Load, the record and
`tripoli history`; and `tripoli table --help` names every mode."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.tui.conftest import NOW
from tests.tui.test_screens_load import run, tree_lines
from tripoli_tui import storage
from tripoli_tui.cli.commands.table import DICE_MODES, PILE_MODES
from tripoli_tui.cli.history import history_save
from tripoli_tui.cli.main import build_parser, main
from tripoli_tui.engine import Game
from tripoli_tui.engine import state as engine_state
from tripoli_tui.engine.state import TableModes
from tripoli_tui.storage.campaigns import campaign_rows
from tripoli_tui.storage.record import CampaignRecord

MODES = TableModes("all", "table", "program")


@pytest.fixture
def table_save(utc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(tmp_path / "saves"))
    table = storage.write_save(storage.start_campaign(Game.new(5, MODES), "Kitchen table"),
                               "kitchen")
    screen = storage.write_save(Game.new(6), "screen")
    os.utime(table, (NOW - 60, NOW - 60))
    os.utime(screen, (NOW - 3600, NOW - 3600))
    return table


def test_the_save_keeps_the_table_and_the_listing_says_so(table_save: Path) -> None:
    saves = {info.name: info for info in storage.list_saves()}
    assert saves["kitchen"].table == MODES.text()
    assert saves["screen"].table == ""


def test_load_marks_a_table_campaign(table_save: Path) -> None:
    def check(app: object) -> None:
        lines = tree_lines(app)  # type: ignore[arg-type]
        assert lines[0].startswith("Kitchen table Spring 1801 gold 0/12 sunk 0/4 table")
        assert not any("table" in line for line in lines[1:] if line.startswith("Seed 6"))

    run([], check=check)


def test_the_record_marks_a_table_campaign(table_save: Path) -> None:
    rows = campaign_rows(storage.list_campaigns()[0], CampaignRecord())
    assert {row.name: row.table for row in rows} == {"Kitchen table": True, "Seed 6": False}


def test_history_says_a_campaign_is_played_at_the_table(
        table_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert history_save(str(table_save)) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1] == f"at the table: {MODES.describe()}"
    assert history_save(str(table_save), as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["campaign"]["table"] == MODES.text()


def test_tripoli_table_help_lists_every_mode(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["table", "--help"])
    assert ended.value.code == 0
    out = capsys.readouterr().out
    for option, values in (("--dice", DICE_MODES), ("--deck", PILE_MODES), ("--hand", PILE_MODES)):
        for value in values:
            assert sum(1 for line in out.splitlines()
                       if line.strip().startswith(f"{option} {value} ")) == 1


def test_the_command_line_knows_the_engines_modes() -> None:
    assert (DICE_MODES, PILE_MODES) == (engine_state.DICE_MODES, engine_state.PILE_MODES)


def test_tripoli_table_reads_the_modes_and_refuses_plain_with_jsonl(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["table", "--dice", "all", "--seed", "4", "--plain"])
    assert (args.dice, args.deck, args.hand, args.seed, args.plain) == ("all", "table", "table",
                                                                        4, True)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["table", "--plain", "--jsonl"])
    assert "not allowed with" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["table", "--dice", "some"])
