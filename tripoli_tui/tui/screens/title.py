"""TitleScreen: start, continue or load a campaign; tutorials, rules, the record, quit."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..theme import paint
from ..widgets.key_footer import KeyFooter
from ..widgets.readable_list import ReadableOptionList
from .seeds import SEED_LIMIT as SEED_LIMIT
from .seeds import parse_seed
from .table_new import NewTableCampaign as NewTableCampaign
from .themed import FollowsTheme

if TYPE_CHECKING:  # the title shows before the engine and the saves load
    from ...storage import SaveInfo
    from .load import PositionOnly

SHIP = (
    "        ▲        ▲        ▲",
    "      ▐███▌    ▐███▌    ▐███▌",
    " ▀▄▄▄▄▄▄█▄▄▄▄▄▄▄▄█▄▄▄▄▄▄▄▄█▄▄▄▄▄▄▄▀",
    "~~ ▀▀█████████████████████████▀▀ ~~~",
)

SHORT = 26
"""Below this height the title screen drops its spare blank line."""
CONTINUE_NAME = 54
"""The longest a campaign's name is shown beside Continue (a name may have 60 characters: the
menu's box, 76 wide at most, has room for 54 after ' c   Continue  ')."""
MENU = (
    ("new", "n", "New campaign"),
    ("table", "a", "At the table: the T-bot for your own board"),
    ("continue", "c", "Continue"),
    ("load", "l", "Load a saved campaign"),
    ("course", "e", "Course: learn the T-bot"),
    ("tutorials", "t", "Tutorials"),
    ("drill", "d", "Drill: predict the T-bot on a tutorial"),
    ("drill-random", "g", "Drill on a random position"),
    ("rules", "r", "Rules"),
    ("record", "p", "Past campaigns"),
    ("quit", "q", "Quit"),
)


@dataclass(frozen=True)
class NewCampaign:
    """Start a new campaign from this seed (None: a random one)."""

    seed: int | None


@dataclass(frozen=True)
class ContinueLatest:
    """Open the latest save."""


@dataclass(frozen=True)
class OpenSave:
    """Open this save (or this tutorial), or only its position."""

    path: Path | PositionOnly


@dataclass(frozen=True)
class DrillTutorial:
    """A drill on this tutorial."""

    path: Path | PositionOnly


@dataclass(frozen=True)
class DrillRandom:
    """A drill on a random position of the game of this seed (None: a random one)."""

    seed: int | None


@dataclass(frozen=True)
class OpenCourse:
    """The course: learn the T-bot from zero."""


@dataclass(frozen=True)
class QuitGame:
    """Leave the program."""


TitleChoice = (NewCampaign | NewTableCampaign | ContinueLatest | OpenSave | DrillTutorial
               | DrillRandom | OpenCourse | QuitGame)
"""What the player chose on the title screen."""


