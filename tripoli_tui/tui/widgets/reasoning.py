"""The T-bot's reasoning, one flowchart step at a time: rule, board facts, outcome, then the decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from tripoli_tui.tui.rulings import linked
from tripoli_tui.tui.theme import dice_marked, paint

if TYPE_CHECKING:  # the T-bot is imported when it first answers, not with the screen
    from bot.trace import Trace, TraceDecision, TraceStep
    from bot.turn_trace import TurnEvent, TurnTrace


def step_text(step: TraceStep, latest: bool) -> Text:
    """One trace step: id, title, card, the rule, the facts and what came of it."""
    passed = step.passed
    gold, muted = f"bold {paint('gold')}", paint("muted")
    out = Text.assemble(("▶ " if latest else "  ", gold))
    out.append(f"[{step.step}] ", style=f"bold {paint('trace')}")
    out.append(step.title, style="bold")
    if step.card and step.card != step.title:
        out.append(f" — {step.card}", style=paint("card-name"))
    out.append("  yes\n" if passed else "  no\n",
               style=f"bold {paint('text-success' if passed else 'text-error')}")
    if latest and step.rule:
        out.append_text(linked(f"    {step.rule}\n", f"italic {muted}"))
    for fact in step.facts:
        out.append_text(linked(f"    · {fact}\n", "" if latest else muted))
    if step.outcome:
        out.append_text(linked(f"    → {step.outcome}\n", paint("side-us") if latest else muted))
    return out


def decision_text(decision: TraceDecision) -> Text:
    gold = f"bold {paint('gold')}"
    out = Text.assemble(("■ Decision", gold))
    if decision.card:
        out.append(f" ({decision.card})", style=paint("card-name"))
    out.append(": ", style=gold)
    out.append(decision.summary, style="bold")
    return out


def event_text(event: TurnEvent) -> Text:
    """An engine event between two T-bot decisions: a draw, a hit, the dice as they fell."""
    if event.kind == "header":
        return Text.assemble(("  ══ ", paint("muted")), (event.text, "bold"), "\n")
    return Text.assemble("  · ", dice_marked(event.text) if event.kind == "dice"
                         else Text(event.text), "\n")


def turn_so_far_text(turn: TurnTrace) -> Text:
    """The T-bot's turn so far, in brief: each decision's path and choice, the events between."""
    from bot.trace import Trace

    out = Text()
    for item in turn.items:
        if not isinstance(item, Trace) and item.text.rstrip(".") == turn.title:
            continue
        if isinstance(item, Trace):
            path = " ".join(f"{s.step}{'✓' if s.passed else '✗'}" for s in item.steps)
            out.append(f"  {path}\n", style=paint("trace"))
            out.append("  ■ ", style=paint("gold"))
            out.append(f"{item.decision.summary}\n", style=paint("card-name"))
        else:
            out.append_text(event_text(item))
    return out


def pinned_step(step: TraceStep) -> Text:
    """The step on show, pinned above the reasoning: its id, title, card and result."""
    out = Text.assemble(("▶ ", f"bold {paint('gold')}"), (f"{step.step} ", f"bold {paint('trace')}"),
                        (step.title + " ", "bold"))
    if step.card and step.card != step.title:
        out.append(f"— {step.card} ", style=paint("card-name"))
    out.append("· yes" if step.passed else "· no",
               style=f"bold {paint('text-success' if step.passed else 'text-error')}")
    return out


class ReasoningPanel(VerticalScroll):
    """Shows the first `shown` steps of a trace, the latest in full, and the decision at the end."""

    DEFAULT_CSS = """
    ReasoningPanel > Static { width: 1fr; }
    ReasoningPanel > #reasoning-text { min-height: 100%; }  /* anchored, short text stays on top */
    ReasoningPanel > #reasoning-step {
        dock: top;
        height: auto;
        max-height: 3;
        background: $boost;
    }
    """

    def _room(self) -> tuple[int, int]:
        """The text's width (a scrollbar's room kept) and the panel's height, in cells."""
        width, height = self.content_region.size
        if not width and self.parent is not None:  # not shown yet: the room its switcher has
            outer = self.parent.content_region.size
            width, height = outer.width - 2, outer.height - 1  # padding, border
        return width - 2, height

    def _lines(self, text: Text) -> int:
        width, _ = self._room()
        return len(text.wrap(self.app.console, max(width, 1)))

    def _fits(self, tail: Text) -> bool:
        """Whether `tail` fits in the panel whole, so that its first line (the step's id, title
        and result) stays in view without being pinned above."""
        width, height = self._room()
        return width > 0 and height > 0 and self._lines(tail) <= height

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="reasoning-step", markup=False)
        yield Static(id="reasoning-text")

    def show(self, trace: Trace | None, shown: int, prompt: str, error: str = "",
             turn: TurnTrace | None = None) -> None:
        """Reveal `shown` items of `trace` (its steps, then the decision) under the `prompt`,
        after the T-bot's `turn` so far (its earlier decisions and the dice as they fell)."""
        out = Text()
        earlier = len(turn.traces) if turn is not None else 0
        if turn is not None and earlier:
            out.append(f"{turn.title}, so far:\n", style="bold")
            out.append_text(turn_so_far_text(turn))
        out.append(prompt + "\n", style=f"bold {paint('side-tripolitania')}")
        if error:
            out.append(f"The T-bot could not answer: {error}\nNothing was played. Save the game "
                       "(s) and report the problem.", style=f"bold {paint('text-error')}")
        pinned = self.query_one("#reasoning-step", Static)
        if trace is None:
            pinned.display = False
            self.query_one("#reasoning-text", Static).update(out)
            return
        steps = trace.steps
        if shown <= len(steps):
            step = steps[shown - 1]
            self.border_title = escape(f"The T-bot · decision {earlier + 1} · "
                                       f"step {shown}/{len(steps)}")
            pinned.update(pinned_step(step))
        else:
            self.border_title = escape(f"The T-bot decides · decision {earlier + 1}")
            pinned.update(Text.assemble(("■ Decision: ", f"bold {paint('gold')}"),
                                        (trace.decision.summary, "bold")))
        on_show = steps[shown - 1] if shown <= len(steps) else None
        for step in steps[:shown - 1] if on_show else steps:
            out.append_text(step_text(step, False))
        tail = Text()  # what is on show now: the latest step or the decision, and the keys
        if on_show is None:
            tail.append_text(decision_text(trace.decision))
            tail.append("\n")
            tail.append("space: carry it out · f: finish the T-bot's turn · w: walkthrough off",
                        style=paint("muted"))
        else:
            tail.append_text(step_text(on_show, True))
            tail.append(f"step {shown} of {len(steps)} · space: next step · f: finish turn · "
                        "w: walkthrough off", style=paint("muted"))
        above = self._lines(out) - 1  # the lines before the tail (`out` ends with a newline)
        out.append_text(tail)
        fits = self._fits(tail)
        pinned.display = not fits
        self.query_one("#reasoning-text", Static).update(out)
        if fits:
            self.anchor()  # the newest step in view from the first frame (not scrolled to after it)
        else:  # the step read from its start, under its pinned title: the rule comes first
            self.anchor(False)
            title = self._lines(tail.split("\n")[0])  # the tail's first line, wrapped: pinned
            self.call_after_refresh(self.scroll_to, y=above + title, animate=False, immediate=True)
