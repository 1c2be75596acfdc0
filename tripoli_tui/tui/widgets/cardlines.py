"""The T-bot's cards: its event card line in order, then the draw pile, and its battle card line."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState
from tripoli_tui.tui.theme import paint

from .canvas import pack


def examined_style() -> str:
    """The card the T-bot is looking at during a walkthrough: the season badge's colours."""
    return f"bold {paint('badge-text')} on {paint('badge-background')}"


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
        style = examined_style() if card == self.examined else paint("card-name")
        text = Text.assemble((f"{n}." if n is not None else "", paint("muted")))
        text.append(d.card_name(card), style=style)
        return text

    def render(self) -> Text:
        s = self.state
        if s is None:
            return Text("")
        width = max(self.size.width, 40)
        red, muted = f"bold {paint('side-tripolitania')}", paint("muted")
        events = [Text.assemble(("Events", red))]
        events += [self._card(card, i) for i, card in enumerate(s.event_card_line, 1)]
        events += [Text.assemble(("›", muted)), self._card("five_corsair_check"),
                   Text.assemble(("›", muted)), self._card("raid_or_build"),
                   Text.assemble((f"(draw pile {len(s.tbot_draw)})", "italic"))]
        if s.tbot_drawn:
            events += [Text.assemble(("drawn:", "bold")), self._card(s.tbot_drawn)]
        battle = [Text.assemble(("Battle", red))]
        for i, card in enumerate(s.battle_card_line):
            battle.append(self._card(card) if not i else
                          Text.assemble(("· ", muted)).append_text(self._card(card)))
        if not s.battle_card_line:
            battle.append(Text.assemble(("none left", muted)))
        used = [c for c in d.TBOT_BATTLE_LINE_START if c not in s.battle_card_line]
        if used:
            battle.append(Text.assemble(("used:", muted)))
            battle += [Text.assemble((d.card_name(c), f"strike {muted}")) for c in used]
        lines = pack(events, width) + pack(battle, width)
        return Text("\n").join(lines)
