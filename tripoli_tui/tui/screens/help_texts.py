"""The help's texts: the rules shipped with the game, a card whole in words (its conditions marked
in the game on show), a ruling whole; the searches of the Cards and Rulings tabs."""

from __future__ import annotations

import re
from importlib import resources

from rich.text import Text
from textual.content import Content

from ...engine import data as d
from ...engine.cards.decks import TRIPOLITAN
from ...engine.state import GameState
from ...engine.words import plural
from .. import rulings as rl
from ..theme import paint
from ..widgets.conditions import card_check, conditions_content

DECK_NAMES = {d.US: "United States", d.TRIPOLITANIA: "Tripolitania"}
KIND_NAMES = {
    d.CORE: "core event", d.UNIQUE: "unique event", d.COMMON: "common event",
    d.VICTORY: "victory event", d.BATTLE: "battle card", d.SOLITAIRE: "solitaire card",
}


def rules_markdown() -> str:
    """The rules shipped with the game (tripoli_tui/help/rules.md), or a clear note if missing."""
    try:
        rules = resources.files("tripoli_tui").joinpath("help", "rules.md")
        return rules.read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as exc:
        return f"# Rules\n\nThe rules text could not be read ({exc}). Reinstall the game to restore it."


# --- cards ------------------------------------------------------------------


def card_matches(card: d.Card, query: str) -> bool:
    """Every word of the query appears somewhere in the card (name, deck, kind, texts)."""
    haystack = " ".join((card.name, card.id, DECK_NAMES.get(card.deck, card.deck), card.deck,
                         KIND_NAMES.get(card.kind, card.kind), card.text, card.requirement,
                         card.tbot)).casefold()
    return all(word in haystack for word in query.casefold().split())


def card_prompt(card: d.Card) -> Text:
    tag = "US" if card.deck == d.US else "TR"
    text = Text()
    text.append(f"{tag} ", style=f"bold {paint('side-us' if card.deck == d.US else 'side-tripolitania')}")
    text.append(card.name)
    return text


def card_details(card: d.Card, state: GameState | None = None, tbot_now: bool = True) -> Content:
    """The whole card in words: name, deck, kind, copies, requirement, effect, T-bot instruction;
    with a game on, each of its conditions marked met or not on the board now, unmet first, under
    the line it checks (the requirement of an American card, the T-bot's instruction of a
    Tripolitan one; a Tripolitan card's only while `tbot_now`: not in a drill, which asks it)."""
    judged = state is not None and (tbot_now or card.deck == d.US)
    check = card_check(state, card.id) if state is not None and judged else None
    marks = conditions_content(check) if check is not None and check.conditions() else None
    copies = plural(card.copies, "copy", "copies")
    parts: list[Content | tuple[str, str] | str] = [
        (card.name, "bold"), "\n",
        (f"{DECK_NAMES.get(card.deck, card.deck)} · {KIND_NAMES.get(card.kind, card.kind)} · "
         f"{copies}", "italic"),
        ("\n\nRequirement: ", "bold"), card.requirement or "none"]
    if marks is not None and card.deck == d.US:
        parts += [("\nThe requirement now:\n", "bold"), marks]
    parts += [("\n\nEffect: ", "bold"), card.text or "—"]
    if card.deck == d.TRIPOLITANIA:
        parts += [("\n\nT-bot: ", "bold"), card.tbot or "no instruction"]
        cited = TRIPOLITAN[card.id].rulings if card.id in TRIPOLITAN else ""
        if cited:
            parts += [("\nRulings: ", "bold"), Content.from_rich_text(rl.linked(cited))]
        if marks is not None:
            parts += [("\n\nThe T-bot's condition now:\n", "bold"), marks]
    return Content.assemble(*parts)


def ruling_prompt(ruling: rl.Ruling) -> Text:
    text = Text()
    text.append(f"{ruling.id:<6}", style="bold")
    text.append(ruling.title)
    return text


EMPHASIS = re.compile(r"\*([^*\n]+)\*")
"""Markdown's *emphasis* in a ruling's text: a card's name, mostly."""


def emphasised(markdown: str) -> Text:
    """A line of Markdown with its *emphasis* in italics and the asterisks gone."""
    text, start = Text(), 0
    for match in EMPHASIS.finditer(markdown):
        text.append(markdown[start:match.start()])
        text.append(match.group(1), style="italic")
        start = match.end()
    text.append(markdown[start:])
    return text


def ruling_details(ruling: rl.Ruling) -> Text:
    """One ruling in full; the other rulings it names are links."""
    text = Text()
    text.append(f"{ruling.id} — {ruling.title}", style="bold")
    text.append(f"\n{ruling.topic}\n\n", style="italic")
    text.append_text(rl.linked(emphasised(ruling.text)))
    return text


def nothing_matches(what: str, query: str) -> Text:
    """What the search shows when no card (or ruling) matches the words typed."""
    return Text(f"No {what} matches “{query.strip()}”.\nTry fewer or shorter words.", style="italic")
