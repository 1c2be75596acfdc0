"""CampaignNameDialog: the name of a campaign, offered at its start (the seed and the day, editable
before play begins) and asked again to rename it (from the load screen or the timeline)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Static

from ..widgets.key_footer import KeyFooter
from .once import OnceModal

MAX_TYPED = 80
"""The most the box takes: a little over the longest name kept, so that a name too long is said,
not cut without a word."""


class CampaignNameDialog(OnceModal[str | None]):
    """Returns the name as it is kept, or None (Escape: nothing changes). A name that cannot be
    kept (empty, a control character, too long) is refused in the dialog, saying why."""

    CSS_PATH = "campaign_name.tcss"
    BINDINGS = [Binding("escape", "cancel", "Back", id="campaign_name.cancel")]

    def __init__(self, name: str, *, title: str, about: str = "", begin: str = "",
                 rules: bool = False) -> None:
        """`name`: the name offered (selected: typing replaces it); `about`: a line on the
        campaign; `begin`: what Enter does, in the box's foot ('begin the campaign'); `rules`: a
        new campaign's choice of the optional rule too (the hidden discard pile)."""
        super().__init__()
        self.offered = name
        self.heading = title
        self.about = about
        self.begin = begin or "keep the name"
        self.rules = rules
        self.hidden_discard = False
        """The optional hidden discard pile chosen (`rules` only)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="campaign-name-box") as box:
            box.border_title = self.heading
            box.border_subtitle = f"⏎ {self.begin} · Esc back"
            if self.about:
                yield Static(Text(self.about), id="campaign-name-about")
            yield Static("Name of the campaign:")
            yield Input(value=self.offered, id="campaign-name", select_on_focus=True,
                        max_length=MAX_TYPED)
            yield Static("", id="campaign-name-error")
            if self.rules:
                yield Checkbox("Hidden discard pile (optional rule; tab, space)",
                               id="hidden-discard")
                yield Static("No one may look through a discard pile, except while Bainbridge "
                             "Supplies Intel is your active event.", id="hidden-discard-note")
        yield KeyFooter(palette=True)

    def action_cancel(self) -> None:
        self.finish(None)

    @on(Input.Changed, "#campaign-name")
    def _changed(self) -> None:
        self.query_one("#campaign-name-error", Static).update("")

    @on(Input.Submitted, "#campaign-name")
    def _submitted(self, event: Input.Submitted) -> None:
        from ...storage.identity import check_campaign_name

        try:
            name = check_campaign_name(event.value)
        except Exception as problem:  # (SaveError: what to change)
            self.query_one("#campaign-name-error", Static).update(
                Text(f"{str(problem)[:1].upper()}{str(problem)[1:]}."))
            return
        if self.rules:
            self.hidden_discard = self.query_one("#hidden-discard", Checkbox).value
        self.finish(name)


def ask_new_name(screen: Screen[Any], current: str, keep: Callable[[str], object],
                 renamed: Callable[[str], None]) -> None:
    """Ask the player for a campaign's new name over `screen`; `keep` writes it (the campaign
    record), then `renamed` shows it. A record that cannot be written is said, and nothing
    changes. The name is the player's text: never read as markup."""

    def named(name: str | None) -> None:
        if name is None or name == current:
            return
        try:
            keep(name)
        except Exception as error:  # the record cannot be written: said, nothing changed
            screen.notify(f"The campaign was not renamed: {error}", title="Rename",
                          severity="error", timeout=8, markup=False)
            return
        renamed(name)

    screen.app.push_screen(CampaignNameDialog(current, title="Rename the campaign"), named)
