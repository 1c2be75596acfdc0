"""The advice screen: each option of the player's decision with its estimated chance of winning.

The advisor thinks in a thread worker (the screen stays live; Esc stops it at once) on copies of
the game: the game itself is never touched. The options are listed best first, and the figures
tighten round by round while it thinks; t keeps thinking (twice the playouts). Enter plays the
highlighted option.
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
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from tripoli_tui.engine.decisions import Choice
from tripoli_tui.engine.game import Game
from tripoli_tui.play.advisor import DEFAULT_SECONDS, POLICY, Advice, Position, Race, default_seed
from tripoli_tui.tui.widgets.fitted import HangingRow
from tripoli_tui.tui.widgets.readable_list import ReadableOptionList

from ..widgets.key_footer import KeyFooter
from .once import OnceModal

PROGRESS_EVERY = 0.1
"""Seconds between two updates of the screen while it thinks (each one waits for the screen)."""
KEY = ("★ the best found · = about equal to ★ (the playouts cannot tell them apart)\n"
       "win chance ±95% · vs ★: points behind ★, same dice and cards · playouts")
"""What the marks and columns of a row mean, in a learner's words, under the rows' summary."""


def advice_rows(advice: Advice) -> list[Option]:
    """Every option of the advice, best first: ★ the best and = the options not told apart from
    it, the win chance and its ± margin, the difference from the best on the same luck, and the
    playouts, in aligned columns."""
    digits = max([3, *(len(str(o.playouts)) for o in advice.options)])
    best = advice.best
    rows = []
    for i in advice.ranked():
        o = advice.options[i]
        versus = ("best" if i == best
                  else f"{100 * o.versus_best:+.0f}±{100 * o.versus_margin:.0f}".replace("-", "−"))
        figures = Content.assemble(
            ("★ " if i == best else "= " if o.tied else "  ", "bold $gold"),
            (f"{100 * o.win_chance:3.0f}%", "bold" if i == best else ""),
            (f" ±{100 * o.margin:2.0f}", "dim"),
            (f" {versus:>7}", "bold" if i == best or o.tied else "dim"),
            (f" {o.playouts:{digits}d}  ", "dim"))
        rows.append(Option(HangingRow(figures, Content(o.choice.describe())), id=f"advice-{i}"))
    return rows


class AdviceScreen(OnceModal[Choice | None]):
    """Thinks about the pending American decision, then lists every option with its chance."""

    CSS_PATH = "advice.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close (stops the thinking)", id="advice.close"),
        Binding("t", "keep_thinking", "Keep thinking (twice the playouts)", id="advice.more"),
        Binding("enter", "play", "Play the highlighted option", show=False, id="advice.play"),
    ]

    def __init__(self, game: Game, *, seconds: float = DEFAULT_SECONDS,
                 playouts: int | None = None, seed: int | None = None,
                 workers: int | None = None) -> None:
        super().__init__()
        self.position = Position(game)
        self.seed = default_seed(game) if seed is None else seed
        self.race = Race(self.position, self.seed, workers=workers)
        self.seconds = seconds
        self.playouts = playouts
        self.stop = threading.Event()
        self.thinking = False
        self.advice: Advice | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="advice-box") as box:
            box.border_title = "Advice"
            box.border_subtitle = "Esc: close"
            yield Static(Text(self.position.pending.prompt), id="advice-prompt")
            yield Static(Text(f"Thinking: playing the game out from each option ({POLICY})..."),
                         id="advice-status")
            yield ProgressBar(total=1.0, show_eta=False, id="advice-progress")
            yield ReadableOptionList(id="advice-list")
        yield KeyFooter(palette=True)

    def on_mount(self) -> None:
        self.query_one("#advice-list").display = False
        self.thinking = True
        self.think(self.playouts, self.seconds if self.playouts is None else None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "keep_thinking":
            return None if self.thinking or self.advice is None else True  # shown, greyed
        return True

    @work(thread=True, exclusive=True, exit_on_error=False)
    def think(self, playouts: int | None, seconds: float | None) -> None:
        """Run the playouts off the screen's thread; show the figures as they come and at the end."""
        last = 0.0

        def progress(fraction: float) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last >= PROGRESS_EVERY and not self.stop.is_set():
                last = now
                self.app.call_from_thread(self._progress, fraction)

        def update(advice: Advice) -> None:
            if not self.stop.is_set():
                self.app.call_from_thread(self._show, advice, False)

        advice = self.race.think(playouts=playouts, seconds=seconds, progress=progress,
                                 cancelled=self.stop.is_set, update=update)
        if not self.stop.is_set():
            self.app.call_from_thread(self._show, advice, True)

    def _progress(self, fraction: float) -> None:
        if self.is_attached:
            self.query_one(ProgressBar).update(progress=fraction)

    def _show(self, advice: Advice, done: bool) -> None:
        if not self.is_attached or self.finished:
            return
        self.advice = advice
        listing = self.query_one("#advice-list", OptionList)
        # The best is the first row: while the highlight is there it follows the best as the
        # figures change (⏎ plays the best); on another row, the player's choice, it stays with
        # that option. (It stayed with the option first best, wherever the race took it.)
        chosen = listing.highlighted_option if listing.highlighted else None
        was = chosen.id if chosen is not None else None
        listing.clear_options()
        listing.add_options(advice_rows(advice))
        listing.highlighted = 0 if was is None else listing.get_option_index(was)
        summary = advice.in_words() if done else f"So far: {advice.in_words()}"
        status = (f"{advice.per_option} playouts an option, {POLICY}"
                  f"{'' if done else ' (thinking...)'}\n{summary}\n{KEY}")
        self.query_one("#advice-status", Static).update(Text(status))
        if not listing.display:
            listing.display = True
            listing.focus()
        if done:
            self.thinking = False
            self.query_one(ProgressBar).display = False
            self.query_one("#advice-box").border_subtitle = "⏎ play it · t: think more · Esc: close"
            self.refresh_bindings()

    def action_keep_thinking(self) -> None:
        """Go on thinking to twice the playouts of each option still in the race."""
        if self.thinking or self.advice is None:
            return
        self.thinking = True
        self.refresh_bindings()
        bar = self.query_one(ProgressBar)
        bar.update(progress=0.0)
        bar.display = True
        self.think(2 * self.race.per_option, None)

    def action_close(self) -> None:
        self.stop.set()
        self.finish(None)

    def _chosen(self, option_id: str | None) -> Choice | None:
        if self.advice is None or option_id is None:
            return None
        return self.advice.options[int(option_id.removeprefix("advice-"))].choice

    def action_play(self) -> None:
        listing = self.query_one("#advice-list", OptionList)
        option = listing.highlighted_option
        choice = self._chosen(option.id if option is not None else None)
        if choice is not None:
            self.stop.set()
            self.finish(choice)

    @on(OptionList.OptionSelected, "#advice-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = self._chosen(event.option.id)
        if choice is not None:
            self.stop.set()
            self.finish(choice)
