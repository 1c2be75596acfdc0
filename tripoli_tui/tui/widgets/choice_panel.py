"""The choices of a decision, in a panel beside the board: each option with its stable key
(a place's letter, 0 for Done/Pass, then 1-9 and spare letters), arrows and Enter, or the map."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import CardChoice, Choice, DrawnCard, PlaceChoice
from tripoli_tui.engine.state import GameState
from tripoli_tui.tui.theme import paint
from tripoli_tui.tui.widgets.readable_list import ReadableOptionList

from .fitted import HangingText
from .glyphs import pieces_here
from .hand import card_detail
from .place_keys import NO_KEY, PLACE_KEYS, SPARE_KEYS, option_keys

ALL_KEYS = tuple(dict.fromkeys((*PLACE_KEYS.values(), NO_KEY, *SPARE_KEYS)))
"""Every key an option can have."""
FILTERED_FROM = 10
"""A card drawn at the table is found by typing its name once the pile can hold this many."""


def filtered(offer: Offer) -> bool:
    """Whether the offer is a long list of cards drawn at the table: found by typing a name (the
    option keys would run out, and a player looks a card up by its name)."""
    return len(offer.options) >= FILTERED_FROM and all(
        isinstance(o, DrawnCard) for o in offer.options)


def matches(label: Text, typed: str) -> bool:
    """Whether every word typed is in the option's words (case and order aside)."""
    words = label.plain.casefold()
    return all(word in words for word in typed.casefold().split())


@dataclass(frozen=True)
class Offer:
    """What the panel asks: a title, a prompt, the options (all legal) and a note."""

    title: str
    prompt: str
    options: tuple[Choice, ...]
    labels: tuple[Text, ...]
    note: Text | str = ""


def option_label(state: GameState, option: Choice) -> Text:
    """An option in words, with what stands at its place (so a move can be judged)."""
    label = Text(option.describe())
    location = option.location if isinstance(option, PlaceChoice) else ""
    if location in d.MAP_LOCATIONS and (here := pieces_here(state.pieces[location])):
        label.append("  " + here, style=paint("muted"))
    return label


