"""What might the T-bot draw next? (O, and the palette.) Its public odds (bot/odds.py): the cards
its draw pile can still hold, from what the player can see, the chance of each as its next draw,
and what it would do with it as the board stands. Reading only: nothing changes."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from bot.odds import OUTCOMES, PLAYED, QUEUED, DrawOdds
from tripoli_tui.engine.state import GameState

from ..theme import paint
from .once import OnceModal

OUTCOME_COLOURS = {PLAYED: "text-error", QUEUED: "text-warning"}
"""(Discarded to Raid or Build: the muted text.)"""


def odds_text(odds: DrawOdds, state: GameState, hidden: int = 0) -> Text:
    """The odds in words: how many cards, what is known of them, each outcome's chance, each
    card's. `hidden`: the discards the player may not see (the optional hidden discard pile)."""
    text = Text()
    if not odds.pile:
        text.append("The T-bot's draw pile is empty: if it must draw, it Raids or Builds without "
                    "discarding a card.\n")
        return text
    text.append(f"Its draw pile holds {odds.pile} card{'s' if odds.pile != 1 else ''}, in an "
                "order no one sees. ", "bold")
    seen = (f"its event card line ({len(state.event_card_line)}), its battle card line "
            f"({len(state.battle_card_line)}), its discard pile ({len(state.tbot_discard)}"
            f"{', face down' if hidden else ''}) and the cards it removed "
            f"({len(state.tbot_removed)})")
    text.append(f"They are its whole deck less what you can see: {seen}.\n\n")
    text.append("If it draws now, the card is (queued: to the end of its event card line, and it "
                "draws again):\n", "bold")
    for outcome in OUTCOMES:
        chance = odds.chance_of(outcome)
        text.append(f"  {chance:>4.0%}  ", "bold")
        text.append(f"{outcome}\n", paint(OUTCOME_COLOURS.get(outcome, "text-muted")))
    text.append("\nCard by card (as the board stands):\n", "bold")
    for card in odds.cards:
        copies = f" ×{card.copies}" if card.copies > 1 else ""
        text.append(f"  {card.chance:>4.0%}  ", "bold")
        text.append(f"{card.name}{copies}")
        text.append(f" — {card.outcome}\n", paint(OUTCOME_COLOURS.get(card.outcome, "text-muted")))
    text.append("\nIt draws only when no card of its event card line can be played and fewer than "
                "five corsairs are in the harbor of Tripoli (the Five Corsair Check); your moves "
                "before its turn may change what each card would do.", "italic")
    return text


class OddsScreen(OnceModal[None]):
    CSS_PATH = "tbot_odds.tcss"
    BINDINGS = [Binding("escape,O,q", "close", "Back", id="odds.back")]

    def __init__(self, odds: DrawOdds, state: GameState, hidden: int = 0) -> None:
        super().__init__()
        self.odds, self.state, self.hidden = odds, state, hidden

    def compose(self) -> ComposeResult:
        with Vertical(id="odds-box") as box:
            box.border_title = "What might the T-bot draw next?"
            box.border_subtitle = "Esc back"
            with VerticalScroll(id="odds-scroll"):
                yield Static(odds_text(self.odds, self.state, self.hidden), id="odds-text")

    def action_close(self) -> None:
        self.finish()