class TitleScreen(FollowsTheme, Screen[TitleChoice]):
    """Dismisses with the player's choice (a TitleChoice)."""

    CSS_PATH = "title.tcss"
    AUTO_FOCUS = "#title-menu"
    BINDINGS = [
        Binding("n", "new", "New", id="title.new"),
        Binding("a", "table", "At the table", show=False, id="title.table"),
        Binding("c", "continue", "Continue", id="title.continue"),
        Binding("l", "load", "Load", id="title.load"),
        Binding("e", "course", "Course", id="title.course"),
        Binding("t", "tutorials", "Tutorials", show=False, id="title.tutorials"),
        Binding("d", "drill", "Drill", id="title.drill"),
        Binding("g", "drill_random", "Drill, random", show=False, id="title.drill_random"),
        Binding("r", "rules", "Rules", id="title.rules"),
        Binding("p", "record", "Record", id="title.record"),
        Binding("s", "seed", "Seed", show=False, id="title.seed"),
        Binding("q", "quit_game", "Quit", id="title.quit"),
        Binding("escape", "menu", "Menu", show=False, id="title.menu"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.latest: SaveInfo | None = None
        self.no_continue = "looking for saves…"
        self.closing = False
        """A choice has been made: the screen is closing."""
        self.said = ("", False)
        """The message under the menu, and whether it tells of a mistake."""

    def compose(self) -> ComposeResult:
        with Vertical(id="title-frame"):
            yield Static("\n".join(SHIP), id="title-ship")
            yield Static("T H E   S H O R E S   O F   T R I P O L I", id="title-name")
            yield Static("1801–1806 · the United States against the T-bot", id="title-tagline")
            with Center():
                yield ReadableOptionList(id="title-menu")
            with Center():
                with Horizontal(id="seed-row"):
                    yield Static("Seed of a new campaign:", id="seed-label")
                    yield Input(placeholder="random", id="seed-input", restrict=r"-?[0-9]*",
                                max_length=20, compact=True)
            yield Static("", id="title-message")
        yield KeyFooter(palette=True)

    def on_mount(self) -> None:
        self._fit(self.app.size.height)
        self._fill_menu()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        """In a short terminal the name's blank line above it goes: the message line stays in view
        under the seed box at 80x24."""
        self.set_class(height < SHORT, "-short")
        self.call_after_refresh(self._find_latest)

    def _close(self, result: TitleChoice) -> None:
        """Close once with `result`: keys queued behind the first choice (Enter twice) are not a
        second choice."""
        if self.closing:
            return
        self.closing = True
        self.dismiss(result)

    def _find_latest(self) -> None:
        """Look for the latest save once the screen is up (reading saves needs the engine)."""
        from . import load

        self.latest, self.no_continue = load.fetch_latest()
        self._fill_menu()

    def _fill_menu(self) -> None:
        if self.closing or not self.query("#title-menu"):
            return  # closed (a quick key) before the saves were read
        menu = self.query_one("#title-menu", OptionList)
        menu.clear_options()
        menu.add_options(self._option(item) for item in MENU)
        menu.highlighted = menu.get_option_index("continue") if self.latest is not None else 0
        self.refresh_bindings()

    def _option(self, item: tuple[str, str, str]) -> Option:
        ident, key, label = item
        prompt = Text()
        prompt.append(f" {key} ", style="bold reverse")
        prompt.append(f"  {label}")
        disabled = False
        if ident == "continue":
            if self.latest is not None:
                name, where = self._latest_text()
                prompt.append(f"  {name}", style="italic")
                # where it stands on a line of its own, under the name: on one line it passed
                # 76 columns with a long name and wrapped to the box's edge at 80x24
                prompt.append(f"\n{' ' * (prompt.cell_len - cell_len(name))}{where}",
                              style="italic")
            else:
                prompt.append(f"  — {self.no_continue}", style="italic")
                disabled = True
        if ident in ("new", "drill-random"):
            prompt.append("  (seed below)", style="dim italic")
        return Option(prompt, id=ident, disabled=disabled)

    def _latest_text(self) -> tuple[str, str]:
        """The latest save's campaign (a long name cut with '…': the box is at most 76 wide),
        and where it stands: ('The long blockade', 'Fall 1803 · played today 19:26')."""
        from . import load

        save = self.latest
        if save is None:
            return "", ""
        name = load.campaign_of(save)
        if len(name) > CONTINUE_NAME:
            name = name[:CONTINUE_NAME - 1].rstrip() + "…"
        return name, f"{save.when} · played {load.played_text(save.modified)}"

    # --- actions ---

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue" and self.latest is None:
            return None  # shown dimmed: there is nothing to continue
        return True

    @on(OptionList.OptionSelected, "#title-menu")
    def _menu_selected(self, event: OptionList.OptionSelected) -> None:
        ident = event.option.id or ""
        {"new": self.action_new, "table": self.action_table, "continue": self.action_continue,
         "load": self.action_load, "course": self.action_course,
         "tutorials": self.action_tutorials, "rules": self.action_rules,
         "drill": self.action_drill, "drill-random": self.action_drill_random,
         "record": self.action_record, "quit": self.action_quit_game}[ident]()

    @on(Input.Submitted, "#seed-input")
    def _seed_submitted(self) -> None:
        self.action_new()

    @on(Input.Changed, "#seed-input")
    def _seed_changed(self) -> None:
        self._say("")

    def _say(self, message: str, error: bool = False) -> None:
        self.said = (message, error)
        self.query_one("#title-message", Static).update(
            Text(message, style=f"bold {paint('text-error')}" if error else "italic"))

    def repaint(self) -> None:
        self._say(*self.said)

    def action_new(self) -> None:
        seed, problem = parse_seed(self.query_one("#seed-input", Input).value)
        if problem:
            self._say(problem, error=True)
            self.query_one("#seed-input", Input).focus()
            return
        self._close(NewCampaign(seed))

    def action_table(self) -> None:
        from .table_new import TableCampaignScreen

        def chosen(result: NewTableCampaign | None) -> None:
            if result is not None:
                self._close(result)

        self.app.push_screen(TableCampaignScreen(), chosen)

    def action_continue(self) -> None:
        if self.latest is None:
            self._say(f"Nothing to continue: {self.no_continue}.", error=True)
            return
        self._close(ContinueLatest())

    def _loaded(self, path: Path | PositionOnly | None) -> None:
        if path is not None:
            self._close(OpenSave(path))
        else:  # back from the list: Continue says the campaign's name as it is now (renamed there)
            self._fill_menu()

    def action_load(self) -> None:
        from .load import LoadScreen

        self.app.push_screen(LoadScreen("saves"), self._loaded)

    def action_course(self) -> None:
        self._close(OpenCourse())

    def action_tutorials(self) -> None:
        from .load import LoadScreen

        self.app.push_screen(LoadScreen("tutorials"), self._loaded)

    def _drill_on(self, path: Path | PositionOnly | None) -> None:
        if path is not None:
            self._close(DrillTutorial(path))

    def action_drill(self) -> None:
        from .load import LoadScreen

        self.app.push_screen(LoadScreen("tutorials"), self._drill_on)

    def action_drill_random(self) -> None:
        seed, problem = parse_seed(self.query_one("#seed-input", Input).value)
        if problem:
            self._say(problem, error=True)
            return
        self._close(DrillRandom(seed))

    def action_rules(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen("rules"))

    def action_record(self) -> None:
        from .record import RecordScreen

        self.app.push_screen(RecordScreen())

    def action_seed(self) -> None:
        self.query_one("#seed-input", Input).focus()

    def action_menu(self) -> None:
        self.query_one("#title-menu", OptionList).focus()

    def action_quit_game(self) -> None:
        self._close(QuitGame())
