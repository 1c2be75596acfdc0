"""The lines of the load screen: a campaign (its name, where it stands, when it was played), a save
under it, a folder of autosaves, a tutorial of the course; and what each line of the tree holds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text
from textual.content import Content

from ..theme import paint
from ..widgets.fitted import HangingRow
from .saves_read import fetch_names, played_text

if TYPE_CHECKING:
    from textual.widgets import Tree
    from textual.widgets.tree import TreeNode

    from ...play.verify import Parting
    from ...storage import CampaignSaves, SaveInfo


def save_trouble(save: SaveInfo) -> Text:
    """What a save that does not load offers instead of its date."""
    if save.rescuable:
        return Text("position only (p)", style=paint("text-warning"))
    return Text("unreadable", style=paint("text-error"))


def tutorial_prompt(example: SaveInfo, done: bool = False) -> HangingRow:
    """A tutorial in the course's list: checked off or not, its lesson and title, its trouble,
    and its goal (its description when it has none), wrapped under the title (the list wraps a
    row back to its edge, under the mark)."""
    mark = Text("✔ " if done else "○ ", style=f"bold {paint('text-success')}" if done
                else paint("muted"))
    title = Text(f"{example.lesson}. " if example.lesson else "", style="bold")
    title.append(example.title or example.name, style="bold")
    if example.error:
        title.append(f"  (unreadable: {example.error})", style=paint("text-error"))
    under = (Text(example.goal) if example.goal else
             Text(example.description, style="italic") if example.description else None)
    return HangingRow(Content.from_rich_text(mark), Content.from_rich_text(title),
                      (Content.from_rich_text(under),) if under is not None else ())


def campaign_of(save: SaveInfo, names: Mapping[str, str] | None = None) -> str:
    """The name of the campaign a save belongs to (what Continue shows): the name it was last
    given (`names`, by label; read from the record when not given), else the one the save holds."""
    from ...storage.identity import label_of, name_of

    label = label_of(save.campaign, save.seed)
    given = fetch_names() if names is None else names
    return given.get(label) or name_of(label, save.about, save.seed)


def save_facts(save: SaveInfo) -> str:
    """Where a save stands, in a fixed width: 'Fall 1803    gold  5/12  sunk 1/4'."""
    return f"{save.when:<12} gold {save.gold:>2}/12  sunk {save.frigates_sunk}/4"


def campaign_label_text(campaign: CampaignSaves, width: int, parted: Parting | None = None) -> Text:
    """A campaign's line: its name, where it stands (or that it is over), whether it is played at
    the player's table, when it was last played, and ≠ when today's rules replay it otherwise than
    it was saved (`parted`: where)."""
    latest = campaign.latest
    text = Text()
    text.append(f"{campaign.name:<{width}}", style="bold")  # whole, however long
    text.append(f"  {save_facts(latest)}")
    if latest.table:
        text.append("  table", style=f"bold {paint('text-primary')}")
    if latest.hidden_discard:
        text.append("  hidden", style=f"bold {paint('text-secondary')}")
    if campaign.over:
        text.append("  over", style="italic")
    text.append(f"  {played_text(latest.modified)}", style=paint("muted"))
    if campaign.rollbacks:
        text.append("  ↶", style=paint("text-warning"))
    if parted is not None:
        text.append(f"  ≠ {parted.season}", style=f"bold {paint('text-warning')}")
    return text


def save_title(save: SaveInfo) -> str:
    """A save as the player reads it under its campaign: its own name, or for a save the game
    made, what it is ('autosave 3', the highest the newest), never its file's name."""
    from ...storage.campaigns import BRANCH_PREFIX
    from ...storage.slots import AUTOSAVE_PREFIX, CRASH_PREFIX

    number = save.name.rpartition("-")[2]
    for prefix, kind in ((AUTOSAVE_PREFIX, "autosave"), (BRANCH_PREFIX, "later turns")):
        if save.name.startswith(prefix):
            return f"{kind} {number}" if number.isdigit() else kind
    if save.name.startswith(CRASH_PREFIX):
        return "as it stood at a crash"
    return save.name


def save_label_text(save: SaveInfo, width: int) -> Text:
    """A save's line under its campaign (or under the saves that do not open)."""
    text = Text(f"{save_title(save):<{width}}")  # whole, however long
    if save.error:
        text.append("  ")
        text.append_text(save_trouble(save))
    else:
        text.append(f"  {save_facts(save)}")
        if save.table:
            text.append("  table", style=f"bold {paint('text-primary')}")
    text.append(f"  {played_text(save.modified)}", style=paint("muted"))
    return text


NAME_WIDTH = 24
"""The least width of a campaign's name column in the list (28 at 80 columns leaves no room for
the date); it widens to the longest name where the screen has room, and a longer name is shown
whole, its facts after it."""
ROW_FACTS = 51
"""The columns a campaign's line takes besides its name: its fold mark, where it stands, when it
was played."""


def name_width(names: list[str], width: int) -> int:
    """The name column's width in a list `width` columns wide."""
    return max(NAME_WIDTH, min(max(map(len, names), default=0), width - ROW_FACTS))


class CampaignNode(NamedTuple):
    """A campaign in the list: Enter opens its latest save."""

    campaign: CampaignSaves


@dataclass(frozen=True)
class Folder:
    """A folder in the list: a campaign's autosaves, or the saves that do not open."""

    count: int
    broken: bool = False

    def label(self) -> Text:
        if self.broken:
            return Text(f"Saves that do not open ({self.count})",
                        style=f"bold {paint('text-error')}")
        return Text(f"Autosaves ({self.count})", style="italic")


class SaveNode(NamedTuple):
    """A save in the list, and the width its name is given at its depth."""

    save: SaveInfo
    width: int


class PositionOnly(NamedTuple):
    """Open this save's position alone: its history no longer replays (it is dropped)."""

    path: Path


def tree_nodes(tree: Tree[object]) -> list[TreeNode[object]]:
    """Every node of a tree below its root, each level before the next."""
    found: list[TreeNode[object]] = []
    waiting = list(tree.root.children)
    while waiting:
        node = waiting.pop(0)
        found.append(node)
        waiting.extend(node.children)
    return found
