"""The T-bot's cards: its event card line in order, then the draw pile, and its battle card line."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState

from .board import pack

EXAMINED = "bold #000000 on #d7af00"
"""The card the T-bot is looking at during a walkthrough."""


class CardLines(Widget):
    """Renders the event card line (with Five Corsair Check and Raid or Build) and battle card line."""

    DEFAULT_CSS = """
    CardLines { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: GameState | None = None
        self.examined = ""
        self.seen: tuple[object, ...] = ()

    def show(self, state: GameState, examined: str = "") -> None:
        """Draw `state`; `examined` is the card id the T-bot is looking at ('' for none)."""
        seen = (tuple(state.event_card_line), tuple(state.battle_card_line),
                len(state.tbot_draw), state.tbot_drawn, examined)
        if seen == self.seen:
            return  # unchanged: nothing is sent to the terminal
        self.seen = seen
        self.state, self.examined = state, examined
        self.refresh(layout=True)

    def _card(self, card: str, n: int | None = None) -> Text:
        style = EXAMINED if card == self.examined else "#ffd7af"
        text = Text.assemble((f"{n}." if n is not None else "", "dim"))
        text.append(d.card_name(card), style=style)
        return text

    def render(self) -> Text:
        s = self.state
        if s is None:
            return Text("")
        width = max(self.size.width, 40)
        events = [Text.assemble(("Events", "bold #ff8787"))]
        events += [self._card(card, i) for i, card in enumerate(s.event_card_line, 1)]
        events += [Text.assemble(("›", "dim")), self._card("five_corsair_check"),
                   Text.assemble(("›", "dim")), self._card("raid_or_build"),
                   Text.assemble((f"(draw pile {len(s.tbot_draw)})", "italic"))]
        if s.tbot_drawn:
            events += [Text.assemble(("drawn:", "bold")), self._card(s.tbot_drawn)]
        battle = [Text.assemble(("Battle", "bold #ff8787"))]
        for i, card in enumerate(s.battle_card_line):
            battle.append(self._card(card) if not i else
                          Text.assemble(("· ", "dim")).append_text(self._card(card)))
        if not s.battle_card_line:
            battle.append(Text.assemble(("none left", "dim")))
        used = [c for c in d.TBOT_BATTLE_LINE_START if c not in s.battle_card_line]
        if used:
            battle.append(Text.assemble(("used:", "dim")))
            battle += [Text.assemble((d.card_name(c), "dim strike")) for c in used]
        lines = pack(events, width) + pack(battle, width)
        return Text("\n").join(lines)
