"""LoadScreen: the campaigns (played last first), each with where it stands and its saves folded
under it, and, on a tab of their own, the example positions offered as tutorials.

What it reads from the save folder is in saves_read (guarded: a problem is a message), its lines in
load_rows.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static, TabbedContent, TabPane, Tree
from textual.widgets.option_list import Option
from textual.widgets.tree import TreeNode

from ..theme import paint
from ..widgets.key_footer import KeyFooter
from ..widgets.readable_list import ReadableOptionList
from .load_rows import (
    NAME_WIDTH,
    CampaignNode,
    Folder,
    PositionOnly,
    SaveNode,
    campaign_label_text,
    campaign_of,
    name_width,
    save_label_text,
    tree_nodes,
    tutorial_prompt,
)
from .saves_read import (
    fetch_completed,
    fetch_examples,
    fetch_latest,
    fetch_names,
    fetch_saves,
    played_text,
    replay_parting,
    save_folder,
)
from .themed import FollowsTheme

if TYPE_CHECKING:
    from ...play.verify import Parting
    from ...storage import CampaignSaves, SaveInfo

__all__ = ["LoadScreen", "PositionOnly", "campaign_of", "fetch_latest", "played_text"]
"""(What the title screen and the app read here.)"""


class LoadScreen(FollowsTheme, Screen[Path | PositionOnly | None]):
    """Pick a campaign (its latest save), one of its saves, or a tutorial position. Dismisses with
    its path (or PositionOnly for a save whose history fails but whose position opens), or None."""

    CSS_PATH = "load.tcss"
    MAX_WIDTH = 110
    """The widest the screen's frame grows (load.tcss's max-width)."""
    BINDINGS = [
        Binding("escape", "back", "Back", id="load.back"),
        Binding("enter", "load", "Load", id="load.load", priority=True),
        Binding("space", "fold", "Open/fold", show=False, id="load.fold"),
        Binding("s", "focus_list('saves')", "Campaigns", id="load.saves"),
        Binding("t", "focus_list('tutorials')", "Tutorials", id="load.tutorials"),
        Binding("p", "position_only", "Position", id="load.position_only",
                tooltip="Open a save whose history no longer replays from its position alone"),
        Binding("r", "rename", "Rename", id="load.rename",
                tooltip="Give the campaign highlighted another name (its saves keep their files)"),
    ]

    def __init__(self, section: str = "saves") -> None:
        super().__init__()
        self.section = section if section in ("saves", "tutorials") else "saves"
        self.saves: list[SaveInfo] = []
        self.campaigns: list[CampaignSaves] = []
        self.broken: list[SaveInfo] = []
        self.examples: list[SaveInfo] = []
        self.problems = {"saves": "", "tutorials": ""}
        """What went wrong reading the saves, the example positions ('' for nothing)."""
        self.completed: frozenset[str] = frozenset()
        """The tutorials the campaign record checks off, by name."""
        self.name_width = NAME_WIDTH
        """The width of the campaigns' names in the list (the longest, where there is room)."""
        self.parted: dict[str, Parting] = {}
        """The campaigns today's rules replay otherwise than they were saved, by label: where."""

    def compose(self) -> ComposeResult:
        with Vertical(id="load-frame"):
            yield Static("Load a campaign", id="load-title")
            with TabbedContent(id="load-tabs", initial=self.section):
                with TabPane("Campaigns", id="saves"):
                    yield Static("", id="saves-label", classes="section-label")
                    yield Tree("campaigns", id="saves-tree")
                    yield Static("", id="saves-detail")
                    yield Static("", id="saves-note", classes="note")
                with TabPane("Tutorials", id="tutorials"):
                    yield Static("The T-bot's flowchart, lesson by lesson (✔ finished)",
                                 id="tutorials-label", classes="section-label")
                    yield ReadableOptionList(id="tutorial-list")
                    yield Static("", id="tutorials-note", classes="note")
        yield KeyFooter(palette=True)

    def on_mount(self) -> None:
        from ... import storage

        self.saves, self.problems["saves"] = fetch_saves()
        self.campaigns, self.broken = storage.group_saves(self.saves, fetch_names())
        self.query_one("#saves-label", Static).update(  # (a path: text, never markup)
            Text(f"Campaigns, played last first (space opens one) — {save_folder()}"))
        self._fill_tree()
        note = self.query_one("#saves-note", Static)
        if not self.problems["saves"] and not self.saves:
            note.update("No saved campaigns yet: a campaign is saved as you play.")
        self.query_one("#saves-tree", Tree).display = bool(self.saves)

        self.examples, self.problems["tutorials"] = fetch_examples()
        self.completed = fetch_completed()
        tutorials = self.query_one("#tutorial-list", OptionList)
        tutorials.add_options(Option("", id=str(i)) for i in range(len(self.examples)))
        self._show_tutorials()
        tnote = self.query_one("#tutorials-note", Static)
        if not self.problems["tutorials"] and not self.examples:
            tnote.update("No example positions are installed.")
        tutorials.display = bool(self.examples)
        self._show_problems()
        self.action_focus_list(self.section)
        if self.campaigns:
            self._replay_campaigns(list(self.campaigns))

    def _fill_tree(self) -> None:
        tree: Tree[object] = self.query_one("#saves-tree", Tree)
        tree.clear()
        tree.show_root = False
        tree.guide_depth = 2
        self.name_width = name_width([c.name for c in self.campaigns],
                                     min(self.app.size.width, self.MAX_WIDTH) - 2)
        # A save (no fold mark) under a campaign starts where the campaign's name does (its
        # guide where the campaign's mark is); one in a folder two columns further in: its
        # facts line up with the campaign's.
        for campaign in self.campaigns:
            node = tree.root.add(self._campaign_label(campaign), data=CampaignNode(campaign))
            for save in campaign.named:
                self._add_save(node, save, self.name_width)
            if campaign.autosaves:
                folder = Folder(len(campaign.autosaves))
                autos = node.add(folder.label(), data=folder)
                for save in campaign.autosaves:
                    self._add_save(autos, save, self.name_width - 2)
        if self.broken:
            folder = Folder(len(self.broken), broken=True)
            node = tree.root.add(folder.label(), data=folder, expand=not self.campaigns)
            for save in self.broken:
                self._add_save(node, save, self.name_width)
        if tree.root.children:  # the campaign played last; or the first save that does not open
            first = tree.root.children[0]
            target = first if self.campaigns or not first.children else first.children[0]
            tree.move_cursor(target)
            if target is not first:  # (its line is known once the folder is laid out open)
                self.call_after_refresh(tree.move_cursor, target)

    def _campaign_label(self, campaign: CampaignSaves, width: int | None = None) -> Text:
        return campaign_label_text(campaign, self.name_width if width is None else width,
                                   self.parted.get(campaign.label))

    @on(Tree.NodeHighlighted, "#saves-tree")
    def _highlighted(self, event: Tree.NodeHighlighted[object]) -> None:
        """The line highlighted, whole and wrapped under the list: a name longer than the screen
        has room for is read there."""
        data = event.node.data
        if isinstance(data, CampaignNode):
            shown = self._campaign_label(data.campaign, 0)
        elif isinstance(data, SaveNode):
            shown = save_label_text(data.save, 0)
        else:
            shown = Text("")
        self.query_one("#saves-detail", Static).update(shown)

    @work(thread=True, exclusive=True, group="replays", exit_on_error=False)
    def _replay_campaigns(self, campaigns: list[CampaignSaves]) -> None:
        """Each campaign replayed with today's rules, in a thread once the list is shown: one
        that parts from its saves (a rules fix changed what follows) is marked ≠ and said."""
        from textual.worker import get_current_worker

        from ...storage.checked import keep as keep_checks

        parted = []
        for campaign in campaigns:
            if get_current_worker().is_cancelled:
                return
            parting = replay_parting(campaign)
            if parting is not None:
                parted.append((campaign, parting))
        keep_checks()  # (the replays, kept for the next start)
        if parted and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._mark_parted, parted)

    def _mark_parted(self, parted: list[tuple[CampaignSaves, Parting]]) -> None:
        self.parted.update((campaign.label, parting) for campaign, parting in parted)
        for node in tree_nodes(self.query_one("#saves-tree", Tree)):
            if isinstance(node.data, CampaignNode) and node.data.campaign.label in self.parted:
                node.set_label(self._campaign_label(node.data.campaign))
        campaign, parting = parted[0]
        where = f"{parting.season}, choice {parting.choice}" if parting.choice else parting.season
        others = f" (and {len(parted) - 1} more)" if len(parted) > 1 else ""
        self.notify(f"{campaign.name}{others} replays otherwise with this version's rules, from "
                    f"{where} (marked ≠); `tripoli verify` says what differs.",
                    title="Rules changed since", severity="warning", timeout=10)

    @staticmethod
    def _add_save(node: TreeNode[object], save: SaveInfo, width: int) -> None:
        node.add_leaf(save_label_text(save, width), data=SaveNode(save, width))

    def _show_problems(self) -> None:
        """A problem reading the saves or the examples, in the note under each (hidden when
        there is neither a problem nor a word to say)."""
        for section, listed, note_id in (("saves", self.saves, "#saves-note"),
                                         ("tutorials", self.examples, "#tutorials-note")):
            note = self.query_one(note_id, Static)
            problem = self.problems[section]
            if problem:
                note.update(Text(problem, style=f"bold {paint('text-error')}"))
            elif listed:
                note.display = False

    def repaint(self) -> None:
        """The troubles of saves and examples in the new theme's colours."""
        self._show_problems()
        for node in tree_nodes(self.query_one("#saves-tree", Tree)):
            if isinstance(node.data, Folder):
                node.set_label(node.data.label())
            elif isinstance(node.data, CampaignNode):
                node.set_label(self._campaign_label(node.data.campaign))
            elif isinstance(node.data, SaveNode):
                node.set_label(save_label_text(*node.data))
        self._show_tutorials()

    def _show_tutorials(self) -> None:
        """The tutorials' rows (again: in the theme's colours)."""
        tutorials = self.query_one("#tutorial-list", ReadableOptionList)
        for i, example in enumerate(self.examples):
            tutorials.replace_option_prompt(
                str(i), tutorial_prompt(example, example.name in self.completed))

    def action_focus_list(self, which: str) -> None:
        tabs = self.query_one("#load-tabs", TabbedContent)
        if which == "tutorials" and (self.examples or not self.saves):
            tabs.active = "tutorials"
            listing = self.query_one("#tutorial-list", OptionList)
            listing.focus()
            if listing.highlighted is None and self.examples:
                listing.highlighted = 0
        else:
            tabs.active = "saves"
            self.query_one("#saves-tree", Tree).focus()

    @on(TabbedContent.TabActivated, "#load-tabs")
    def _tab_chosen(self, event: TabbedContent.TabActivated) -> None:
        wanted = "tutorials" if event.pane.id == "tutorials" else "saves"
        focused = self.focused
        if wanted == "saves" and not isinstance(focused, Tree):
            self.query_one("#saves-tree", Tree).focus()
        elif wanted == "tutorials" and not isinstance(focused, OptionList):
            self.query_one("#tutorial-list", OptionList).focus()

    def _chosen_info(self) -> SaveInfo | None:
        """The save highlighted: a save, or a campaign's latest (None for a folder, or nothing)."""
        focused = self.focused
        if isinstance(focused, Tree) and focused.display:
            node = focused.cursor_node
            data = node.data if node is not None else None
            if isinstance(data, CampaignNode):
                return data.campaign.latest
            return data.save if isinstance(data, SaveNode) else None
        if isinstance(focused, OptionList) and focused.display and self.examples:
            option = focused.highlighted_option
            if option is not None and option.id is not None:
                return self.examples[int(option.id)]
        return None

    def _chosen(self) -> tuple[Path | None, str]:
        """The path to load, or (None, why nothing can be loaded)."""
        chosen = self._chosen_info()
        if chosen is None:
            if not self.saves and not self.examples:
                return None, "There is nothing to load yet: Escape goes back."
            return None, "Choose a campaign, a save or a tutorial first (s: campaigns, t: tutorials)."
        if chosen.error:
            rescue = (" Its position alone can be opened: press p (its history is dropped)."
                      if chosen.rescuable else "")
            return None, f"{chosen.name} cannot be loaded: {chosen.error}{rescue}"
        return chosen.path, ""

    def action_fold(self) -> None:
        tree = self.query_one("#saves-tree", Tree)
        if self.focused is tree and tree.cursor_node is not None:
            tree.cursor_node.toggle()

    def action_position_only(self) -> None:
        chosen = self._chosen_info()
        if chosen is None or not chosen.rescuable:
            self.notify("p opens the position alone of a save whose history no longer replays; "
                        "the highlighted save is not one.", title="Nothing loaded",
                        severity="warning", timeout=6)
            return
        self.dismiss(PositionOnly(chosen.path))

    def _chosen_campaign(self) -> tuple[CampaignSaves | None, TreeNode[object] | None]:
        """The campaign highlighted (or the one of the save highlighted), and its line."""
        tree: Tree[object] = self.query_one("#saves-tree", Tree)
        node = tree.cursor_node if self.focused is tree else None
        while node is not None and not isinstance(node.data, CampaignNode):
            node = node.parent
        return (node.data.campaign, node) if node is not None and isinstance(
            node.data, CampaignNode) else (None, None)

    def action_rename(self) -> None:
        campaign, node = self._chosen_campaign()
        if campaign is None or node is None:
            self.notify("r renames a campaign: highlight one in the campaigns (s).",
                        title="Nothing renamed", severity="warning", timeout=6)
            return
        from ... import storage
        from .campaign_name import ask_new_name

        def renamed(name: str) -> None:
            campaign.name = name
            node.set_label(self._campaign_label(campaign))

        ask_new_name(self, campaign.name, lambda name: storage.rename_campaign(campaign.label, name),
                     renamed)

    def action_load(self) -> None:
        tree = self.query_one("#saves-tree", Tree)
        node = tree.cursor_node
        if self.focused is tree and node is not None and isinstance(node.data, Folder):
            node.toggle()  # a folder: the autosaves, the saves that do not open
            return
        path, problem = self._chosen()
        if path is None:
            self.notify(problem, title="Nothing loaded", severity="warning", timeout=6)
            return
        self.dismiss(path)

    @on(OptionList.OptionSelected, "#tutorial-list")
    def _tutorial_selected(self) -> None:
        self.action_load()

    def action_back(self) -> None:
        self.dismiss(None)
