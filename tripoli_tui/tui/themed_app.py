"""The app's theme and settings: the player's preferences read and remembered beside the saves,
the theme they name shown (the game's own, 'tripoli', unless they name another), and every theme's
colours made readable (theme.py). A theme that cannot be applied gives way to the game's own with
a one-line notice; one that fails as a screen draws is set aside for the next start. TripoliApp
(app.py) adds the screens."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.theme import Theme

from ..save_error import quoted
from .kept_app import KeptApp
from .theme import THEME_NAME, TRIPOLI_THEME, palette, readable_variables

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..storage.settings import Settings

THEME = THEME_NAME
"""The game's own theme, unless the settings name another."""


class ThemedApp(KeptApp):
    """A kept app (kept_app.py) in the player's theme, with their settings (see the module)."""

    def __init__(self, game: Game | None = None, *, tutorial: bool = False,
                 handle_signals: bool = False, collector_held: bool = False,
                 theme: str | None = None) -> None:
        """`theme`: the theme for this run (`tripoli --theme`), over the one remembered."""
        super().__init__(game, tutorial=tutorial, handle_signals=handle_signals,
                         collector_held=collector_held)
        from ..storage.settings import read_settings

        self.register_theme(TRIPOLI_THEME)
        self.settings, self.settings_problem = read_settings()
        """The preferences remembered beside the saves, and why they could not be read ('')."""
        chosen = THEME
        if theme in self.available_themes:
            chosen = theme
        elif self.settings.theme in self.available_themes:
            chosen = self.settings.theme
        elif self.settings.theme:
            self.settings_problem = (f"the theme {quoted(self.settings.theme)} in the settings is "
                                     "not one this game has; the default theme is used")
        self._theme_chosen = True
        self.theme = chosen
        self.theme_set_aside = ""
        """The theme an error in drawing it ended the game under, set aside in the settings."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The game's own colour variables (sides, allies, sea, land), for a dark or a light
        theme."""
        return {**super().get_theme_variable_defaults(), **palette(self.current_theme.dark)}

    _theme_chosen = False
    """Whether the theme the game shows is set: Textual asks for the variables of its own default
    theme as the app is made, before ours is, and making those readable (~10 ms) would be wasted."""

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables with the game's made readable at every colour depth."""
        if not self._theme_chosen:
            return super().get_css_variables()
        variables = readable_variables(super().get_css_variables(), self.current_theme.dark)
        self.theme_variables = variables
        return variables

    def refresh_css(self, animate: bool = True) -> None:
        """Apply the theme's colours (Textual does so as a theme is set: at start, from the
        settings, and from the palette's theme list). A theme that cannot be applied gives way to
        the game's own, with a notice; the game's own failing is a crash like any other error."""
        try:
            super().refresh_css(animate)
        except Exception:
            if self.theme == THEME:
                raise
            self._theme_failed(self.theme)

    def _theme_failed(self, name: str) -> None:
        """Show the game's own theme in place of `name`, say so in one line, and remember it (a
        theme remembered that fails would fail at every start)."""
        self.theme = THEME
        self.notify(f"The theme {quoted(name)} could not be shown, so the game's own is used.",
                    title="Theme", severity="warning", timeout=8)
        self.remember(replace(self.settings, theme=THEME))

    def _handle_exception(self, error: Exception) -> None:
        """An error as a screen draws a colour of a theme not the game's ends the game as any
        error does (the screen's drawing has stopped: it cannot be shown again in another theme),
        but the theme is set aside in the settings, or every start would end the same way."""
        crashed = self.crash is not None
        super()._handle_exception(error)
        if (self.crash is not None and not crashed and self.theme != THEME
                and _drawing_a_colour(error)):
            self.theme_set_aside = self.theme
            self.remember(replace(self.settings, theme=THEME))

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name == self.theme:  # not one that failed and gave way meanwhile
            self.remember(replace(self.settings, theme=theme.name))

    def remember(self, settings: Settings) -> None:
        """Write changed settings beside the saves; a failure is a notice, never a crash."""
        if settings == self.settings:
            return
        self.settings = settings
        from ..storage.settings import write_settings

        try:
            write_settings(settings)
        except Exception as error:
            self.notify(f"Your settings were not saved: {error}.", title="Settings",
                        severity="warning")


def _drawing_a_colour(error: BaseException | None) -> bool:
    """Whether an error (or one it came from) is a style or colour Rich or Textual cannot read."""
    from rich.color import ColorParseError
    from rich.errors import StyleError, StyleSyntaxError
    from textual.color import ColorParseError as TextualColorParseError

    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, StyleError | StyleSyntaxError | ColorParseError
                      | TextualColorParseError):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False
