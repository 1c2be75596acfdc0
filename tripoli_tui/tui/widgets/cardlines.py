"""The T-bot's cards as tiles: its event card line in order (then its Five Corsair Check and Raid
or Build), and its battle card line in order, each tile marked with whether the card's condition
holds on the board now (✓/✗: what the T-bot would play if its turn, or the card's battle, came
now), then its draw pile and discard pile. The tiles of the two lines can be selected (keys or a
click): under them, the selected card's deciding facts, in the words of the T-bot's trace."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.decks import REFERENCE_CARDS, TBOT_BATTLE_LINE_START, TRIPOLITAN
from tripoli_tui.engine.cards.tripolitan import solitaire_condition
from tripoli_tui.engine.queries import Check
from tripoli_tui.engine.state import GameState
from tripoli_tui.tui.theme import paint

from .canvas import pack
from .conditions import MET, UNMET, deciding_facts

WIDE = 110
"""From this width on the fixed steps after the event card line and the battle cards already
played are shown too (below it, the tiles take the room)."""


def examined_style() -> str:
    """The card the T-bot is looking at during a walkthrough: the season badge's colours."""
    return f"bold {paint('badge-text')} on {paint('badge-background')}"


def card_holds(state: GameState, card: str) -> Check | None:
    """Whether a card of the T-bot's lines would be played now: an event card's solitaire
    condition, a battle card's trigger (were its battle now); None for a card with neither
    (Raid or Build, always played when reached)."""
    tripolitan = TRIPOLITAN.get(card)
    if tripolitan is None:
        return None
    if d.CARDS[card].kind != d.BATTLE:
        return solitaire_condition(state, card) if tripolitan.condition is not None else None
    return tripolitan.trigger(state) if tripolitan.trigger is not None else None


SELECT_KEY = "K"
"""The game screen's key that selects the tiles (said on the battle card line: the footer has no
room for it at 80 columns)."""


