"""The Textual application: starts on the title screen (or straight into a game), saves and quits."""

from __future__ import annotations

import random
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.notifications import SeverityLevel

if TYPE_CHECKING:  # modules past the title screen are imported on first use, so it paints first
    from .engine.game import Game

THEME = "textual-dark"
"""A fixed theme: the board's colours are chosen against it."""


def random_seed() -> int:
    """A seed for a new campaign when the player gives none.

    The only randomness outside the game's own generator: it picks the seed, which the game then
    keeps in its state, so the campaign still replays exactly from its save.
    """
    return random.SystemRandom().randrange(1, 10**6)


class SaveProblem(Exception):
    """A save could not be read or written; the message says why, in words."""


def open_save(name_or_path: str | Path) -> Game:
    """Read a save by name or path; SaveProblem with a clear message if it cannot be opened."""
    from . import storage
    from .engine.saves import SaveError

    try:
        return storage.read_save(storage.resolve_save_path(str(name_or_path)))
    except SaveError as error:
        raise SaveProblem(str(error)) from error
    except OSError as error:
        raise SaveProblem(f"{error.strerror or error}: {name_or_path}") from error
    except Exception as error:  # a damaged file must never show a traceback
        raise SaveProblem(f"{name_or_path} is not a readable save ({error})") from error


