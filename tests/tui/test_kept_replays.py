"""What Load's replay of each campaign with today's rules found (its ≠ marks) is kept beside the
saves with the saves' checks (storage/checked.py): the next start replays no campaign whose files
have not changed, and marks exactly what replaying it would; anything kept that is not what the
game writes means replaying again."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.saves.test_verify import played, tbot_changed_at
from tripoli_tui import storage
from tripoli_tui.play import verify
from tripoli_tui.storage import checked, listing
from tripoli_tui.storage.kept import kept_name
from tripoli_tui.tui.screens import saves_read

KEPT = kept_name(checked.WHAT)


def new_process() -> None:
    """What a new start of the game knows: nothing checked or replayed in the process."""
    listing._CHECKED.clear()
    saves_read._REPLAYED.clear()
    checked.forget()


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A save folder holding one campaign (seed 47, four saves) that today's T-bot, as changed
    here, replays otherwise from one of its decisions on; in a new process."""
    saves = tmp_path / "saves"
    saves.mkdir()
    monkeypatch.setenv(storage.SAVE_DIR_ENV, str(saves))
    saved = played(47)
    for name, text in saved:
        (saves / name).write_text(text, encoding="utf-8")
    tbot_changed_at(saved, monkeypatch)
    new_process()
    yield saves
    new_process()


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The campaigns replayed (play.verify.verify_campaign), by label."""
    done: list[str] = []
    replay = verify.verify_campaign

    def counting(saves: list[verify.SavedGame], **given: bool) -> verify.Verdict:
        verdict = replay(saves, **given)
        done.append(verdict.campaign)
        return verdict

    monkeypatch.setattr(verify, "verify_campaign", counting)
    return done


def parting() -> verify.Parting | None:
    campaigns, _ = storage.list_campaigns()
    assert len(campaigns) == 1
    return saves_read.replay_parting(campaigns[0])


def test_a_campaign_unchanged_is_not_replayed_again(campaign: Path, replays: list[str]) -> None:
    first = parting()
    assert first is not None and replays == ["47-c0ffee"]
    checked.keep()
    new_process()
    assert parting() == first and replays == ["47-c0ffee"]


def test_a_campaign_played_on_is_replayed_again(campaign: Path, replays: list[str]) -> None:
    parting()
    checked.keep()
    new_process()
    (campaign / "47-0025.toml").unlink()  # (one of its saves gone: its files are others)
    parting()
    assert replays == ["47-c0ffee", "47-c0ffee"]


@pytest.mark.parametrize("kept", [["parted", "47-end.toml", "12", "Fall 1803", "What"], ["parted"],
                                  ["same", 1], "same", None, ["parted", 1, 2, 3, 4]])
def test_a_replay_kept_that_is_not_the_games_own_means_replaying_again(
        campaign: Path, replays: list[str], kept: object) -> None:
    first = parting()
    checked.keep()
    data = json.loads((campaign / KEPT).read_text())
    data["replays"] = {key: kept for key in data["replays"]}
    (campaign / KEPT).write_text(json.dumps(data))
    new_process()
    assert parting() == first and replays == ["47-c0ffee", "47-c0ffee"]


def test_the_words_kept_are_shown_safely(campaign: Path) -> None:
    parting()
    checked.keep()
    data = json.loads((campaign / KEPT).read_text())
    data["replays"] = {key: ["parted", "\x1b[2J.toml", 3, "Fall\x07 1803", "a\x1b]52;c;aGk=\x07"]
                       for key in data["replays"]}
    (campaign / KEPT).write_text(json.dumps(data))
    new_process()
    shown = parting()
    assert shown is not None and shown.choice == 3
    assert not any(c in shown.file + shown.season + shown.what for c in "\x1b\x07")