class CardLines(Widget, can_focus=False):
    """Renders the event card line and the battle card line as rows of card tiles; focused, one
    tile of the two lines is selected and its deciding facts are shown under them. It takes the
    focus only when asked (`select_tiles`, a click): never as the next widget when another one
    is hidden, which would take the hand's keys."""

    DEFAULT_CSS = """
    CardLines { height: auto; }
    """
    BINDINGS = [
        Binding("right,down", "select(1)", "Next card", id="cards.next",
                tooltip="Select the next card of the T-bot's lines"),
        Binding("left,up", "select(-1)", "Previous", id="cards.previous",
                tooltip="Select the card before"),
        Binding("escape", "screen.focus_hand", "Hand", id="cards.hand",
                tooltip="Back to your hand of cards"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: GameState | None = None
        self.examined = ""
        self.marks = True
        """Whether each tile says if its card's condition holds (a setting: some want surprise)."""
        self.seen: tuple[object, ...] = ()
        self.selected: int | None = None
        """The selected tile, counted along the event card line then the battle card line (None
        while the tiles are not focused)."""
        self._measuring: int | None = None
        """The width the tiles are laid out in while Textual measures their height (None when
        they are drawn: then the widget's own)."""

    def cards(self) -> list[str]:
        """The cards of the two lines, in the order their tiles are selected."""
        s = self.state
        return [] if s is None else [*s.event_card_line, *s.battle_card_line]

    def on_focus(self) -> None:
        self.selected = min(self.selected or 0, max(0, len(self.cards()) - 1))
        self.refresh(layout=True)

    def on_blur(self) -> None:
        self.selected = None
        self.can_focus = False
        self.refresh(layout=True)

    def select_tiles(self, tile: int | None = None) -> None:
        """Take the focus, selecting `tile` (the first if None)."""
        if tile is not None:
            self.selected = tile
        self.can_focus = True
        self.focus()
        self.refresh(layout=True)

    def action_select(self, step: int) -> None:
        """Select the tile `step` tiles on, round the two lines."""
        if n := len(self.cards()):
            self.selected = ((self.selected or 0) + step) % n
            self.refresh(layout=True)

    def on_click(self, event: Click) -> None:
        tile = event.style.meta.get("tile")
        if isinstance(tile, int):
            self.select_tiles(tile)

    def show(self, state: GameState, examined: str = "", marks: bool = True) -> None:
        """Draw `state`; `examined` is the card id the T-bot is looking at ('' for none)."""
        holds = tuple(bool(card_holds(state, c)) for c in (*state.event_card_line,
                                                            *state.battle_card_line)) if marks else ()
        seen = (tuple(state.event_card_line), tuple(state.battle_card_line), len(state.tbot_draw),
                len(state.tbot_discard), state.tbot_drawn, examined, marks, holds)
        if seen == self.seen:
            return  # unchanged: nothing is sent to the terminal
        self.seen = seen
        self.state, self.examined, self.marks = state, examined, marks
        self.refresh(layout=True)

    def tile(self, card: str, n: int | None = None, index: int | None = None) -> Text:
        """A card's tile: its place in the line, its name, and whether its condition holds;
        `index` its place among the selectable tiles (None for one that is not)."""
        state = self.state
        assert state is not None
        ground = f"on {paint('panel')}"
        name = examined_style() if card == self.examined else f"{paint('card-name')} {ground}"
        if index is not None and index == self.selected:
            name += " reverse"
        # the place in the line in the name's style: one style change less a tile over SSH
        text = Text.assemble((f"{n} " if n is not None else "", name), (d.card_name(card), name),
                             style=ground)
        if index is not None:  # a click on the tile selects it
            text.stylize(Style(meta={"tile": index}))
        check = card_holds(state, card) if self.marks else None
        if check is not None:
            text.append(f" {MET}" if check else f" {UNMET}",
                        style=f"bold {paint('text-success' if check else 'text-error')} {ground}")
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the tiles take in `width`: the widget's own size is not asked while the screen
        is being laid out (asking it then laid the whole game screen out once more, ~8 ms of its
        first paint, from inside the layout)."""
        self._measuring = width
        try:
            return super().get_content_height(container, viewport, width)
        finally:
            self._measuring = None

    def render(self) -> Text:
        s = self.state
        if s is None:
            return Text("")
        width = max(self.size.width if self._measuring is None else self._measuring, 40)
        wide = width >= WIDE
        red, muted = f"bold {paint('side-tripolitania')}", paint("muted")
        events = [Text.assemble(("Events", red))]
        events += [self.tile(card, i, i - 1) for i, card in enumerate(s.event_card_line, 1)]
        if wide:
            for card in REFERENCE_CARDS:
                events += [Text.assemble(("›", muted)), self.tile(card)]
        if s.tbot_drawn:
            events += [Text.assemble(("drawn:", "bold")), self.tile(s.tbot_drawn)]
        events.append(Text.assemble((f"draw pile {len(s.tbot_draw)} · discards "
                                     f"{len(s.tbot_discard)}", "italic")))
        battle = [Text.assemble(("Battle", red))]
        first = len(s.event_card_line)
        battle += [self.tile(card, i, first + i - 1)
                   for i, card in enumerate(s.battle_card_line, 1)]
        if not s.battle_card_line:
            battle.append(Text.assemble(("none left", muted)))
        used = [c for c in TBOT_BATTLE_LINE_START if c not in s.battle_card_line]
        if used and wide:
            battle.append(Text.assemble(("used:", muted)))
            battle += [Text.assemble((d.card_name(c), f"strike {muted}")) for c in used]
        lines = pack(events, width) + pack(battle, width)
        if self.selected is None and self.marks:
            self.say_key(lines, width)
        if self.selected is not None and self.cards():
            lines.append(self.selected_facts())
        return Text("\n").join(lines)

    @staticmethod
    def say_key(lines: list[Text], width: int) -> None:
        """The key that selects the tiles, at the right end of the last row with room for it
        (the rows are not moved: a row more would take one from the hand at 80x24)."""
        hint = Text.assemble((SELECT_KEY, "bold"), (" why ✓✗", paint("muted")))
        for line in reversed(lines):
            if line.cell_len + 1 + hint.cell_len <= width:
                line.append(" " * (width - line.cell_len - hint.cell_len))
                line.append_text(hint)
                return

    def selected_facts(self) -> Text:
        """The selected card, and while the marks are shown, whether it would be played now and
        the facts that decide it (a card's unmet conditions, or all of them if it would be);
        without them, the card's printed T-bot instruction (read, not judged on the board)."""
        assert self.state is not None and self.selected is not None
        card = self.cards()[self.selected]
        text = Text.assemble((d.card_name(card), f"bold {paint('card-name')}"))
        check = card_holds(self.state, card) if self.marks else None
        if check is not None:
            text.append(f" {MET if check else UNMET} ",
                        style=f"bold {paint('text-success' if check else 'text-error')}")
            text.append("; ".join(deciding_facts(check)))
        elif not self.marks and d.CARDS[card].tbot:
            text.append(f": {d.CARDS[card].tbot}", style=paint("muted"))
        return text
