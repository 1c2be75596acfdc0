"""Campaigns: names in the save header, old saves given a campaign, saves grouped by campaign,
rollback exact and losing nothing, and the record of every campaign."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from tests.saves.conftest import files_under
from tests.saves.helpers import late_game, players
from tripoli_tui import storage
from tripoli_tui.engine import Game
from tripoli_tui.engine.game import CampaignFacts
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.saves import FORMAT, first_difference, game_to_toml, load_game_text
from tripoli_tui.engine.state import GameState
from tripoli_tui.storage.campaigns import (
    campaign_rows,
    group_saves,
    list_campaigns,
    rollback,
    rolled_back,
    start_campaign,
)
from tripoli_tui.storage.files import KEPT_SUFFIX
from tripoli_tui.storage.keeper import open_save

HERE = Path(__file__).parent
WHEN = dt.datetime(2026, 11, 26, 9, 30, tzinfo=dt.UTC)


def test_a_new_campaign_is_named_by_its_seed_and_day_and_the_save_keeps_it() -> None:
    game = start_campaign(Game.new(7), when=WHEN)
    assert game.campaign.startswith("7-")
    assert game.campaign_facts == CampaignFacts("Seed 7, 26 Nov 2026", "2026-11-26 09:30")
    text = game_to_toml(game)
    assert f"format = {FORMAT}" in text and "[campaign]" in text
    again = load_game_text(text)
    assert (again.campaign, again.campaign_facts) == (game.campaign, game.campaign_facts)
    assert storage.game_name(again) == "Seed 7, 26 Nov 2026"


def test_a_name_given_is_kept_on_one_line() -> None:
    game = start_campaign(Game.new(7), "  The   Barbary   war ", when=WHEN)
    assert game.campaign_facts.name == "The Barbary war"


@pytest.mark.parametrize("file, label, name", [
    ("format1-labelled.toml", "152-a1b2c3", "Seed 152"),
    ("format1-unlabelled.toml", "seed-9", "Seed 9"),
])
def test_a_format_1_save_opens_and_is_given_a_campaign(file: str, label: str, name: str) -> None:
    text = (HERE / file).read_text(encoding="utf-8")
    assert "format = 1" in text
    game = load_game_text(text)
    assert storage.game_label(game) == label and storage.game_name(game) == name
    rewritten = load_game_text(game_to_toml(game))  # written again as format 2: the same campaign
    assert storage.game_label(rewritten) == label and rewritten.state == game.state


@pytest.mark.parametrize("campaign, problem", [
    ('{ id = "a/b" }', "campaign.id"),
    ('{ id = "x", name = "two\\nlines" }', "campaign.name"),
    ('{ id = "x", rollbacks = -1 }', "campaign.rollbacks"),
    ('{ id = "x", started = "soon" }', "campaign.started"),
    ('{ id = "x", colour = "blue" }', "campaign.colour"),
    ("3", "campaign: must be a table"),
])
def test_a_bad_campaign_header_is_refused_by_field(campaign: str, problem: str) -> None:
    text = game_to_toml(Game.new(3)).replace(f"format = {FORMAT}\n",
                                             f"format = {FORMAT}\ncampaign = {campaign}\n")
    with pytest.raises(storage.SaveError, match=problem):
        load_game_text(text)


def _saves_of_two_campaigns(folder: Path) -> tuple[Game, Game]:
    ours = start_campaign(late_game(152, 1802), when=WHEN)
    theirs = start_campaign(late_game(9, 1802), when=WHEN)
    storage.write_save(ours, "before the storm")
    for game in (ours, theirs, ours):
        storage.autosave(game)
        players(1).step(game)
    (folder / "broken.toml").write_text("not a save", encoding="utf-8")
    return ours, theirs


def test_saves_are_grouped_by_campaign_named_saves_and_autosaves_apart(save_folder: Path) -> None:
    ours, theirs = _saves_of_two_campaigns(save_folder)
    os.utime(save_folder / "before the storm.toml", (1, 1))  # the oldest of ours
    campaigns, broken = list_campaigns()
    assert [c.label for c in campaigns] == [ours.campaign, theirs.campaign]
    mine = campaigns[0]
    assert mine.name == "Seed 152, 26 Nov 2026" and mine.started == "2026-11-26 09:30"
    assert [s.name for s in mine.named] == ["before the storm"]
    assert [s.name for s in mine.autosaves] == [f"autosave-{ours.campaign}-2",
                                                f"autosave-{ours.campaign}-1"]
    assert mine.latest.name == f"autosave-{ours.campaign}-2"
    assert [s.name for s in campaigns[1].saves] == [f"autosave-{theirs.campaign}-1"]
    assert [b.name for b in broken] == ["broken"]


def test_old_saves_of_one_seed_fall_in_one_campaign(save_folder: Path) -> None:
    save_folder.mkdir()
    for name in ("a", "b"):
        (save_folder / f"{name}.toml").write_text(
            (HERE / "format1-unlabelled.toml").read_text(encoding="utf-8"), encoding="utf-8")
    campaigns, _ = group_saves(storage.list_saves())
    assert [(c.label, c.name, len(c.named)) for c in campaigns] == [("seed-9", "Seed 9", 2)]


def _played_with_positions(seed: int) -> tuple[Game, list[GameState]]:
    """A seeded campaign played to its end, with the position after every choice (clones)."""
    game = start_campaign(Game.new(seed), when=WHEN)
    seen = [game.state.clone()]
    play(game, players(seed).sides(), after=lambda game: seen.append(game.state.clone()))
    return game, seen


def test_rollback_reaches_exactly_the_position_the_history_reached_then() -> None:
    game, seen = _played_with_positions(152)
    for keep in range(0, len(game.history), 7):
        back = rolled_back(game, keep)
        assert first_difference(seen[keep], back.state) == "", keep
        assert back.state.log == seen[keep].log
        assert back.campaign == game.campaign and back.campaign_facts.rollbacks == 1
    with pytest.raises(storage.SaveError):
        rolled_back(game, len(game.history))


def test_rollback_in_place_keeps_the_later_turns_as_a_branch_save(save_folder: Path) -> None:
    game, _ = _played_with_positions(152)
    others = start_campaign(late_game(9, 1802), when=WHEN)
    storage.autosave(others)
    taken = save_folder / f"branch-{game.campaign}-1.toml"  # a branch save already there
    taken.write_text(game_to_toml(others), encoding="utf-8")
    before = {p: p.read_bytes() for p in save_folder.iterdir()}
    done = rollback(game, 20, new_campaign=False)
    assert done.kept == save_folder / f"branch-{game.campaign}-2.toml"
    assert {p: p.read_bytes() for p in before} == before  # nothing there was replaced
    later = storage.read_save(done.kept)
    assert later.history == game.history and later.campaign_facts.branch_of == game.campaign
    assert storage.game_name(later) == "Seed 152, 26 Nov 2026 (branch, Summer 1802)"
    assert done.game.campaign == game.campaign and len(done.game.history) == 20
    newest = storage.latest_save()
    assert newest is not None and storage.read_save(newest.path).state == done.game.state
    assert storage.read_save(newest.path).campaign_facts.rollbacks == 1
    said = done.in_words()  # the player reads campaigns and seasons, never a file (issue 34.10)
    assert said == (f"“Seed 152, 26 Nov 2026” is back to Summer 1802. Its turns after it, to "
                    f"{game.state.when}, are kept as the campaign “{storage.game_name(later)}”.")
    assert ".toml" not in said and "branch-" not in said


def test_rollback_as_a_new_campaign_leaves_the_old_one_whole(save_folder: Path) -> None:
    game = start_campaign(late_game(152, 1803), when=WHEN)
    done = rollback(game, 5, new_campaign=True, when=WHEN)
    assert storage.read_save(done.kept).history == game.history
    assert done.game.campaign != game.campaign
    facts = done.game.campaign_facts
    assert facts.branch_of == game.campaign and facts.rollbacks == 1
    assert facts.name == "Seed 152, 26 Nov 2026 (branch, Summer 1801)"
    assert done.in_words() == ("“Seed 152, 26 Nov 2026 (branch, Summer 1801)” begins at Summer "
                               f"1801, a new campaign; “Seed 152, 26 Nov 2026” stays as it stood, "
                               f"at {game.state.when}.")
    campaigns, _ = list_campaigns()
    assert {c.label: c.branch_of for c in campaigns} == {done.game.campaign: game.campaign,
                                                         game.campaign: ""}
    saves = {name for name in files_under(save_folder) if not name.endswith(KEPT_SUFFIX)}
    assert saves == {f"autosave-{game.campaign}-1.toml", f"autosave-{done.game.campaign}-1.toml"}


def test_the_record_lists_every_campaign_finished_or_not(save_folder: Path) -> None:
    finished, _ = _played_with_positions(152)
    storage.record_result(finished, when=WHEN)
    going = start_campaign(late_game(9, 1802), when=WHEN)
    storage.autosave(rolled_back(going, 3))
    rows = campaign_rows(*(list_campaigns()[0],), storage.read_record())
    by_name = {r.name: r for r in rows}
    assert set(by_name) == {"Seed 152, 26 Nov 2026", "Seed 9, 26 Nov 2026"}
    done = by_name["Seed 152, 26 Nov 2026"]
    assert done.winner == finished.state.result.winner and done.rollbacks == 0  # type: ignore[union-attr]
    on = by_name["Seed 9, 26 Nov 2026"]
    assert on.winner == "" and on.standing.startswith("Spring 1801\ngold ") and on.rollbacks == 1


def _autosaves_of(folder: Path, label: str) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in storage.campaign_autosaves(label, folder)}


def test_a_branch_save_played_on_autosaves_into_its_own_set_never_the_main_lines(
        save_folder: Path) -> None:
    game, _ = _played_with_positions(152)
    storage.autosave(game)
    done = rollback(game, 20, new_campaign=False)
    main_line = _autosaves_of(save_folder, game.campaign)
    assert len(main_line) == 2  # the game as it stood, and the rolled-back game
    branch = storage.read_save(done.kept)
    assert branch.history == game.history
    back = rolled_back(branch, 30)  # play on from the branch save: a turn of its own
    players(3).step(back)
    written = storage.autosave(back)
    assert not written.name.startswith(f"autosave-{game.campaign}-")
    assert _autosaves_of(save_folder, game.campaign) == main_line
    assert storage.game_label(branch) != game.campaign
    assert branch.campaign_facts.branch_of == game.campaign
    campaigns, _ = list_campaigns()
    assert {c.label for c in campaigns} == {game.campaign, storage.game_label(branch)}


def test_a_branch_save_written_before_branches_had_labels_of_their_own_opens_as_one(
        save_folder: Path) -> None:
    game = start_campaign(late_game(152, 1803), when=WHEN)
    save_folder.mkdir(exist_ok=True)
    old = save_folder / f"branch-{game.campaign}-1.toml"
    old.write_text(game_to_toml(game), encoding="utf-8")  # as the first rollbacks wrote them
    opened = open_save(old)
    assert opened.campaign != game.campaign and opened.campaign_facts.branch_of == game.campaign
    assert storage.game_name(opened) == "Seed 152, 26 Nov 2026 (branch)"
    assert storage.autosave(opened).name.startswith(f"autosave-{opened.campaign}-")
    assert not storage.campaign_autosaves(game.campaign, save_folder)
