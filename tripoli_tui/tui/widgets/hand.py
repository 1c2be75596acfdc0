"""The American hand and core cards, with the focused card's full text and why it cannot be played."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.american import event_requirement
from tripoli_tui.engine.state import GameState
from tripoli_tui.tui.widgets.readable_list import ReadableOptionList

from .conditions import card_check, conditions_content
from .fitted import FittedRow, HangingText

KIND_TAGS = {d.CORE: ("core", "side-us"), d.BATTLE: ("battle", "side-tripolitania"),
             d.VICTORY: ("victory", "gold"), d.UNIQUE: ("unique", "muted"), d.COMMON: ("", "")}
"""Each kind's tag and the colour variable it is written in."""


class HandRow(FittedRow):
    """A row of the hand, one line at any width: the mark, the card's name, its kind's tag. Where
    the row is short of room the name is shortened (…), never the tag: the card box below shows
    the whole name."""

    def __init__(self, mark: Content, name: Content, tag: Content) -> None:
        super().__init__(Content.assemble(mark, name, tag))
        self.mark, self.name, self.tag = mark, name, tag

    def lines(self, width: int) -> list[Content]:
        """The row in `width` cells (cut at the end only when not even the tag fits)."""
        if self.whole.cell_length <= width:
            return [self.whole]
        room = width - self.mark.cell_length - self.tag.cell_length
        if room < 2:
            return [self.whole.truncate(width, ellipsis=True)]
        return [Content.assemble(self.mark, self.name.truncate(room, ellipsis=True), self.tag)]


def card_line(card: str, playable: bool) -> HandRow:
    """'✓ Naval Movement' with the card's kind as a tag."""
    tag, colour = KIND_TAGS.get(d.CARDS[card].kind, ("", ""))
    return HandRow(Content.styled("✓ " if playable else "· ",
                                  "bold $text-success" if playable else "$muted"),
                   Content.styled(d.card_name(card), "bold" if playable else ""),
                   Content.styled(f" {tag}", f"${colour}") if tag else Content(""))


def card_detail(state: GameState, card: str, playable: bool | None) -> Content:
    """The card's name; whether it can be an event now (unless `playable` is None: a choice that
    is not about playing it); each condition of its requirement marked met or not (unmet
    first); then its text and its printed requirement. What decides the play comes first, so
    that it shows without scrolling in the small card box of an 80x24 screen."""
    c = d.CARDS[card]
    parts: list[Content | tuple[str, str] | str] = [(c.name, "bold"), (f"  ({c.kind})\n", "$muted")]
    check = card_check(state, card)
    if playable is None:
        parts.pop()
        parts.append((f"  ({c.kind})", "$muted"))
    elif c.kind == d.BATTLE:
        parts.append(("A battle card: you are offered it when its battle comes.", "$text-error"))
    elif playable:
        parts.append(("Can be played as an event now (e).", "$text-success"))
    elif check is not None and not check.ok:
        parts.append(("Not playable as an event now: a condition below fails.", "bold $text-error"))
    else:
        parts.append(("Not playable as an event now: it is not your play now.", "bold $text-error"))
    if check is not None and check.conditions():
        parts += ["\n", conditions_content(check)]
    parts += ["\n", c.text]
    if c.requirement:
        parts += ["\n", ("Requires: ", "bold"), (c.requirement, "italic")]
    return Content.assemble(*parts)


class HandPanel(Vertical):
    """Lists hand and core cards; Enter on one asks the screen for that card's plays."""

    @dataclass
    class CardChosen(Message):
        """The player picked a card to play, discard or read."""

        card: str

    class CardHighlighted(Message):
        """The highlighted card changed (which plays its keys offer may change too)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: GameState | None = None
        self.cards: list[str] = []
        self.playable: frozenset[str] = frozenset()
        self.described: Content | None = None

    def compose(self) -> ComposeResult:
        yield ReadableOptionList(id="hand-list")
        with VerticalScroll(id="card-detail-box"):
            yield Static(id="card-detail")

    @property
    def focused_card(self) -> str:
        """The highlighted card id ('' for none)."""
        index = self.query_one("#hand-list", OptionList).highlighted
        return self.cards[index] if index is not None and index < len(self.cards) else ""

    def show(self, state: GameState, playable: frozenset[str]) -> None:
        """List `state`'s hand then its core cards; `playable` are cards legal as events now."""
        cards = list(state.us_hand) + list(state.us_core)
        self.state = state
        if cards == self.cards and playable == self.playable:
            self._describe()
            return
        keep = self.query_one("#hand-list", OptionList).highlighted
        self.cards, self.playable = cards, playable
        hand = self.query_one("#hand-list", OptionList)
        hand.clear_options()
        hand.add_options(Option(card_line(c, c in playable)) for c in cards)
        if cards:
            hand.highlighted = min(keep or 0, len(cards) - 1)
        self.border_title = f"Hand {len(state.us_hand)} · core {len(state.us_core)}"
        self._describe()

    def _describe(self) -> None:
        """Show the focused card's text (nothing is redrawn when it reads the same)."""
        card, state = self.focused_card, self.state
        text = Content.styled("No cards in hand.", "$muted") if not card or state is None \
            else card_detail(state, card, card in self.playable)
        if text != self.described:
            self.described = text
            self.query_one("#card-detail", Static).update(HangingText(text))

    @on(OptionList.OptionHighlighted, "#hand-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._describe()
        self.post_message(self.CardHighlighted())

    @on(OptionList.OptionSelected, "#hand-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.cards):
            self.post_message(self.CardChosen(self.cards[event.option_index]))

    def why_not(self, card: str, key: str = "e") -> str:
        """Why the card cannot be used this way now, in the game's words."""
        state = self.state
        if state is None:
            return "no game"
        name = d.card_name(card)
        if key == "b":
            return (f"Cannot build a gunboat: {d.MAX_GUNBOATS} gunboats already, or none in the "
                    "supply." if card in state.us_hand else f"{name} is a core card: it is "
                    "only played as an event.")
        if key == "m":
            return f"{name} is a core card: it is only played as an event."
        if d.CARDS[card].kind == d.BATTLE:
            return f"{name} is a battle card: it is offered when its battle comes."
        check = event_requirement(state, card)
        unmet = "; ".join(str(c.fact) for c in check.conditions() if not c.met)
        return f"{name}: " + (unmet or check.explain() or "its requirement does not hold")
