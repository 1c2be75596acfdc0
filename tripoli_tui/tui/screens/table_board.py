"""Your board: the moves for the pieces and cards on the player's table, one at a time.

The moves still to make come one after another (the one to make now marked ▶, those made ✔),
each beside the reasoning of the T-bot decision that made it, at the player's level (verbose:
every step and its facts; concise: the decision and the fact that decided it; off: the moves
alone). ⏎ or space: made, the next; r: the level; Esc: back to the game (the moves wait)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tripoli_tui.play.reasoning_levels import LEVELS, Level, level_of, reasoning_lines
from tripoli_tui.play.table_board import BoardSteps

from .once import OnceModal

SHOWN_MADE = 3
"""How many moves already made stay in sight above the next one."""


class BoardScreen(OnceModal[str]):
    """Returns the reasoning level last chosen."""

    CSS_PATH = "table.tcss"
    BINDINGS = [Binding("enter,space", "made", "Made: next", id="board.made"),
                Binding("r", "level", "Reasoning", id="board.reasoning"),
                Binding("escape", "close", "Back", id="board.back")]

    def __init__(self, board: BoardSteps, level: str) -> None:
        super().__init__()
        self.board = board
        self.level: Level = level_of(level) if level in LEVELS else "concise"

    def compose(self) -> ComposeResult:
        with Vertical(id="board-box") as box:
            box.border_title = "Your board"
            box.border_subtitle = "⏎ made: next · r reasoning · Esc back"
            yield Static(id="board-count")
            with VerticalScroll(id="board-moves"):
                yield Static(id="board-list")
            yield Static(id="board-reasoning")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        board = self.board
        to_make = board.to_make
        self.query_one("#board-count", Static).update(
            f"{len(to_make)} to make on your table · reasoning: {self.level}" if to_make
            else f"Your table matches the program's position · reasoning: {self.level}")
        lines = Text()
        for step in board.steps[max(0, board.done - SHOWN_MADE):board.done]:
            lines.append("✔ ", "green").append(step.text + "\n", "dim")
        for i, step in enumerate(to_make):
            if i == 0:
                lines.append("▶ ", "bold").append(step.text + "\n", "bold reverse")
            else:
                lines.append("  " + step.text + "\n")
        lines.rstrip()
        self.query_one("#board-list", Static).update(lines)
        reasoning = self.query_one("#board-reasoning", Static)
        trace = to_make[0].trace if to_make else None
        said = reasoning_lines(trace, self.level) if trace is not None else []
        reasoning.update("\n".join(said))
        reasoning.display = bool(said)

    def action_made(self) -> None:
        if not self.board.to_make:
            self.finish(self.level)
            return
        self.board.made()
        self.show()

    def action_level(self) -> None:
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.show()

    def action_close(self) -> None:
        self.finish(self.level)
