"""The advice screen: each option of the player's decision with its estimated chance of winning.

The advisor thinks in a thread worker (the screen stays live; Esc stops it at once) on copies of
the game: the game itself is never touched. Enter plays the highlighted option.
"""

from __future__ import annotations

import threading
import time

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from tripoli_tui.engine.decisions import Choice
from tripoli_tui.engine.game import Game
from tripoli_tui.play.advisor import DEFAULT_SECONDS, Advice, Position, advise_position, default_seed
from tripoli_tui.tui.widgets.fitted import FittedRow
from tripoli_tui.tui.widgets.readable_list import ReadableOptionList

from .once import OnceModal

PROGRESS_EVERY = 0.1
"""Seconds between two updates of the progress bar (each one waits for the screen)."""


class AdviceRow(FittedRow):
    """An option's row: its figures in columns, then its words, wrapped under themselves (never
    under the figures) where the row is short of room: long options that begin alike
    ('Discard General Eaton Attacks Benghazi to …') each read whole."""

    def __init__(self, figures: Content, words: Content) -> None:
        super().__init__(Content.assemble(figures, words))
        self.figures, self.words = figures, words

    def lines(self, width: int) -> list[Content]:
        room = width - self.figures.cell_length
        if self.whole.cell_length <= width or room < 8:
            return [self.whole.truncate(width, ellipsis=True)]
        indent = Content(" " * self.figures.cell_length)
        first, *more = self.words.wrap(room)
        return [self.figures + first, *(indent + line for line in more)]


def advice_rows(advice: Advice) -> list[Option]:
    """Every option of the advice, its win chance, ± margin and playouts in aligned columns."""
    digits = max([5, *(len(str(o.playouts)) for o in advice.options)])
    rows = []
    for i, o in enumerate(advice.options):
        best = i == advice.best
        figures = Content.assemble(
            ("★ " if best else "  ", "bold $gold"),
            (f"{100 * o.win_chance:3.0f}%", "bold" if best else ""),
            (f" ±{100 * o.margin:2.0f}", "dim"),
            (f" {o.playouts:{digits}d}  ", "dim"))
        rows.append(Option(AdviceRow(figures, Content(o.choice.describe())), id=f"advice-{i}"))
    return rows


class AdviceScreen(OnceModal[Choice | None]):
    """Thinks about the pending American decision, then lists every option with its chance."""

    CSS_PATH = "advice.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close (stops the thinking)", id="advice.close"),
        Binding("enter", "play", "Play the highlighted option", show=False, id="advice.play"),
    ]

    def __init__(self, game: Game, *, seconds: float = DEFAULT_SECONDS,
                 playouts: int | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.position = Position(game)
        self.seed = default_seed(game) if seed is None else seed
        self.seconds = seconds
        self.playouts = playouts
        self.stop = threading.Event()
        self.advice: Advice | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="advice-box") as box:
            box.border_title = "Advice"
            box.border_subtitle = "Esc: close"
            yield Static(Text(self.position.pending.prompt), id="advice-prompt")
            yield Static("Thinking: playing the game out from each option against the T-bot...",
                         id="advice-status")
            yield ProgressBar(total=1.0, show_eta=False, id="advice-progress")
            yield ReadableOptionList(id="advice-list")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#advice-list").display = False
        self.think()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def think(self) -> None:
        """Run the playouts off the screen's thread; hand the advice back when done."""
        last = 0.0

        def progress(fraction: float) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last >= PROGRESS_EVERY and not self.stop.is_set():
                last = now
                self.app.call_from_thread(self._progress, fraction)

        advice = advise_position(self.position, self.seed, playouts=self.playouts,
                                 seconds=self.seconds if self.playouts is None else None,
                                 progress=progress, cancelled=self.stop.is_set)
        if not self.stop.is_set():
            self.app.call_from_thread(self._show, advice)

    def _progress(self, fraction: float) -> None:
        if self.is_attached:
            self.query_one(ProgressBar).update(progress=fraction)

    def _show(self, advice: Advice) -> None:
        if not self.is_attached or self.finished:
            return
        self.advice = advice
        self.query_one(ProgressBar).display = False
        self.query_one("#advice-status", Static).update(Text(
            f"{advice.playouts} playouts against the T-bot · "
            "win chance ±95% · playouts · ★ best"))
        listing = self.query_one("#advice-list", OptionList)
        listing.add_options(advice_rows(advice))
        listing.highlighted = advice.best
        listing.display = True
        listing.focus()
        self.query_one("#advice-box").border_subtitle = "⏎ play it · Esc: close"

    def action_close(self) -> None:
        self.stop.set()
        self.finish(None)

    def action_play(self) -> None:
        listing = self.query_one("#advice-list", OptionList)
        if self.advice is not None and listing.highlighted is not None:
            self.finish(self.advice.options[listing.highlighted].choice)

    @on(OptionList.OptionSelected, "#advice-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.advice is not None:
            self.finish(self.advice.options[event.option_index].choice)
