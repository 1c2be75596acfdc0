"""A table campaign on the game screen: TableRoute shows the dice pad for a roll made on the
table, gives the keys to what asks the player, switches the table's modes and adjusts the position
to the table (SwitchModes and Adjust steps submitted through the screen, which the log shows and
undo takes back)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.choices import Adjust, SwitchModes
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tripoli_tui.engine.decisions import Decision
    from tripoli_tui.tui.widgets.dice_pad import DicePad

    from .game_host import GameHost


class TableRoute:
    """The table's decisions and modes on `screen`."""

    def __init__(self, screen: GameHost) -> None:
        self.screen = screen

    def dice_pad(self) -> Iterator[DicePad]:
        """The pad for dice rolled on the table, for the screen to compose: a table campaign's
        only (a solitaire game never asks for them, and no game becomes a table campaign later),
        one panel less to mount before a solitaire game's first paint (and its module, ~1.5 ms,
        less to load: it is loaded here, at a table)."""
        if self.screen.game.state.table is not None:
            from tripoli_tui.tui.widgets.dice_pad import DicePad

            yield DicePad(self.screen.submit, id="dice-pad")

    def pad(self) -> DicePad:
        """The dice pad (a table campaign's screen has one)."""
        from tripoli_tui.tui.widgets.dice_pad import DicePad

        return self.screen.query_one(DicePad)

    def show_pad(self, pending: Decision | None) -> bool:
        """Ask the roll of `pending` in the dice pad when it is one made on the table."""
        if pending is None or pending.kind != k.TABLE_DICE:
            return False
        self.pad().show(pending)
        return True

    def focus_answer(self) -> bool:
        """Give the keys to what asks the player now: the dice pad, or the choices; False when
        neither asks (the hand, the T-bot's reasoning)."""
        screen = self.screen
        pending = screen.game.pending
        if pending is not None and pending.kind == k.TABLE_DICE:
            self.pad().focus_box()
        elif screen.offer is not None:
            screen.query_one(ChoicePanel).focus_options()
        else:
            return False
        return True

    def switch_modes(self) -> None:
        """The modes dialog; the modes chosen are submitted as a step of the timeline."""
        from .table_modes import TableModesDialog

        screen = self.screen
        modes = screen.game.state.table
        if modes is None:
            return

        async def switched(chosen: str | None) -> None:
            if chosen is not None and screen.game.state.table is not None:
                await screen.submit(SwitchModes(chosen))

        screen.app.push_screen(TableModesDialog(modes.text()), switched)

    def adjust(self) -> None:
        """The Adjust form, at the start of the player's turn; the adjustment it returns is
        submitted as a step of the timeline. At another moment, it says when it can be made."""
        from .table_adjust import AdjustDialog

        screen = self.screen
        game = screen.game
        if game.state.table is None:
            return
        pending = game.pending
        if pending is None or pending.kind not in (k.AMERICAN_PLAY, k.HAND_LIMIT):
            screen.notify("Adjust at the start of your turn (your play, or the hand limit): the "
                          "turn under way reads the position as it is.", title="Not now",
                          severity="warning")
            return

        async def adjusted(change: str | None) -> None:
            if change is not None and screen.game.state.table is not None:
                await screen.submit(Adjust(change))

        screen.app.push_screen(AdjustDialog(game.state), adjusted)

    def board(self) -> None:
        """Your board: the moves for the table, one at a time, at the reasoning level chosen
        (remembered for every campaign)."""
        from .table_board import BoardScreen

        screen = self.screen
        if screen.game.state.table is None:
            return

        def closed(chosen: str | None) -> None:
            if chosen is not None:
                set_reasoning_level(screen, chosen)

        screen.app.push_screen(BoardScreen(screen.session.board, reasoning_level(screen.app)),
                               closed)

    def cycle_reasoning(self) -> None:
        """The next reasoning level (verbose, concise, off), for this campaign and every other."""
        from tripoli_tui.play.reasoning_levels import LEVELS

        now = reasoning_level(self.screen.app)
        chosen = LEVELS[(LEVELS.index(now) + 1) % len(LEVELS)] if now in LEVELS else LEVELS[0]
        set_reasoning_level(self.screen, chosen)
        self.screen.notify(f"The T-bot's reasoning: {chosen} ({LEVEL_WORDS[chosen]}).", timeout=4)


LEVEL_WORDS = {"verbose": "every step, each fact ✔ or ✘",
               "concise": "its decision and the fact that decided it",
               "off": "its moves alone"}


def reasoning_level(app: object) -> str:
    """The reasoning level the player chose (the settings'), verbose when none."""
    settings = getattr(app, "settings", None)
    return str(getattr(settings, "reasoning", "verbose"))


def set_reasoning_level(screen: GameHost, level: str) -> None:
    """Remember the level for every campaign and show the T-bot's reasoning at it from now on."""
    app = screen.app
    settings, remember = getattr(app, "settings", None), getattr(app, "remember", None)
    if settings is not None and remember is not None:
        remember(replace(settings, reasoning=level))
    if screen.session.reasoning != level:
        screen.session.reasoning = level
        screen.session.walk.forget()  # (asked again at the new level)
        screen.carry_on()


class TableActions:
    """The game screen's keys for a table campaign (M, A, B), each to its TableRoute, and the
    reasoning level (every campaign's)."""

    table: TableRoute

    def action_table_modes(self) -> None:
        self.table.switch_modes()

    def action_table_adjust(self) -> None:
        self.table.adjust()

    action_table_adjust_waits = action_table_adjust  # (A at another moment: it says when)

    def action_table_board(self) -> None:
        self.table.board()

    def action_reasoning_level(self) -> None:
        self.table.cycle_reasoning()
