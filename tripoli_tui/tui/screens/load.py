"""LoadScreen: saved campaigns (newest first) and the example positions offered as tutorials.

Also the guarded access to tripoli_tui.storage that the title screen shares: every call returns
(value, problem) so a missing or broken save folder becomes a message, never a traceback.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import data as d
from ..theme import paint
from ..widgets.readable_list import ReadableOptionList
from .themed import FollowsTheme

if TYPE_CHECKING:
    from ...storage import SaveInfo


def clock() -> float:
    """Now, as an epoch; tests replace it to keep "last played" fixed."""
    return time.time()


def _storage() -> ModuleType:
    from ... import storage  # imported late: saves are optional for the screens to work

    return storage


def save_folder() -> str:
    try:
        return str(_storage().save_dir())
    except Exception:
        return "the saves folder"


def fetch_saves() -> tuple[list[SaveInfo], str]:
    """Saved campaigns, newest first, or ([], what went wrong)."""
    try:
        saves: list[SaveInfo] = _storage().list_saves()
    except Exception as exc:
        return [], f"Could not read the saved campaigns ({_why(exc)})."
    return saves, ""


def fetch_latest() -> tuple[SaveInfo | None, str]:
    """The most recently played save, or (None, why there is none)."""
    try:
        latest = _storage().latest_save()
    except Exception as exc:
        return None, f"the saves could not be read ({_why(exc)})"
    if latest is None:
        return None, "no saved campaign yet"
    return latest, ""


def fetch_examples() -> tuple[list[SaveInfo], str]:
    try:
        examples: list[SaveInfo] = _storage().list_examples()
        return examples, ""
    except Exception as exc:
        return [], f"Could not read the example positions ({_why(exc)})."


def fetch_completed() -> frozenset[str]:
    """The tutorials the campaign record checks off (none if it cannot be read)."""
    try:
        completed: frozenset[str] = _storage().read_record().completed
        return completed
    except Exception:
        return frozenset()


def _why(exc: Exception) -> str:
    return str(exc) or type(exc).__name__


def played_text(epoch: float, now: float | None = None) -> str:
    """When a save was last played, relative to `now` for the last week, else the date."""
    now = clock() if now is None else now
    try:
        then = datetime.fromtimestamp(float(epoch))
        today = datetime.fromtimestamp(now).date()
    except (OverflowError, OSError, ValueError, TypeError):
        return "unknown"
    days = (today - then.date()).days
    if days == 0:
        return f"today {then:%H:%M}"
    if days == 1:
        return f"yesterday {then:%H:%M}"
    if 1 < days < 7:
        return f"{days} days ago"
    return f"{then.day} {then:%b %Y}"


def pending_text(side: str) -> str:
    return {d.US: "you", d.TRIPOLITANIA: "T-bot"}.get(side, side or "—")


def save_trouble(save: SaveInfo) -> Text:
    """What a save that does not load offers instead of its date."""
    if save.rescuable:
        return Text("position only (p)", style=paint("text-warning"))
    return Text("unreadable", style=paint("text-error"))


def tutorial_prompt(example: SaveInfo, done: bool = False) -> Text:
    """A tutorial in the course's list: checked off or not, its lesson and title, its trouble,
    and its goal (its description when it has none)."""
    prompt = Text()
    prompt.append("✔ " if done else "○ ", style=f"bold {paint('text-success')}" if done
                  else paint("muted"))
    if example.lesson:
        prompt.append(f"{example.lesson}. ", style="bold")
    prompt.append(example.title or example.name, style="bold")
    if example.error:
        prompt.append(f"  (unreadable: {example.error})", style=paint("text-error"))
    if example.goal:
        prompt.append(f"\n  {example.goal}", style="not bold")
    elif example.description:
        prompt.append(f"\n  {example.description}", style="not bold italic")
    return prompt


class PositionOnly(NamedTuple):
    """Open this save's position alone: its history no longer replays (it is dropped)."""

    path: Path


