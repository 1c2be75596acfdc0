"""FollowsTheme: a screen that draws Rich Text in the theme's colours draws it again when the theme
changes while it is open (ctrl+p → Theme works on every screen).

CSS and Content take `$name` colours and follow a new theme by themselves; Text built with
`paint(...)` holds the colours of the theme it was built under, so the screen builds it again.
"""

from __future__ import annotations

from textual.screen import Screen


class FollowsTheme:
    """Mixed into a Screen (before it: `class X(FollowsTheme, ModalScreen[None])`): once mounted,
    every change of the app's theme calls `repaint`, after the new theme's colours are in force."""

    def on_mount(self) -> None:  # Textual calls the on_mount of each class of the screen
        assert isinstance(self, Screen)
        if self.is_running:  # not closed already by a subclass's own on_mount, called first
            self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_unmount(self) -> None:  # the subscription holds the screen: let it go when closed
        assert isinstance(self, Screen)
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme: object) -> None:
        self.repaint()

    def repaint(self) -> None:
        """Build again, in the running theme's colours, the Rich Text the screen shows."""
        raise NotImplementedError