class ChoicePanel(Vertical):
    """Asks for one of an offer's options and hands the pick to `answer`; posts Closed on Escape.

    A pick by key or Enter is answered inside the key's own handling (`answer` is awaited there),
    so the next key, typed ahead or arriving in the same burst over SSH, reads the next offer's
    keys: a message would reach the screen only after that key had been judged by this offer.
    """

    BINDINGS = [
        Binding("escape", "close", "Back to the hand", show=False, id="choice.close"),
        Binding("enter", "pick_highlighted", show=False, priority=True),
        Binding("down", "cursor(1)", show=False),
        Binding("up", "cursor(-1)", show=False),
        *(Binding(key, f"pick_key('{key}')", show=False) for key in ALL_KEYS),
    ]

    class Closed(Message):
        """The player put the choices away (Escape)."""

    def __init__(self, answer: Callable[[Choice], Awaitable[None]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.answer = answer
        """Carries out a picked option (the game screen's submit)."""
        self.offer: Offer | None = None
        self.keys: list[str] = []
        self.state: GameState | None = None
        self.card_shown = ""
        """The card whose text is shown under the options ('' for none)."""
        self.shown: list[int] = []
        """The offer's options in the list, by their index in the offer (all, or those whose
        words match what is typed in the filter)."""

    def compose(self) -> ComposeResult:
        yield Static(id="choice-prompt", markup=False)
        yield Static(id="choice-note", markup=False)
        yield Input(placeholder="type a card's name to find it", id="choice-filter",
                    compact=True, max_length=60)
        yield ReadableOptionList(id="choice-list")
        with VerticalScroll(id="choice-card-box"):
            yield Static(id="choice-card")

    def show(self, offer: Offer, state: GameState | None = None) -> None:
        """Ask `offer` (nothing is redrawn when it is the one already asked); with `state`, a
        card the highlighted option is about shows its text and conditions under the options."""
        self.state = state
        if offer == self.offer:
            return
        self.offer = offer
        finding = filtered(offer)
        self.keys = [""] * len(offer.options) if finding else option_keys(offer.options)
        self.shown = list(range(len(offer.options)))
        box = self.query_one("#choice-filter", Input)
        box.display = finding
        with box.prevent(Input.Changed):
            box.value = ""
        on_map = any(isinstance(o, PlaceChoice) for o in offer.options)
        # (how to answer, in a few words: the longest decision's title and these keep to the
        # panel's 38 columns at 80x24, where ', the map' cut the line before its Esc)
        self.border_title = offer.title + (" · name, ↑↓⏎, Esc" if finding else " · key, ↑↓⏎"
                                           + (", map" if on_map else "") + ", Esc")
        self.query_one("#choice-prompt", Static).update(offer.prompt)
        note = self.query_one("#choice-note", Static)
        note.update(offer.note)
        note.display = bool(offer.note)
        self._fill()

    def _fill(self) -> None:
        """The options shown (those the filter lets through), the first highlighted."""
        assert self.offer is not None
        options = self.query_one("#choice-list", OptionList)
        keyed = self._keyed(self.offer)
        options.set_options([keyed[i] for i in self.shown])
        options.highlighted = 0 if self.shown else None
        self._show_card()

    @on(Input.Changed, "#choice-filter")
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        if self.offer is None:
            return
        self.shown = [i for i, label in enumerate(self.offer.labels) if matches(label, event.value)]
        self._fill()
        note = self.query_one("#choice-note", Static)
        if not self.shown:  # (say so: an empty list reads as a broken one)
            note.update(f"No card this pile can hold is called that: {event.value!r}. "
                        "Escape shows them all.")
        else:
            note.update(self.offer.note)
        note.display = bool(not self.shown or self.offer.note)

    @on(Input.Submitted, "#choice-filter")
    async def _typed_enter(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.shown:  # nothing to pick: the name stays to be mended
            return
        await self.action_pick_highlighted()

    def action_cursor(self, step: int) -> None:
        """↑/↓ in the filter move through the cards it lets through."""
        options = self.query_one("#choice-list", OptionList)
        if step > 0:
            options.action_cursor_down()
        else:
            options.action_cursor_up()

    def highlighted_card(self) -> str:
        """The card the highlighted option is about ('' for none)."""
        highlighted = self.query_one("#choice-list", OptionList).highlighted
        if self.offer is None or highlighted is None or highlighted >= len(self.shown):
            return ""
        option = self.offer.options[self.shown[highlighted]]
        if isinstance(option, DrawnCard):  # a card drawn at the table: the list needs the room
            return ""
        return option.card if isinstance(option, CardChoice) and option.card in d.CARDS else ""

    def _show_card(self) -> None:
        """The highlighted option's card, its conditions and text, under the options (the box is
        hidden for options that are about no card)."""
        card = self.highlighted_card() if self.state is not None else ""
        box = self.query_one("#choice-card-box")
        box.display = bool(card)
        if card and card != self.card_shown and self.state is not None:
            self.query_one("#choice-card", Static).update(
                HangingText(card_detail(self.state, card, None)))
        self.card_shown = card

    @on(OptionList.OptionHighlighted, "#choice-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_card()

    def _keyed(self, offer: Offer) -> list[Option]:
        out = []
        for i, (key, label) in enumerate(zip(self.keys, offer.labels, strict=True)):
            shown = Text.assemble((f"{key or ' '} ", f"bold {paint('map-key')}")).append_text(label)
            out.append(Option(shown, id=f"opt-{i}"))
        return out

    def focus_options(self) -> None:
        """Focus the options at once (Widget.focus waits for the message queue, behind any keys
        already typed ahead: they would go to the widget that had the focus before)."""
        box = self.query_one("#choice-filter", Input)
        self.screen.set_focus(box if box.display else self.query_one("#choice-list", OptionList))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.display:  # put away (the T-bot's turn on show): its offer is no longer asked
            return False
        if action == "pick_key":  # other keys go on to the game screen
            return bool(parameters[0]) and parameters[0] in self.keys
        if action == "cursor":  # in the filter: ↑↓ move through the list below it
            return self.query_one("#choice-filter", Input).has_focus
        if action == "pick_highlighted":  # Enter on the list; elsewhere it goes on
            return self.offer is not None and self.query_one("#choice-list", OptionList).has_focus
        return True

    async def _pick(self, index: int) -> None:
        if self.offer is not None and 0 <= index < len(self.offer.options):
            await self.answer(self.offer.options[index])

    async def action_pick_key(self, key: str) -> None:
        if key and key in self.keys:
            await self._pick(self.keys.index(key))

    async def action_pick_highlighted(self) -> None:
        highlighted = self.query_one("#choice-list", OptionList).highlighted
        if highlighted is not None and highlighted < len(self.shown):
            await self._pick(self.shown[highlighted])

    async def pick_place(self, place: str) -> bool:
        """Pick the option about `place` if there is exactly one; False if there is none."""
        if self.offer is None:
            return False
        matching = [n for n, o in enumerate(self.offer.options)
                    if isinstance(o, PlaceChoice) and o.location == place]
        if len(matching) == 1:
            await self._pick(matching[0])
            return True
        return False

    def action_close(self) -> None:
        """Escape: a name typed in the filter is cleared first (the whole pile again)."""
        box = self.query_one("#choice-filter", Input)
        if box.display and box.value:
            box.value = ""
            return
        self.post_message(self.Closed())

    @on(OptionList.OptionSelected, "#choice-list")
    async def _selected(self, event: OptionList.OptionSelected) -> None:
        """A click on an option (Enter is picked by the binding above)."""
        event.stop()
        if event.option_index < len(self.shown):
            await self._pick(self.shown[event.option_index])
