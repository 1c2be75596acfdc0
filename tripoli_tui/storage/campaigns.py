"""Campaigns: a new campaign's label and name, the saves of each campaign grouped together,
rolling a campaign back to an earlier turn (nothing lost), and the record of every campaign.

Every save and autosave belongs to one campaign (its label, in the save's `[campaign]` table); a
save written before campaigns were named is given the campaign of its seed (`storage.identity`).
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..engine.game import MAX_CAMPAIGN_NAME, CampaignFacts, Game
from ..engine.saves import SaveError, game_to_toml
from ..engine.state import season_title
from .files import SUFFIX, create_new, make_folder
from .identity import (
    check_campaign_name,
    game_label,
    game_name,
    label_of,
    name_of,
    now_utc,
    offered_name,
    stamp,
)
from .listing import SaveInfo, list_saves
from .record import CampaignRecord, RecordEntry, read_record, record_name
from .slots import AUTOSAVE_PREFIX, CRASH_PREFIX, autosave, new_campaign_label

BRANCH_PREFIX = "branch-"
"""branch-CAMPAIGN-N.toml: the later turns of a campaign rolled back in place."""


def start_campaign(game: Game, name: str = "", *, when: dt.datetime | None = None) -> Game:
    """Make `game` a new campaign: its own label, its name (offered: the seed and the day), the
    moment it began. SaveError for a name that cannot be kept (identity.check_campaign_name)."""
    moment = when or now_utc()
    given = check_campaign_name(name) if name.strip() else offered_name(game.origin.seed, moment)
    game.campaign = new_campaign_label(game.state.seed)
    game.campaign_facts = replace(game.campaign_facts, name=given, started=stamp(moment))
    return game


# --- names ------------------------------------------------------------------------------------

def rename_campaign(label: str, name: str) -> str:
    """Give the campaign `label` a new name, everywhere it is shown; the name as kept.

    The name is kept in the campaign record (one atomic write): no save is rewritten, moved or
    renamed, so a rename can never lose one, and it holds for every save of the campaign, even
    one another window is writing. The saves written from then on carry it too. SaveError for a
    name that cannot be kept, or a record that cannot be written (nothing changed then)."""
    kept = check_campaign_name(name)
    record_name(label, kept)
    return kept


def rename_game(game: Game, name: str) -> str:
    """Rename the campaign of the game on show (`rename_campaign`), and the game with it."""
    kept = rename_campaign(game_label(game), name)
    game.campaign_facts = replace(game.campaign_facts, name=kept)
    return kept


def given_names() -> dict[str, str]:
    """The names players gave campaigns, by label (none when the record cannot be read)."""
    return read_record().names


def as_named(game: Game, names: Mapping[str, str] | None = None) -> Game:
    """`game` under the name its campaign was last given (a save written before the rename
    holds the old one)."""
    given = (given_names() if names is None else names).get(game_label(game), "")
    if given and given != game.campaign_facts.name:
        game.campaign_facts = replace(game.campaign_facts, name=given)
    return game


@dataclass
class CampaignSaves:
    """One campaign as the saves on disk show it: its newest save, its named saves, its autosaves."""

    label: str
    name: str
    seed: int
    latest: SaveInfo
    """The save played last: where the campaign stands."""
    named: list[SaveInfo] = field(default_factory=list)
    autosaves: list[SaveInfo] = field(default_factory=list)
    """Autosaves and crash saves, newest first."""
    started: str = ""
    rollbacks: int = 0
    branch_of: str = ""

    @property
    def over(self) -> bool:
        return not self.latest.pending_side

    @property
    def saves(self) -> list[SaveInfo]:
        return [*self.named, *self.autosaves]


def is_autosave(info: SaveInfo) -> bool:
    return info.name.startswith((AUTOSAVE_PREFIX, CRASH_PREFIX))


def group_saves(saves: list[SaveInfo], names: Mapping[str, str] | None = None,
                ) -> tuple[list[CampaignSaves], list[SaveInfo]]:
    """The readable saves by campaign (the campaign played last first; in each, newest first),
    and the saves that cannot be opened. A campaign is named as it was last given (`names`, by
    label), else as its newest save says."""
    names = names or {}
    groups: dict[str, CampaignSaves] = {}
    broken: list[SaveInfo] = []
    for info in sorted(saves, key=lambda i: (-i.modified, i.name)):
        if not info.readable:
            broken.append(info)
            continue
        label = label_of(info.campaign, info.seed)
        group = groups.get(label)
        if group is None:
            group = groups[label] = CampaignSaves(
                label, names.get(label) or name_of(label, info.about, info.seed), info.seed, info)
        (group.autosaves if is_autosave(info) else group.named).append(info)
        group.started = group.started or info.about.started
        group.rollbacks = max(group.rollbacks, info.about.rollbacks)
        group.branch_of = group.branch_of or info.about.branch_of
    return list(groups.values()), broken


def list_campaigns() -> tuple[list[CampaignSaves], list[SaveInfo]]:
    """Every campaign with saves in the save folder, and the saves that cannot be opened."""
    return group_saves(list_saves(), given_names())


# --- rollback ---------------------------------------------------------------------------------

def rolled_back(game: Game, keep: int) -> Game:
    """`game` replayed from its start through its first `keep` choices: exactly the position it
    stood at then. It stays in its campaign, counted as rolled back once more."""
    if not 0 <= keep < len(game.history):
        raise SaveError(f"there is no earlier turn at choice {keep} (the game has "
                        f"{len(game.history)} choices)")
    back = Game.replay(game.origin, game.history[:keep])
    back.campaign = game.campaign
    facts = game.campaign_facts
    back.campaign_facts = replace(facts, name=game_name(game), rollbacks=facts.rollbacks + 1)
    return back


def write_branch(game: Game, parent: str) -> Path:
    """Write `game` as branch-PARENT-N.toml at the first free N, claimed exclusively: a branch
    save never replaces another file, even one another process writes at the same moment."""
    folder = make_folder()
    text = game_to_toml(game)
    for n in range(1, 10_000):
        path = folder / f"{BRANCH_PREFIX}{parent}-{n}{SUFFIX}"
        if path.exists():  # (taken: no temporary file written to find out)
            continue
        try:
            create_new(path, text)
        except FileExistsError:
            continue
        except OSError as exc:
            raise SaveError(f"could not save {path.name}: {exc.strerror or exc}") from exc
        return path
    raise SaveError("could not keep the later turns: no branch save number was free")


def as_branch(game: Game, when: str = "") -> Game:
    """A copy of `game` that is a campaign of its own, branched from `game`'s: its own label
    (so its autosaves never join another campaign's), its parent remembered, its name marked as a
    branch (at the season `when` it went its own way, when known). `game` is not changed."""
    branch = copy.copy(game)
    branch.campaign = new_campaign_label(game.origin.seed)
    branch.campaign_facts = replace(game.campaign_facts, name=branch_name(game_name(game), when),
                                    branch_of=game_label(game))
    return branch


def opened_branch(game: Game, path: Path) -> Game:
    """The game of a save opened to be played: a branch save written before branches had a label
    of their own (branch-LABEL-N holding campaign LABEL) becomes a campaign of its own, so playing
    it on never writes into the autosaves of the campaign it came from."""
    if path.name.startswith(f"{BRANCH_PREFIX}{game_label(game)}-"):
        return as_branch(game)
    return game


@dataclass(frozen=True)
class Rollback:
    """A rollback done: the game to play on, and where the turns after it are kept."""

    game: Game
    kept: Path
    """The save holding the campaign as it stood before the rollback."""
    new_campaign: bool
    kept_name: str = ""
    """The name of the campaign that holds the turns after the rollback, as the player reads it."""
    kept_when: str = ""
    """The season those turns reached ('Fall 1804')."""

    def in_words(self) -> str:
        """What was done, by campaign names and seasons (never a file): the message of a rollback."""
        here, name = self.game.state.when, game_name(self.game)
        if self.new_campaign:
            return (f"“{name}” begins at {here}, a new campaign; “{self.kept_name}” stays as it "
                    f"stood, at {self.kept_when}.")
        return (f"“{name}” is back to {here}. Its turns after it, to {self.kept_when}, are kept "
                f"as the campaign “{self.kept_name}”.")


def branch_name(name: str, when: str = "") -> str:
    """A branch campaign's name: its parent's, marked as a branch at the season it went its own
    way (when known)."""
    suffix = f" (branch, {when})" if when else " (branch)"
    return name[: MAX_CAMPAIGN_NAME - len(suffix)] + suffix


def rollback(game: Game, keep: int, *, new_campaign: bool,
             when: dt.datetime | None = None) -> Rollback:
    """Roll `game` back to its first `keep` choices; nothing is lost.

    In place: the game as it stands is kept as a branch save (branch-LABEL-N), a campaign of its
    own branched from this one (`as_branch`), and the campaign goes on from the earlier turn. As
    a new campaign: the game as it stands is autosaved in its own campaign, untouched from then
    on, and the earlier turn begins a new campaign that remembers which one it branched from. The
    rolled-back game is autosaved either way (so Continue opens it). SaveError if a file cannot be written."""
    back = rolled_back(game, keep)
    kept_name = game_name(game) if new_campaign else branch_name(game_name(game), back.state.when)
    if new_campaign:
        kept = autosave(game)
        back.campaign = new_campaign_label(game.origin.seed)
        back.campaign_facts = replace(
            back.campaign_facts, name=branch_name(game_name(game), back.state.when),
            started=stamp(when or now_utc()), branch_of=game_label(game))
    else:
        kept = write_branch(as_branch(game, back.state.when), game_label(game))
    autosave(back)
    return Rollback(back, kept, new_campaign, kept_name, game.state.when)


# --- the record of every campaign -------------------------------------------------------------

@dataclass(frozen=True)
class CampaignRow:
    """One campaign in the record: finished or not."""

    name: str
    seed: int
    started: str
    """'YYYY-MM-DD HH:MM' (UTC), '' when unknown."""
    played: float
    """When it was last played (epoch seconds; 0 when unknown)."""
    winner: str
    """'us', 'tripolitania', 'draw', or '' while it goes on."""
    standing: str
    """How it ended, or where it stands ('Fall 1803' and 'gold 5/12, sunk 1/4' on a second line)."""
    rollbacks: int
    label: str = ""
    points: str = ""
    """A finished campaign's victory points, 'US–Tripolitania' ('' while it goes on)."""
    table: bool = False
    """Whether it is played at the player's table (a table campaign)."""
    hidden_discard: bool = False
    """Whether it is played with the optional hidden discard pile."""


def ended_text(entry: RecordEntry) -> str:
    return f"{entry.ending}, {season_title(entry.season)} {entry.year}"


def points_text(entry: RecordEntry) -> str:
    return f"{entry.us_points}–{entry.tripolitan_points}"


def standing_text(info: SaveInfo) -> str:
    return f"{info.when}\ngold {info.gold}/12, sunk {info.frigates_sunk}/4"


def campaign_rows(campaigns: list[CampaignSaves], record: CampaignRecord) -> list[CampaignRow]:
    """Every campaign: those with saves (played last first), then the finished ones whose saves
    are gone (newest first). A finished campaign shows its result from the record."""
    finished: dict[str, RecordEntry] = {e.campaign: e for e in record.entries if e.campaign}
    rows: list[CampaignRow] = []
    for c in campaigns:
        entry = finished.pop(c.label, None)
        if entry is not None and c.over:  # (rolled back since it ended: it goes on)
            rows.append(CampaignRow(c.name, c.seed, c.started, c.latest.modified, entry.winner,
                                    ended_text(entry), max(c.rollbacks, entry.rollbacks), c.label,
                                    points_text(entry), bool(c.latest.table) or entry.table,
                                    c.latest.hidden_discard or entry.hidden_discard))
        else:
            rows.append(CampaignRow(c.name, c.seed, c.started, c.latest.modified,
                                    "", standing_text(c.latest), c.rollbacks, c.label,
                                    table=bool(c.latest.table),
                                    hidden_discard=c.latest.hidden_discard))
    shown = {c.label for c in campaigns}
    for entry in reversed(record.entries):
        label = label_of(entry.campaign, entry.seed)
        if label in shown:
            continue
        name = record.names.get(label) or entry.name or name_of(label, CampaignFacts(), entry.seed)
        rows.append(CampaignRow(name, entry.seed,
                                stamp(entry.date) if entry.campaign else "",
                                entry.date.timestamp(), entry.winner, ended_text(entry),
                                entry.rollbacks, entry.campaign, points_text(entry), entry.table,
                                entry.hidden_discard))
    return rows

