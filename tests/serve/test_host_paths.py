"""A served game names no host path to its player (issue 33, point 7): the saves folder, a save
written as the connection drops or the game crashes, the crash log and a campaign held elsewhere
are told by name ('your saves', the file's name, 'another of your sessions'), never by the host's
folders, processes or name. Played on the player's own machine, the paths are said as before."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tripoli_tui.serve.game import game_environment
from tripoli_tui.serve.limits import Limits
from tripoli_tui.storage.files import SERVED_ENV, where_said
from tripoli_tui.storage.keeper import CrashReport
from tripoli_tui.storage.lock import CampaignBusy, claim_campaign
from tripoli_tui.tui.screens.saves_read import save_folder

HOST_FOLDER = Path("/srv/tripoli-host/players/ab12/autosave-7-c0ffee-1.toml")


def test_the_host_tells_each_game_it_is_served(tmp_path: Path) -> None:
    env = game_environment(tmp_path, "xterm", {}, Limits())
    assert env[SERVED_ENV] == "1"


@pytest.mark.parametrize("served", [True, False])
def test_saves_and_logs_are_told_by_name_when_served(served: bool,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    if served:
        monkeypatch.setenv(SERVED_ENV, "1")
    else:
        monkeypatch.delenv(SERVED_ENV, raising=False)
    line = CrashReport("boom", HOST_FOLDER, HOST_FOLDER.with_name("crash.log")).line()
    assert ("/srv/" in line) is not served and "autosave-7-c0ffee-1.toml" in line
    assert (where_said(HOST_FOLDER) == HOST_FOLDER.name) is served
    assert (save_folder() == "your saves") is served


def test_a_campaign_held_by_another_session_names_no_host_nor_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(The lock is held by another process: one is started to hold it.)"""
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; "
         "from tripoli_tui.storage.lock import claim_campaign; "
         f"lock = claim_campaign('7-c0ffee', Path({str(tmp_path)!r})); print('held', flush=True); "
         "time.sleep(30)"], stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        monkeypatch.setenv(SERVED_ENV, "1")
        with pytest.raises(CampaignBusy) as busy:
            claim_campaign("7-c0ffee", tmp_path)
        said = str(busy.value)
        assert said == "This campaign is open in another of your sessions."
        monkeypatch.delenv(SERVED_ENV)
        with pytest.raises(CampaignBusy) as busy:
            claim_campaign("7-c0ffee", tmp_path)
        assert f"process {holder.pid} on " in str(busy.value)
    finally:
        holder.kill()
        holder.wait()
