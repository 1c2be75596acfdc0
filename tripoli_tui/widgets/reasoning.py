"""The T-bot's reasoning, one flowchart step at a time: rule, board facts, outcome, then the decision."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from tripoli_tui.rulings import linked

if TYPE_CHECKING:  # the T-bot is imported when it first answers, not with the screen
    from bot.trace import Trace, TraceDecision, TraceStep
    from bot.turn_trace import TurnEvent, TurnTrace

DIE = re.compile(r"\[(\d)\]")


def step_text(step: TraceStep, latest: bool) -> Text:
    """One trace step: id, title, card, the rule, the facts and what came of it."""
    passed = step.passed
    out = Text.assemble(("▶ " if latest else "  ", "bold #ffd700"))
    out.append(f"[{step.step}] ", style="bold #d787ff")
    out.append(step.title, style="bold")
    if step.card and step.card != step.title:
        out.append(f" — {step.card}", style="#ffd7af")
    out.append("  yes\n" if passed else "  no\n",
               style="bold #87d75f" if passed else "bold #ff8787")
    if latest and step.rule:
        out.append_text(linked(f"    {step.rule}\n", "dim italic"))
    for fact in step.facts:
        out.append_text(linked(f"    · {fact}\n", "" if latest else "dim"))
    if step.outcome:
        out.append_text(linked(f"    → {step.outcome}\n", "#87d7ff" if latest else "dim"))
    return out


def decision_text(decision: TraceDecision) -> Text:
    out = Text.assemble(("■ Decision", "bold #ffd700"))
    if decision.card:
        out.append(f" ({decision.card})", style="#ffd7af")
    out.append(": ", style="bold #ffd700")
    out.append(decision.summary, style="bold")
    return out


def event_text(event: TurnEvent) -> Text:
    """An engine event between two T-bot decisions: a draw, a hit, the dice as they fell."""
    if event.kind == "header":
        return Text.assemble(("  ══ ", "dim"), (event.text, "bold"), "\n")
    body = Text(event.text)
    if event.kind == "dice":
        for m in DIE.finditer(event.text):
            hit = m.group(1) == "6"
            body.stylize("bold #ffffff on #af0000" if hit else "bold reverse", m.start(), m.end())
    return Text.assemble("  · ", body, "\n")


def turn_so_far_text(turn: TurnTrace) -> Text:
    """The T-bot's turn so far, in brief: each decision's path and choice, the events between."""
    from bot.trace import Trace

    out = Text()
    for item in turn.items:
        if not isinstance(item, Trace) and item.text.rstrip(".") == turn.title:
            continue
        if isinstance(item, Trace):
            path = " ".join(f"{s.step}{'✓' if s.passed else '✗'}" for s in item.steps)
            out.append(f"  {path}\n", style="dim #d787ff")
            out.append("  ■ ", style="#ffd700")
            out.append(f"{item.decision.summary}\n", style="#ffd7af")
        else:
            out.append_text(event_text(item))
    return out


def pinned_step(step: TraceStep) -> Text:
    """The step on show, pinned above the reasoning: its id, title, card and result."""
    out = Text.assemble(("▶ ", "bold #ffd700"), (f"{step.step} ", "bold #d787ff"),
                        (step.title + " ", "bold"))
    if step.card and step.card != step.title:
        out.append(f"— {step.card} ", style="#ffd7af")
    out.append("· yes" if step.passed else "· no",
               style="bold #87d75f" if step.passed else "bold #ff8787")
    return out


class ReasoningPanel(VerticalScroll):
    """Shows the first `shown` steps of a trace, the latest in full, and the decision at the end."""

    DEFAULT_CSS = """
    ReasoningPanel > Static { width: 1fr; }
    ReasoningPanel > #reasoning-step {
        dock: top;
        height: auto;
        max-height: 3;
        background: $boost;
    }
    """

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
        out.append(prompt + "\n", style="bold #ff8787")
        if error:
            out.append(f"The T-bot could not answer: {error}\nNothing was played. Save the game "
                       "(s) and report the problem.", style="bold #ff5f5f")
        pinned = self.query_one("#reasoning-step", Static)
        if trace is None:
            pinned.display = False
            self.query_one("#reasoning-text", Static).update(out)
            return
        steps = trace.steps
        pinned.display = True
        if shown <= len(steps):
            step = steps[shown - 1]
            self.border_title = escape(f"The T-bot · decision {earlier + 1} · "
                                       f"step {shown}/{len(steps)}")
            pinned.update(pinned_step(step))
        else:
            self.border_title = escape(f"The T-bot decides · decision {earlier + 1}")
            pinned.update(Text.assemble(("■ Decision: ", "bold #ffd700"),
                                        (trace.decision.summary, "bold")))
        for i, step in enumerate(steps[:shown]):
            out.append_text(step_text(step, i == shown - 1))
        if shown > len(steps):
            out.append_text(decision_text(trace.decision))
            out.append("\n")
            out.append("space: carry it out · f: finish the T-bot's turn · w: walkthrough off",
                       style="dim")
        else:
            out.append(f"step {shown} of {len(steps)} · space: next step · f: finish turn · "
                       "w: walkthrough off", style="dim")
        self.query_one("#reasoning-text", Static).update(out)
        self.call_after_refresh(self.scroll_end, animate=False)
