"""Adjust: bring the program in line with the board on the player's table.

A small form: what to adjust (gold, frigates sunk, the pieces at a place, a city captured, the
date, a card to a pile) and its value, the current one filled in. It returns the adjustment as
engine.table reads it ('gold=5'); the game screen submits it as an Adjust step, which the log shows
and undo takes back. What the rules refuse is said in the form, checked on a copy of the position
before it is returned, and nothing changes."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState
from tripoli_tui.engine.table import CARD_PILES, PILE_WORDS, TableRefusal, adjust

from .once import OnceModal

WHAT = (
    ("pieces", "Pieces at a place"),
    ("gold", "Tripoli's gold"),
    ("frigates_sunk", "American frigates sunk"),
    ("derne_captured", "Derne captured"),
    ("benghazi_captured", "Benghazi captured"),
    ("card", "A card to a pile"),
    ("year", "The year"),
    ("season", "The season"),
)
"""What can be adjusted, as the form offers it (engine.table.ADJUST_FORMS in words)."""

PLACES = d.MAP_LOCATIONS + d.TRACK
"""The places a piece can be adjusted at (the supplies follow; the sunk frigates have their own
line)."""


def place_words(place: str) -> str:
    if place in d.TRACK:
        return f"Year Turn Track {place.removeprefix('track_')}"
    return d.place_name(place)


def change_of(what: str, value: str, place: str = "", piece: str = "", pile: str = "") -> str:
    """The adjustment the form says, as engine.table reads it."""
    value = value.strip()
    if what == "pieces":
        return f"pieces.{place}.{piece}={value}"
    if what == "card":
        return f"card.{value.replace(' ', '_')}={pile}"
    return f"{what}={value}"


def current(state: GameState, what: str, place: str = "", piece: str = "") -> str:
    """What the program holds now for `what` (the form's starting value)."""
    if what == "pieces":
        return str(state.pieces[place][piece]) if place and piece else ""
    if what == "gold":
        return str(state.gold)
    if what == "frigates_sunk":
        return str(state.frigates_sunk)
    if what in ("derne_captured", "benghazi_captured"):
        return "yes" if getattr(state, what) else "no"
    if what == "year":
        return str(state.year)
    if what == "season":
        return d.SEASONS[state.season]
    return ""


class AdjustDialog(OnceModal[str | None]):
    """Returns an adjustment the position takes ('gold=5'), or None when cancelled."""

    CSS_PATH = "table.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="adjust.cancel"),
                Binding("ctrl+s", "apply", "Adjust", priority=True, id="adjust.apply")]

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        with Vertical(id="adjust-box") as box:
            box.border_title = "Adjust to your table"
            box.border_subtitle = "Tab: next · ⏎ or ctrl+s adjust · Esc cancel"
            yield Static("Make the program's position match the board on your table. Each "
                         "adjustment is a line of the log and a step of the timeline (u takes it "
                         "back).", id="adjust-about")
            with Horizontal(classes="adjust-row"):
                yield Static("What", classes="adjust-label")
                yield Select([(label, what) for what, label in WHAT], value="pieces",
                             allow_blank=False, id="adjust-what",
                             compact=True)
            with Horizontal(classes="adjust-row", id="adjust-place-row"):
                yield Static("Place", classes="adjust-label")
                yield Select([(place_words(p), p) for p in PLACES], value="tripoli",
                             allow_blank=False, id="adjust-place", compact=True)
            with Horizontal(classes="adjust-row", id="adjust-piece-row"):
                yield Static("Piece", classes="adjust-label")
                yield Select([(d.PIECE_NAMES[p][1].capitalize(), p) for p in d.PIECES],
                             value=d.CORSAIR, allow_blank=False, id="adjust-piece", compact=True)
            with Horizontal(classes="adjust-row", id="adjust-pile-row"):
                yield Static("Pile", classes="adjust-label")
                yield Select([(PILE_WORDS[p].capitalize(), p) for p in CARD_PILES],
                             value="event_card_line", allow_blank=False, id="adjust-pile",
                             compact=True)
            with Horizontal(classes="adjust-row"):
                yield Static("Set to", classes="adjust-label", id="adjust-value-label")
                yield Input(id="adjust-value", compact=True)
            yield Static("", id="adjust-refusal")
            with Horizontal(id="adjust-buttons"):
                yield Button("Adjust", variant="primary", id="adjust-apply", compact=True)
                yield Button("Cancel", id="adjust-cancel", compact=True)

    def on_mount(self) -> None:
        self._fit()
        self.query_one("#adjust-what", Select).focus()

    def _what(self) -> str:
        return str(self.query_one("#adjust-what", Select).value)

    def _fit(self) -> None:
        """Show the rows `what` needs, and its value as the program holds it now."""
        what = self._what()
        self.query_one("#adjust-place-row").display = what == "pieces"
        self.query_one("#adjust-piece-row").display = what == "pieces"
        self.query_one("#adjust-pile-row").display = what == "card"
        label = {"card": "Card", "derne_captured": "yes/no", "benghazi_captured": "yes/no"}
        self.query_one("#adjust-value-label", Static).update(label.get(what, "Set to"))
        place = str(self.query_one("#adjust-place", Select).value)
        piece = str(self.query_one("#adjust-piece", Select).value)
        box = self.query_one("#adjust-value", Input)
        box.value = current(self.state, what, place, piece)
        box.placeholder = "the card's name" if what == "card" else ""
        self.query_one("#adjust-refusal", Static).update("")

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        event.stop()
        self._fit()

    def change(self) -> str:
        return change_of(self._what(), self.query_one("#adjust-value", Input).value,
                         str(self.query_one("#adjust-place", Select).value),
                         str(self.query_one("#adjust-piece", Select).value),
                         str(self.query_one("#adjust-pile", Select).value))

    def action_apply(self) -> None:
        change = self.change()
        try:
            adjust(self.state.clone(), change)  # (said here; the game checks it again)
        except TableRefusal as refusal:
            self.query_one("#adjust-refusal", Static).update(str(refusal))
            return
        self.finish(change)

    def action_cancel(self) -> None:
        self.finish(None)

    @on(Input.Submitted, "#adjust-value")
    def _entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_apply()

    @on(Button.Pressed, "#adjust-apply")
    def _apply(self) -> None:
        self.action_apply()

    @on(Button.Pressed, "#adjust-cancel")
    def _cancel(self) -> None:
        self.action_cancel()
