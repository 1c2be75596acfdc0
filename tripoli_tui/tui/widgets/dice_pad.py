"""The dice pad of a table campaign: the roll the game asks for (whose dice, how many), typed in
as rolled on the table ("6 3 1" or "631"), Enter to give it; a roll that cannot be is refused in
the pad with the sentence saying why, and asked again with what was typed kept."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from tripoli_tui.engine import data as d
from tripoli_tui.engine.choices import Choice, RollDice
from tripoli_tui.engine.decisions import TABLE_DICE, Decision, TableDiceFacts
from tripoli_tui.engine.table import TableRefusal, read_dice
from tripoli_tui.tui.theme import paint

TYPED = frozenset("0123456789 ,")
"""What the pad's box takes: digits (a 0 or a 7 is refused with its sentence), spaces and commas.
Any other key goes on to the game screen (u undoes, s saves, ? helps)."""


def whose_dice(roller: str) -> str:
    """Whose dice the roll is, in the player's words."""
    if roller == d.US:
        return "Your dice: roll them for the United States."
    if roller == d.TRIPOLITANIA:
        return "The T-bot's dice: roll them for Tripolitania."
    return "Roll them on your table."


class DiceBox(Input):
    """The box the dice are typed in: letters are the game's keys, not typing."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Only what a roll is typed with: the other letters stay the screen's keys."""
        return character is not None and character in TYPED

    async def _on_key(self, event: events.Key) -> None:
        """(Textual calls each class's `_on_key` in turn: Input's types what this one lets by.)"""
        if event.is_printable and event.character is not None and event.character not in TYPED:
            event.prevent_default()  # not typed (Input's own handler is not called) and not
            # stopped: it bubbles on to the screen's and the app's bindings


class DicePad(Vertical):
    """Asks for the dice of a TABLE_DICE decision and hands the roll to `answer`."""

    def __init__(self, answer: Callable[[Choice], Awaitable[None]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.answer = answer
        """Carries out the roll (the game screen's submit)."""
        self.pending: Decision | None = None
        self.refusal = ""
        """Why the last roll typed was refused ('' for none)."""

    def compose(self) -> ComposeResult:
        yield Static(id="dice-prompt", markup=False)
        yield Static(id="dice-whose", markup=False)
        yield DiceBox(placeholder="type the dice, e.g. 6 3 1", id="dice-box", max_length=80,
                      compact=True)
        yield Static(id="dice-refusal", markup=False)
        yield Static("6 3 1 or 631 · ⏎ gives them · u undo", id="dice-help", markup=False)

    @property
    def facts(self) -> TableDiceFacts | None:
        pending = self.pending
        if pending is None or not isinstance(pending.info, TableDiceFacts):
            return None
        return pending.info

    def show(self, pending: Decision) -> None:
        """Ask the roll of `pending` (a TABLE_DICE decision); a new one empties the box."""
        if pending == self.pending:
            return
        self.pending = pending
        facts = self.facts
        count = facts.count if facts is not None else 0
        self.border_title = f"At the table: roll {count} {'die' if count == 1 else 'dice'}"
        self.query_one("#dice-prompt", Static).update(pending.prompt)
        self.query_one("#dice-whose", Static).update(whose_dice(facts.roller if facts else ""))
        self.query_one("#dice-box", Input).value = ""
        self._refuse("")

    def focus_box(self) -> None:
        """Focus the box at once (keys typed ahead go to it, not to the widget focused before)."""
        self.screen.set_focus(self.query_one("#dice-box", Input))

    def _refuse(self, why: str) -> None:
        self.refusal = why
        said = self.query_one("#dice-refusal", Static)
        said.update(Text(why, style=f"bold {paint('text-error')}"))
        said.display = bool(why)

    @on(Input.Submitted, "#dice-box")
    async def _given(self, event: Input.Submitted) -> None:
        event.stop()
        await self.give(event.value)

    async def give(self, typed: str) -> bool:
        """Give the roll `typed`; False (the refusal shown, the box kept) when it cannot be."""
        facts, pending = self.facts, self.pending
        if facts is None or pending is None or pending.kind != TABLE_DICE:
            return False
        try:
            values = read_dice(typed, facts.count, facts.what or "the roll")
        except TableRefusal as refusal:
            self._refuse(str(refusal))
            return False
        self._refuse("")
        await self.answer(RollDice(values))
        return True
