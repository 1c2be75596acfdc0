"""The Textual application: starts on the title screen (or straight into a game) and goes from
screen to screen; what it does around the game (saves, the terminal, every way out) is KeptApp's
(kept_app.py). `run_app` runs it in this terminal."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on
from textual.binding import Binding
from textual.command import CommandPalette

from ..cli.signals import STOPPING
from ..save_error import SaveError
from ..storage.keeper import SaveProblem, open_save, resolved
from . import parsed_styles, textual_fixes
from .closing import say
from .course_route import CourseRoute
from .ending import crash_line as crash_line
from .ending import stopped_line
from .messages import (
    CardMarksSet,
    CourseAsked,
    DrillScored,
    GameEnded,
    HelpAsked,
    RecordAsked,
    RulingsAsked,
    TutorialDone,
    WalkthroughSet,
)
from .palette_commands import HelpKeysPalette
from .starting import new_campaign as new_campaign
from .starting import random_seed as random_seed
from .starting import tutorial_of as tutorial_of
from .themed_app import THEME as THEME  # the game's own theme, for the tests
from .themed_app import ThemedApp

textual_fixes.apply()

if TYPE_CHECKING:  # modules past the title screen are imported on first use, so it paints first
    from ..engine.game import Game
    from .screens.game_over import GameOverChoice
    from .screens.load import PositionOnly
    from .screens.title import NewTableCampaign, TitleChoice
    from .widgets.tutorial_note import Tutorial

class TripoliApp(HelpKeysPalette, ThemedApp):
    """The Shores of Tripoli, solitaire: you command the United States against the T-bot."""

    CSS_PATH = "tripoli.tcss"
    TITLE = "The Shores of Tripoli"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("q", "quit", "Quit", id="app.quit", tooltip="Quit (the game is saved first)"),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+l", "redraw", "Redraw", show=False, id="app.redraw", priority=True,
                tooltip="Draw the whole screen again (if something else wrote over it)"),
    ]

    def __init__(self, game: Game | None = None, *, tutorial: Tutorial | None = None,
                 handle_signals: bool = False, collector_held: bool = False,
                 theme: str | None = None) -> None:
        super().__init__(game, tutorial=tutorial is not None, handle_signals=handle_signals,
                         collector_held=collector_held, theme=theme)
        self.tutorial_words = tutorial
        self.course = CourseRoute(self, self.show_title, self.open_game)
        """The course: its lessons, and the one being played from it."""
        """The words of the tutorial the program was started with (tripoli load 01-...)."""
        self.walkthrough = self.settings.walkthrough
        """Whether the T-bot's turn is shown step by step (remembered in the settings)."""

    def action_command_palette(self) -> None:
        """ctrl+p: the command palette, unless one is open already, even beneath another screen
        (help opened over it). Textual looks at the screen on top only: a second palette, with
        the first's id, crashed the game (DuplicateIds '--command-palette')."""
        if not any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            super().action_command_palette()

    def on_mount(self) -> None:
        if self.settings_problem:
            self.notify(f"Your settings could not all be read: {self.settings_problem}.",
                        title="Settings", severity="warning", timeout=8)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self.game is not None:
            self.open_game(self.game, tutorial=self.tutorial_words or self.tutorial)
        else:
            self.show_title()
        self.call_after_refresh(self._remove_stale_temp_files)
        self.call_after_refresh(parsed_styles.keep)
        self.call_after_refresh(self._apply_keymap)
        self.call_after_refresh(self._settle_the_collector)
        if self.handle_signals:
            self._install_signal_handlers()

    def _apply_keymap(self) -> None:
        """The player's keys (keymap.toml beside the settings), once the first screen is drawn:
        what the game can use rebinds its binding; each line it cannot is said, with its line, and
        the game's own key kept for it. No file, nothing done (no screen imported early)."""
        from ..storage.keymap import read_keymap

        lines, problems = read_keymap()
        if lines:
            from .keymap import binding_ids, usable_keymap

            keymap, wrong = usable_keymap(lines, binding_ids())
            problems += wrong
            if keymap:
                self.set_keymap(keymap)
        if problems:
            self.notify("Your keymap could not all be used:\n" + "\n".join(problems[:5])
                        + (f"\n… and {len(problems) - 5} more" if len(problems) > 5 else ""),
                        title="Keymap", severity="warning", timeout=12, markup=False)

    # --- screens -------------------------------------------------------------------------

    def open_game(self, game: Game, *, tutorial: Tutorial | bool | None = None,
                  drill: str = "") -> None:
        """Show `game` on a fresh game screen, closing whatever was open. A tutorial (its words,
        or True when they are unknown) is shown with them and never autosaved. A campaign open
        in another window is not opened twice: the player may open a copy as a new branch."""
        from .screens.game import GameScreen

        busy = self.keeper.claim(game, tutorial=bool(tutorial))
        if busy:
            from .screens.campaign_busy import CampaignBusyScreen

            self.push_screen(CampaignBusyScreen(busy), lambda branch: self._busy_answered(
                bool(branch), game, tutorial, drill))
            return
        self.game = game
        self.tutorial = bool(tutorial)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        words = tutorial if not isinstance(tutorial, bool) else None
        self.push_screen(GameScreen(game, walkthrough=self.walkthrough, tutorial=words,
                                    drill=drill))
        # the game screen's styles kept too (opened from the title, they were parsed at that key)
        self.call_after_refresh(parsed_styles.keep)

    def _busy_answered(self, branch: bool, game: Game, tutorial: Tutorial | bool | None,
                       drill: str) -> None:
        problem = self.keeper.branch(game) if branch else ""
        if problem:
            self.notify(problem, title="Not opened", severity="warning")
        if problem or not branch:
            self.show_title()
            return
        self.notify("This game is a copy now, a campaign of its own: its autosaves never touch "
                    "the other window's.", title="New branch", timeout=6)
        self.open_game(game, tutorial=tutorial, drill=drill)

    def new_game(self, seed: int | None = None) -> None:
        """A new campaign, begun once its name is given (offered: the seed and the day)."""
        from .. import storage
        from .screens.campaign_name import CampaignNameDialog

        game = new_campaign(seed)
        dialog = CampaignNameDialog(
            storage.game_name(game), title="A new campaign", begin="begin the campaign",
            about=f"Seed {game.origin.seed}: you command the United States against the T-bot.",
            rules=True)

        def named(name: str | None) -> None:
            nonlocal game
            if name is None:
                self.show_title()
                return
            if dialog.hidden_discard:  # the same campaign, with the optional rule
                from ..engine.game import Game

                hidden = Game.new(game.origin.seed, hidden_discard=True)
                hidden.campaign, hidden.campaign_facts = game.campaign, game.campaign_facts
                game = hidden
            game.campaign_facts = replace(game.campaign_facts, name=name)
            self.open_game(game)

        self.push_screen(dialog, named)

    def new_table_game(self, chosen: NewTableCampaign) -> None:
        """A new table campaign, named and in the modes chosen on its screen."""
        try:
            game = new_campaign(chosen.seed, chosen.name, chosen.modes)
        except (SaveError, ValueError) as error:
            self.notify(f"The campaign was not started: {error}.", title="At the table",
                        severity="error", timeout=8)
            self.show_title()
            return
        self.open_game(game)

    def show_title(self) -> None:
        from .screens.title import TitleScreen

        self.course.lesson = ""  # (a lesson left for the title: its q no longer leads to the course)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(TitleScreen(), self._title_done)

    def _title_done(self, result: TitleChoice | None) -> None:
        from .screens.title import (
            ContinueLatest,
            DrillRandom,
            DrillTutorial,
            NewCampaign,
            NewTableCampaign,
            OpenCourse,
            OpenSave,
        )

        if isinstance(result, NewCampaign):
            self.new_game(result.seed)
        elif isinstance(result, NewTableCampaign):
            self.new_table_game(result)
        elif isinstance(result, DrillRandom):
            from ..play.drill import random_position

            self.open_game(random_position(result.seed if result.seed is not None
                                           else random_seed()), drill="random position")
        elif isinstance(result, DrillTutorial):
            self._load(result.path, drill="tutorial")
        elif isinstance(result, OpenCourse):
            self.course.show()
        elif isinstance(result, OpenSave):
            self._load(result.path)
        elif isinstance(result, ContinueLatest):
            self._load(self._latest_save_path())
        else:
            self.exit(0)

    def _latest_save_path(self) -> Path | None:
        from .. import storage

        try:
            info = storage.latest_save()
        except Exception:
            return None
        return info.path if info is not None else None

    def _load(self, path: Path | str | PositionOnly | None, drill: str = "") -> None:
        if path is None:
            self.notify("There is no save to continue.", severity="warning")
            self.show_title()
            return
        from .screens.load import PositionOnly

        whole = not isinstance(path, PositionOnly)
        if isinstance(path, PositionOnly):
            path = path.path
        try:
            game = open_save(path, history=whole)
        except SaveProblem as error:
            self.notify(str(error), title="Cannot open the save", severity="error", timeout=8)
            self.show_title()
            return
        if not whole:
            self.notify("Opened from its position alone: its history was dropped, so undo starts "
                        "here. Save it under a name (s) to keep it.", title="Position only",
                        severity="warning", timeout=10)
        self.open_game(game, tutorial=tutorial_of(path), drill=drill)

    def show_game_over(self, game: Game) -> None:
        from .screens.game_over import GameOverScreen

        self.push_screen(GameOverScreen(game), self._game_over_done)

    def _game_over_done(self, result: GameOverChoice | None) -> None:
        if result == "new":
            self.new_game()
        elif result == "title":
            self.show_title()
        elif result == "quit":
            self.exit(0)

    @on(HelpAsked)
    def _help_asked(self, message: HelpAsked) -> None:
        from .screens.game import GameScreen
        from .screens.help import HelpScreen

        game = self.game
        playing = game is not None and not game.is_over and any(
            isinstance(screen, GameScreen) for screen in self.screen_stack)
        self.push_screen(HelpScreen(state=game.state if playing and game else None,
                                    tbot_now=message.tbot_now))

    @on(RulingsAsked)
    async def _rulings_asked(self, message: RulingsAsked) -> None:
        await self.action_show_ruling(message.query)

    async def action_show_ruling(self, rulings: str) -> None:
        """Open Help on the rulings named (ids separated by spaces): a ruling's link in a text
        names this action (tui/rulings.py); a key posts RulingsAsked."""
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            await self.screen.open_rulings(rulings)
        else:
            self.push_screen(HelpScreen(tab="rulings", rulings=rulings))

    @on(DrillScored)
    def _drill_scored(self, message: DrillScored) -> None:
        """Keep a drill's score in the campaign record; a failure is a notification."""
        from .. import storage

        try:
            storage.record_drill(message.right, message.asked, message.source,
                                 answers=message.answers)
        except storage.SaveError as error:
            self.notify(str(error), severity="error")

    @on(CourseAsked)
    def _course_asked(self, message: CourseAsked) -> None:
        self.course.show(message.lesson)

    @on(TutorialDone)
    def _tutorial_done(self, message: TutorialDone) -> None:
        """Check a tutorial of the course off in the campaign record; a failure is a notification."""
        from .. import storage

        try:
            storage.record_tutorial(message.name, message.drill)
        except storage.SaveError as error:
            self.notify(str(error), severity="error")

    @on(RecordAsked)
    def _show_record(self) -> None:
        from .screens.record import RecordScreen

        self.push_screen(RecordScreen())

    @on(GameEnded)
    def _game_ended(self) -> None:
        """The game on show has just ended: record it and show the game-over screen."""
        if self.game is not None:
            self.record_result(self.game)
            self.show_game_over(self.game)

    @on(CardMarksSet)
    def _card_marks_set(self, message: CardMarksSet) -> None:
        """Keep whether the T-bot's card tiles are marked, and remember it."""
        self.remember(replace(self.settings, card_marks=message.on))

    @on(WalkthroughSet)
    def _walkthrough_set(self, message: WalkthroughSet) -> None:
        """Keep the T-bot walkthrough setting for the next games, and remember it."""
        self.walkthrough = message.on
        self.remember(replace(self.settings, walkthrough=message.on))