class TripoliApp(App[int]):
    """The Shores of Tripoli, solitaire: you command the United States against the T-bot."""

    CSS_PATH = "tripoli.tcss"
    TITLE = "The Shores of Tripoli"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("q", "quit", "Quit", id="app.quit", tooltip="Quit (the game is saved first)"),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, game: Game | None = None) -> None:
        super().__init__()
        self.theme = THEME
        self.game = game
        self.walkthrough = True
        """Whether the T-bot's turn is shown step by step (for this session)."""
        self._recorded: set[int] = set()
        self.save_error = ""
        """Why the latest autosave failed ('' when it did not)."""
        self.quit_unsaved = False
        """The player was told the game could not be saved and chose to quit anyway."""

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notification is plain text: messages quote saves, names and errors, which are
        never markup (a card named '[/b]' in a hand-edited save must not crash the game)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def on_mount(self) -> None:
        if self.game is not None:
            self.open_game(self.game)
        else:
            self.show_title()
        self.call_after_refresh(self._remove_stale_temp_files)

    def _remove_stale_temp_files(self) -> None:
        """Clear what writes cut short by an earlier crash or kill left behind (after the first
        paint: reading the folder must not delay it)."""
        from . import storage

        storage.remove_stale_temp_files()

    # --- screens -------------------------------------------------------------------------

    def open_game(self, game: Game) -> None:
        """Show `game` on a fresh game screen, closing whatever was open."""
        from .screens.game import GameScreen

        self.game = game
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(GameScreen(game, walkthrough=self.walkthrough))

    def new_game(self, seed: int | None = None) -> None:
        from .engine.game import Game

        self.open_game(Game.new(seed if seed is not None else random_seed()))

    def show_title(self) -> None:
        from .screens.title import TitleScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(TitleScreen(), self._title_done)

    def _title_done(self, result: tuple[str, Any] | None) -> None:
        what, value = result if result else ("quit", None)
        if what == "new":
            self.new_game(value)
        elif what in ("load", "continue"):
            self._load(value if what == "load" else self._latest_save_path())
        else:
            self.exit(0)

    def _latest_save_path(self) -> Path | None:
        from . import storage

        try:
            info = storage.latest_save()
        except Exception:
            return None
        return info.path if info is not None else None

    def _load(self, path: Path | str | None) -> None:
        if path is None:
            self.notify("There is no save to continue.", severity="warning")
            self.show_title()
            return
        try:
            game = open_save(path)
        except SaveProblem as error:
            self.notify(str(error), title="Cannot open the save", severity="error", timeout=8)
            self.show_title()
            return
        self.open_game(game)

    def show_game_over(self, game: Game) -> None:
        from .screens.game_over import GameOverScreen

        self.push_screen(GameOverScreen(game), self._game_over_done)

    def _game_over_done(self, result: str | None) -> None:
        if result == "new":
            self.new_game()
        elif result == "title":
            self.show_title()
        elif result == "quit":
            self.exit(0)

    def action_show_help(self) -> None:
        from .screens.game import GameScreen
        from .screens.help import HelpScreen

        game = self.game
        playing = game is not None and not game.is_over and any(
            isinstance(screen, GameScreen) for screen in self.screen_stack)
        self.push_screen(HelpScreen(state=game.state if playing and game else None))

    def action_show_record(self) -> None:
        from .screens.record import RecordScreen

        self.push_screen(RecordScreen())

    def action_game_over(self) -> None:
        """The game on show has just ended: record it and show the game-over screen."""
        if self.game is not None:
            self.record_result(self.game)
            self.show_game_over(self.game)

    def action_set_walkthrough(self, on: bool) -> None:
        """Keep the T-bot walkthrough setting for the next games of this session."""
        self.walkthrough = on

    # --- saving --------------------------------------------------------------------------

    def autosave(self, *, quiet: bool = False) -> Path | None:
        """Autosave the game in progress; a failure is a notification, never a crash."""
        game = self.game
        if game is None or game.is_over:
            return None
        from . import storage

        try:
            path: Path = storage.autosave(game)
        except Exception as error:
            self.save_error = str(error)
            self.notify(f"Autosave failed: {error}", severity="error")
            return None
        self.save_error = ""
        if not quiet:
            self.notify(f"Autosaved to {path}", timeout=3)
        return path

    def action_autosave_turn(self) -> None:
        self.autosave(quiet=True)

    def action_ask_save_name(self) -> None:
        game = self.game
        if game is None:
            return
        state = game.state
        suggestion = f"{state.season_name}-{state.year}"
        from .screens.save_dialog import SaveDialog

        self.push_screen(SaveDialog(suggestion), self._save_as)

    def _save_as(self, name: str | None) -> None:
        if not name or self.game is None:
            return
        from . import storage

        try:
            path = storage.write_save(self.game, name)
        except Exception as error:
            self.notify(f"The game was not saved: {error}", title="Save failed", severity="error")
            return
        self.notify(f"Saved as {path}", title="Saved", timeout=4)

    def record_result(self, game: Game) -> None:
        """Add a finished game to the record, once."""
        if id(game) in self._recorded:
            return
        self._recorded.add(id(game))
        from . import storage

        try:
            storage.record_result(game)
        except Exception as error:
            self.notify(f"The result was not recorded: {error}", severity="warning")

    # --- leaving -------------------------------------------------------------------------

    async def action_quit(self) -> None:
        """Quit, the game saved first. If it cannot be saved, stay and say so; a second q quits
        without saving (exit status 1, and the reason printed once the terminal is back)."""
        game = self.game
        in_progress = game is not None and not game.is_over
        if in_progress and self.autosave(quiet=True) is None and not self.quit_unsaved:
            self.quit_unsaved = True
            self.notify(f"The game could not be saved, so it is still open ({self.save_error}). "
                        "Free some room or fix the saves folder, then press q again: it tries "
                        "once more, and quits either way.",
                        title="Not quitting", severity="error", timeout=20)
            return
        unsaved = in_progress and bool(self.save_error)
        self.exit(1 if unsaved else 0, return_code=1 if unsaved else 0)

    def on_hangup(self) -> None:
        """The terminal went away (SIGHUP): save the game and leave quietly."""
        self.autosave(quiet=True)
        self.exit(0)


def run_app(new_seed: int | None = None, new_game: bool = False, load: str | None = None) -> int:
    """Run the game in this terminal; returns the process exit code."""
    game: Game | None = None
    if load is not None:
        try:
            game = open_save(load)
        except SaveProblem as error:
            print(f"tripoli: cannot open the save {load!r}: {error}", file=sys.stderr)
            return 1
    elif new_game:
        from .engine.game import Game

        game = Game.new(new_seed if new_seed is not None else random_seed())
    app = TripoliApp(game)
    previous = _install_hangup(app)
    try:
        app.run()
    finally:
        if previous is not None:
            signal.signal(signal.SIGHUP, previous)
    if app.save_error and app.return_code:
        print(f"tripoli: you quit without saving: {app.save_error}", file=sys.stderr)
    return app.return_code or 0


def _install_hangup(app: TripoliApp) -> Any:
    """Autosave then exit on SIGHUP (the SSH connection dropped)."""
    if not hasattr(signal, "SIGHUP"):
        return None

    def hangup(signum: int, frame: Any) -> None:
        app.call_later(app.on_hangup) if app.is_running else app.on_hangup()

    return signal.signal(signal.SIGHUP, hangup)
