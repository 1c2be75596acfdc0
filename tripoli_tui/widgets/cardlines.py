"""The T-bot's cards: its event card line in order, then the draw pile, and its battle card line."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState

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

    def show(self, state: GameState, examined: str = "") -> None:
        """Draw `state`; `examined` is the card id the T-bot is looking at ('' for none)."""
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
        out = Text.assemble(("Events ", "bold #ff8787"))
        for i, card in enumerate(s.event_card_line, 1):
            out.append_text(self._card(card, i)).append(" ")
        out.append("› ", style="dim")
        out.append_text(self._card("five_corsair_check")).append(" › ", style="dim")
        out.append_text(self._card("raid_or_build"))
        out.append(f"  draw pile {len(s.tbot_draw)}", style="italic")
        if s.tbot_drawn:
            out.append("  drawn: ", style="bold")
            out.append_text(self._card(s.tbot_drawn))
        out.append("\nBattle ", style="bold #ff8787")
        if s.battle_card_line:
            for card in s.battle_card_line:
                out.append_text(self._card(card)).append(" · ", style="dim")
            out.right_crop(3)
        else:
            out.append("none left", style="dim")
        used = [c for c in d.TBOT_BATTLE_LINE_START if c not in s.battle_card_line]
        if used:
            out.append("  used: ", style="dim")
            out.append(", ".join(d.card_name(c) for c in used), style="dim strike")
        return out