def run_app(new_seed: int | None = None, new_game: bool = False, load: str | None = None,
            new_name: str = "", collector_held: bool = False, table: str = "",
            theme: str | None = None, hidden_discard: bool = False) -> int:
    """Run the game in this terminal; returns the process exit code. `collector_held`: the
    program turned the garbage collector off as it started, for the app to turn back on once its
    first screen is drawn. `table`: the new campaign is a table campaign in these modes
    (TableModes.text()). `theme`: the theme for this run, over the one remembered (--theme).
    `hidden_discard`: the new campaign with the optional hidden discard pile."""
    game: Game | None = None
    tutorial: Tutorial | None = None
    if load is not None:
        try:
            game = open_save(load)
        except SaveProblem as error:
            say(f"tripoli: cannot open the save {load!r}: {error}")
            return 1
        tutorial = tutorial_of(resolved(load))
    elif new_game:
        try:
            game = new_campaign(new_seed, new_name, table, hidden_discard=hidden_discard)
        except SaveError as error:
            say(f"tripoli: cannot name the campaign so: {error}")
            return 2
    app = TripoliApp(game, tutorial=tutorial, handle_signals=True,
                     collector_held=collector_held, theme=theme)
    stderr = sys.stderr  # (see closing.say)
    STOPPING.install()
    STOPPING.answer = STOPPING.keep  # until the app mounts
    try:
        app.run()
    finally:
        STOPPING.answer = None
    late = STOPPING.take_pending()
    if app.crash is not None:
        say(crash_line(app), stderr)
        return 128 + late if late else 1
    signum = app.stopped_by or late
    if signum:
        say(stopped_line(signum, app), stderr)
        return 128 + signum
    if app.save_error and app.return_code:
        say(f"tripoli: you quit without saving: {app.save_error}", stderr)
    return app.return_code or 0
