"""Command palette provider: the current legal choices, plus save, undo and the T-bot keys."""

from __future__ import annotations

from functools import partial
from typing import Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.types import IgnoreReturnCallbackType

from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import TABLE, TABLE_DICE, Choice
from tripoli_tui.engine.game import Game


@runtime_checkable
class GameActions(Protocol):
    """What the palette offers of the game screen."""

    @property
    def game(self) -> Game: ...
    async def submit(self, choice: Choice) -> None: ...
    def action_next_step(self) -> None: ...
    def action_finish_turn(self) -> None: ...
    def action_undo(self) -> None: ...
    def action_undo_all(self) -> None: ...
    def action_save(self) -> None: ...
    def action_table_modes(self) -> None: ...
    def action_table_adjust(self) -> None: ...
    def action_table_board(self) -> None: ...
    def action_reasoning_level(self) -> None: ...
    def action_toggle_walkthrough(self) -> None: ...
    def action_flowchart(self) -> None: ...
    def action_tbot_odds(self) -> None: ...
    def action_help(self) -> None: ...
    def action_record(self) -> None: ...


class ChoicePalette(Provider):
    """Lists what can be done now on the game screen, rebuilt from the pending decision."""

    def _commands(self) -> list[tuple[str, IgnoreReturnCallbackType, str]]:
        screen = self.screen
        if not isinstance(screen, GameActions):  # the palette of the game screen only
            return []
        game = screen.game
        out: list[tuple[str, IgnoreReturnCallbackType, str]] = []
        pending = game.pending
        if pending is not None and (pending.side == d.US or (
                pending.side == TABLE and pending.kind != TABLE_DICE)):
            for option in pending.options:
                out.append((f"Choose: {option.describe()}", partial(screen.submit, option),
                            pending.prompt))
        if pending is not None and pending.side == d.TRIPOLITANIA:
            out.append(("T-bot: next step", screen.action_next_step, "Show the next step"))
            out.append(("T-bot: finish its turn", screen.action_finish_turn, "Play it at once"))
        if game.can_undo:
            out.append(("Undo the last choice", screen.action_undo, "Back one choice"))
            out.append(("Undo back to the start of this choice sequence", screen.action_undo_all,
                        "Since the last die roll, card draw or T-bot move"))
        out.append(("Save the game under a name", screen.action_save, "Write a save"))
        if game.state.table is not None:
            out.append(("Switch the table's modes", screen.action_table_modes,
                        "Who rolls the dice and draws the cards: the program, or you"))
            out.append(("Adjust to the table", screen.action_table_adjust,
                        "Bring the program's position in line with your board"))
            out.append(("Your board: the moves to make", screen.action_table_board,
                        "One at a time, with the T-bot's reasons"))
        out.append(("Toggle the T-bot walkthrough", screen.action_toggle_walkthrough, ""))
        out.append(("The T-bot's reasoning: verbose, concise or off", screen.action_reasoning_level,
                    "Every step; its decision and what decided it; its moves alone (remembered)"))
        out.append(("Show the T-bot flowchart", screen.action_flowchart, "The path just taken"))
        out.append(("What might the T-bot draw next? (O)", screen.action_tbot_odds,
                    "Each card's chance, from what you can see"))
        out.append(("Help: keys, rules, cards", screen.action_help, ""))
        out.append(("Campaign record: past games", screen.action_record, ""))
        return out

    async def discover(self) -> Hits:
        for name, callback, help_text in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
