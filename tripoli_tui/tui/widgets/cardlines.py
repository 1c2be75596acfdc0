"""The T-bot's cards as tiles: its event card line in order (then its Five Corsair Check and Raid
or Build), and its battle card line in order, each tile marked with whether the card's condition
holds on the board now (✓/✗: what the T-bot would play if its turn, or the card's battle, came
now), then its draw pile and discard pile."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.tripolitan import TRIPOLITAN, solitaire_condition
from tripoli_tui.engine.queries import Check
from tripoli_tui.engine.state import GameState
from tripoli_tui.tui.theme import paint

from .canvas import pack
from .conditions import MET, UNMET

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


class CardLines(Widget):
    """Renders the event card line and the battle card line as rows of card tiles."""

    DEFAULT_CSS = """
    CardLines { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: GameState | None = None
        self.examined = ""
        self.marks = True
        """Whether each tile says if its card's condition holds (a setting: some want surprise)."""
        self.seen: tuple[object, ...] = ()

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

    def tile(self, card: str, n: int | None = None) -> Text:
        """A card's tile: its place in the line, its name, and whether its condition holds."""
        state = self.state
        assert state is not None
        ground = f"on {paint('panel')}"
        name = examined_style() if card == self.examined else f"{paint('card-name')} {ground}"
        # the place in the line in the name's style: one style change less a tile over SSH
        text = Text.assemble((f"{n} " if n is not None else "", name), (d.card_name(card), name),
                             style=ground)
        check = card_holds(state, card) if self.marks else None
        if check is not None:
            text.append(f" {MET}" if check else f" {UNMET}",
                        style=f"bold {paint('text-success' if check else 'text-error')} {ground}")
        return text

    def render(self) -> Text:
        s = self.state
        if s is None:
            return Text("")
        width = max(self.size.width, 40)
        wide = width >= WIDE
        red, muted = f"bold {paint('side-tripolitania')}", paint("muted")
        events = [Text.assemble(("Events", red))]
        events += [self.tile(card, i) for i, card in enumerate(s.event_card_line, 1)]
        if wide:
            events += [Text.assemble(("›", muted)), self.tile("five_corsair_check"),
                       Text.assemble(("›", muted)), self.tile("raid_or_build")]
        if s.tbot_drawn:
            events += [Text.assemble(("drawn:", "bold")), self.tile(s.tbot_drawn)]
        events.append(Text.assemble((f"draw pile {len(s.tbot_draw)} · discards "
                                     f"{len(s.tbot_discard)}", "italic")))
        battle = [Text.assemble(("Battle", red))]
        battle += [self.tile(card, i) for i, card in enumerate(s.battle_card_line, 1)]
        if not s.battle_card_line:
            battle.append(Text.assemble(("none left", muted)))
        used = [c for c in d.TBOT_BATTLE_LINE_START if c not in s.battle_card_line]
        if used and wide:
            battle.append(Text.assemble(("used:", muted)))
            battle += [Text.assemble((d.card_name(c), f"strike {muted}")) for c in used]
        lines = pack(events, width) + pack(battle, width)
        return Text("\n").join(lines)
