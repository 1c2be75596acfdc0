"""A dialog listing the legal options of a decision: keys 1-9, arrows and Enter, or the mouse."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Click
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import Choice, PlaceChoice
from tripoli_tui.engine.state import GameState
from tripoli_tui.widgets.board import MapPanel
from tripoli_tui.widgets.glyphs import GLYPHS, MAP_ORDER

from .once import OnceModal

UNDO = "undo"
SAVE = "save"
"""Besides a Choice, the dialog may return one of these requests (or None when closed)."""




class ChoiceDialog(OnceModal[Choice | str | None]):
    """Asks for one of `options`; every option shown is a legal one from game.pending."""

    BINDINGS = [
        Binding("escape", "close", "Look at the board", id="choice.close"),
        Binding("u", "request('undo')", "Undo", id="choice.undo"),
        Binding("s", "request('save')", "Save", id="choice.save"),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, title: str, prompt: Text | str, options: tuple[Choice, ...],
                 labels: list[Text] | None = None, *, can_undo: bool = False,
                 note: Text | str = "") -> None:
        super().__init__()
        self.title_text = title
        self.prompt = prompt
        self.options = options
        self.labels = labels or [Text(o.describe()) for o in options]
        self.can_undo = can_undo
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box") as box:
            box.border_title = self.title_text
            on_map = any(isinstance(o, PlaceChoice) for o in self.options)
            box.border_subtitle = ("1-9 or ↑↓ ⏎" + (" or click the map" if on_map else "")
                                   + " · Esc: look at the board")
            yield Static(self.prompt, id="choice-prompt")
            if self.note:
                yield Static(self.note, id="choice-note")
            yield OptionList(*self._numbered(), id="choice-list")
        yield Footer(compact=True)

    def _numbered(self) -> list[Option]:
        out = []
        for i, label in enumerate(self.labels, 1):
            key = Text.assemble((f"{i} " if i <= 9 else "  ", "bold #ffd700"))
            out.append(Option(key.append_text(label), id=f"opt-{i - 1}"))
        return out

    def on_click(self, event: Click) -> None:
        """A click on the map beneath picks the option about that place, if there is one."""
        if event.widget is not self or len(self.app.screen_stack) < 2:
            return
        beneath = self.app.screen_stack[-2]
        try:
            widget, _ = beneath.get_widget_at(event.screen_x, event.screen_y)
        except Exception:
            return
        if isinstance(widget, MapPanel):
            content = widget.content_region
            place = widget.location_at(event.screen_x - content.x, event.screen_y - content.y)
            self.pick_place(place)

    def pick_place(self, place: str) -> None:
        matching = [o for o in self.options if isinstance(o, PlaceChoice) and o.location == place]
        if len(matching) == 1:
            self.finish(matching[0])
        elif place:
            self.notify(f"{d.place_name(place)} is not one of the options here.", timeout=3)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "request" and parameters == (UNDO,):
            return True if self.can_undo else None
        return True

    def action_pick(self, n: int) -> None:
        if 1 <= n <= len(self.options):
            self.finish(self.options[n - 1])
        else:
            self.notify(f"There is no option {n}: choose 1-{min(9, len(self.options))}.",
                        severity="warning", timeout=3)

    def action_close(self) -> None:
        self.finish(None)

    def action_request(self, what: str) -> None:
        if what == UNDO and not self.can_undo:
            self.notify("Nothing to undo since the last die roll, draw or T-bot move.", timeout=3)
            return
        self.finish(what)

    @on(OptionList.OptionSelected, "#choice-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.finish(self.options[event.option_index])


def option_label(state: GameState, option: Choice) -> Text:
    """An option in words, with what stands at its place (so a move can be judged)."""
    label = Text(option.describe())
    location = option.location if isinstance(option, PlaceChoice) else ""
    if location in d.MAP_LOCATIONS:
        here = [f"{GLYPHS[p][0]}{n}" for p in MAP_ORDER if (n := state.pieces[location][p])]
        if here:
            label.append("  " + " ".join(here), style="dim")
    return label