class LoadScreen(FollowsTheme, Screen[Path | PositionOnly | None]):
    """Pick a saved campaign or a tutorial position. Dismisses with its path (or PositionOnly for a
    save whose history fails but whose position opens), or None."""

    CSS_PATH = "load.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back", id="load.back"),
        Binding("enter", "load", "Load", id="load.load", priority=True),
        Binding("s", "focus_list('saves')", "Saves", id="load.saves"),
        Binding("t", "focus_list('tutorials')", "Tutorials", id="load.tutorials"),
        Binding("p", "position_only", "Position only", id="load.position_only",
                tooltip="Open a save whose history no longer replays from its position alone"),
    ]

    def __init__(self, section: str = "saves") -> None:
        super().__init__()
        self.section = section if section in ("saves", "tutorials") else "saves"
        self.saves: list[SaveInfo] = []
        self.examples: list[SaveInfo] = []
        self.problems = {"saves": "", "tutorials": ""}
        """What went wrong reading the saves, the example positions ('' for nothing)."""
        self.completed: frozenset[str] = frozenset()
        """The tutorials the campaign record checks off, by name."""

    def compose(self) -> ComposeResult:
        with Vertical(id="load-frame"):
            yield Static("Load a campaign", id="load-title")
            yield Static("", id="saves-label", classes="section-label")
            yield DataTable(id="saves-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="saves-note", classes="note")
            yield Static("Tutorials — the T-bot's flowchart, lesson by lesson (✔ finished)",
                         id="tutorials-label", classes="section-label")
            yield ReadableOptionList(id="tutorial-list")
            yield Static("", id="tutorials-note", classes="note")
        yield Footer()

    def on_mount(self) -> None:
        self.saves, self.problems["saves"] = fetch_saves()
        self.query_one("#saves-label", Static).update(  # (a path: text, never markup)
            Text(f"Saved campaigns — {save_folder()}"))
        table = self.query_one("#saves-table", DataTable)
        table.add_column("save", key="name")
        table.add_column("date", key="when")
        table.add_column("gold", key="gold")
        table.add_column("sunk", key="sunk")
        table.add_column("to play", key="side")
        table.add_column("last played", key="played")
        for i, save in enumerate(self.saves):
            name = Text(save.name, style="bold")
            played = played_text(save.modified)
            if save.error:
                table.add_row(name, save_trouble(save), "", "", "", played, key=str(i))
                continue
            table.add_row(name, save.when, f"{save.gold}/12", f"{save.frigates_sunk}/4",
                          pending_text(save.pending_side), played, key=str(i))
        note = self.query_one("#saves-note", Static)
        if not self.problems["saves"] and not self.saves:
            note.update("No saved campaigns yet: a campaign is saved as you play.")
        table.display = bool(self.saves)

        self.examples, self.problems["tutorials"] = fetch_examples()
        self.completed = fetch_completed()
        tutorials = self.query_one("#tutorial-list", OptionList)
        for i, example in enumerate(self.examples):
            if i:
                tutorials.add_option(None)
            tutorials.add_option(Option(self._tutorial_prompt(example), id=str(i)))
        tnote = self.query_one("#tutorials-note", Static)
        if not self.problems["tutorials"] and not self.examples:
            tnote.update("No example positions are installed.")
        tutorials.display = bool(self.examples)
        self._show_problems()
        self.action_focus_list(self.section)

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
        table = self.query_one("#saves-table", DataTable)
        for i, save in enumerate(self.saves):
            if save.error:
                table.update_cell(str(i), "when", save_trouble(save))
        tutorials = self.query_one("#tutorial-list", OptionList)
        for i, example in enumerate(self.examples):
            tutorials.replace_option_prompt(str(i), self._tutorial_prompt(example))

    def _tutorial_prompt(self, example: SaveInfo) -> Text:
        return tutorial_prompt(example, example.name in self.completed)

    def action_focus_list(self, which: str) -> None:
        if which == "tutorials" and self.examples:
            self.query_one("#tutorial-list", OptionList).focus()
            if self.query_one("#tutorial-list", OptionList).highlighted is None:
                self.query_one("#tutorial-list", OptionList).highlighted = 0
        elif self.saves:
            self.query_one("#saves-table", DataTable).focus()
        elif self.examples:
            self.query_one("#tutorial-list", OptionList).focus()

    def _chosen_info(self) -> SaveInfo | None:
        focused = self.focused
        chosen: SaveInfo | None = None
        if isinstance(focused, DataTable) and focused.display and self.saves:
            row = focused.cursor_row
            if 0 <= row < len(self.saves):
                chosen = self.saves[row]
        elif isinstance(focused, OptionList) and focused.display and self.examples:
            option = focused.highlighted_option
            if option is not None and option.id is not None:
                chosen = self.examples[int(option.id)]
        return chosen

    def _chosen(self) -> tuple[Path | None, str]:
        """The path to load, or (None, why nothing can be loaded)."""
        chosen = self._chosen_info()
        if chosen is None:
            if not self.saves and not self.examples:
                return None, "There is nothing to load yet: Escape goes back."
            return None, "Choose a save or a tutorial first (s: saves, t: tutorials)."
        if chosen.error:
            rescue = (" Its position alone can be opened: press p (its history is dropped)."
                      if chosen.rescuable else "")
            return None, f"{chosen.name} cannot be loaded: {chosen.error}{rescue}"
        return chosen.path, ""

    def action_position_only(self) -> None:
        chosen = self._chosen_info()
        if chosen is None or not chosen.rescuable:
            self.notify("p opens the position alone of a save whose history no longer replays; "
                        "the highlighted save is not one.", title="Nothing loaded",
                        severity="warning", timeout=6)
            return
        self.dismiss(PositionOnly(chosen.path))

    def action_load(self) -> None:
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
