"""The T-bot's reasoning, one flowchart step at a time: rule, board facts, outcome, then the decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from tripoli_tui.tui.rulings import linked
from tripoli_tui.tui.theme import dice_marked, paint
from tripoli_tui.tui.widgets.fitted import hanging_lines

YES, NO = "✔", "✘"
"""Marks the fact that decided a step."""
RULE_KEY = "o"
"""The key that unfolds (and folds) the rule text under a step's facts."""

if TYPE_CHECKING:  # the T-bot is imported when it first answers, not with the screen
    from bot.trace import Trace, TraceDecision, TraceStep
    from bot.turn_trace import TurnEvent, TurnTrace


def is_question(step: TraceStep) -> bool:
    """Whether the step is a yes/no test, not a choice among several (see bot.flowchart.is_test)."""
    from bot.flowchart import is_test

    return is_test(step.step)


def result_text(step: TraceStep) -> Text:
    """'✔ yes' or '✘ no' for a test; '' for a choice (its outcome says what was chosen)."""
    if not is_question(step):
        return Text()
    return Text(f"{YES} yes" if step.passed else f"{NO} no",
                style=f"bold {paint('text-success' if step.passed else 'text-error')}")


def facts_text(step: TraceStep, latest: bool, indent: str = "  ") -> Text:
    """The step's facts, each condition ✔ met or ✘ not, the one that decided it marked."""
    from bot.trace import DECIDED

    out = Text()
    deciding = step.deciding()
    for n, fact in enumerate(step.facts):
        mark = step.mark(n)
        style = "" if latest else paint("muted")
        out.append(indent)
        if mark:
            out.append(mark, style=f"bold {paint('text-success' if mark == YES else 'text-error')}")
        else:
            out.append("·", style=paint("muted"))
        out.append_text(linked(f" {fact}", f"bold {style}" if n == deciding else style))
        if n == deciding:
            out.append(f" {DECIDED}", style=f"bold {paint('gold')}")
        out.append("\n")
    return out


def step_text(step: TraceStep, latest: bool, rule_open: bool = False) -> Text:
    """One trace step: its title, card and result, the facts that decided it (✔/✘), what came of
    it, then the rule (the latest step's, when unfolded)."""
    gold, muted = f"bold {paint('gold')}", paint("muted")
    out = Text.assemble(("▶ " if latest else "  ", gold))
    out.append(step.title, style=f"bold {paint('trace')}")
    if step.card and step.card != step.title:
        out.append(f" — {step.card}", style=paint("card-name"))
    result = result_text(step)
    if result:
        out.append("  ")
        out.append_text(result)
    out.append("\n")
    out.append_text(facts_text(step, latest))
    if step.outcome:
        out.append_text(linked(f"  → {step.outcome}\n", paint("side-us") if latest else muted))
    if latest and rule_open and step.rule:
        out.append_text(linked(f"  The rule: {step.rule}\n", f"italic {muted}"))
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


def path_in_brief(trace: Trace) -> str:
    """A decision's steps in a few words: 'event card line ✘✘✘ · Five Corsair Check ✔'."""
    from bot.flowchart import short_name

    parts: list[tuple[str, str]] = []
    for step in trace.steps:
        name = short_name(step.step)
        mark = (YES if step.passed else NO) if is_question(step) else ""
        if parts and parts[-1][0] == name:
            parts[-1] = (name, parts[-1][1] + mark)
        else:
            parts.append((name, mark))
    return " · ".join(f"{name} {marks}".rstrip() for name, marks in parts)


def turn_so_far_text(turn: TurnTrace) -> Text:
    """The T-bot's turn so far, in brief: each decision's path and choice, the events between."""
    from bot.trace import Trace

    out = Text()
    for item in turn.items:
        if not isinstance(item, Trace) and item.text.rstrip(".") == turn.title:
            continue
        if isinstance(item, Trace):
            out.append(f"  {path_in_brief(item)}\n", style=paint("trace"))
            out.append("  ■ ", style=paint("gold"))
            out.append(f"{item.decision.summary}\n", style=paint("card-name"))
        else:
            out.append_text(event_text(item))
    return out


def pinned_step(step: TraceStep) -> Text:
    """The step on show, pinned above the reasoning: its title, card and result."""
    out = Text.assemble(("▶ ", f"bold {paint('gold')}"), (step.title + " ", "bold"))
    if step.card and step.card != step.title:
        out.append(f"— {step.card} ", style=paint("card-name"))
    out.append_text(result_text(step))
    return out


class ReasoningPanel(VerticalScroll):
    """Shows the first `shown` steps of a trace, the latest in full, and the decision at the end.

    The latest step shows its facts first; its rule text is folded under them until `rule_open`."""

    rule_open = False
    """Whether the rule text of the step on show is unfolded (the game screen's RULE_KEY)."""

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
        if not width and isinstance(self.parent, Widget):  # not shown yet: the room its switcher has
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

    _showing: tuple[Trace | None, int, str, str, TurnTrace | None, str] | None = None
    """What `show` was last asked to show (shown again when the panel's width changes)."""
    _shown_at = 0
    """The width its lines were wrapped to."""

    def on_resize(self) -> None:
        if self._showing is not None and self._room()[0] != self._shown_at:
            self.show(*self._showing)

    def compose(self) -> ComposeResult:
        yield Static(id="reasoning-step", markup=False)
        yield Static(id="reasoning-text")

    def show(self, trace: Trace | None, shown: int, prompt: str, error: str = "",
             turn: TurnTrace | None = None, level: str = "verbose") -> None:
        """Reveal `shown` items of `trace` (its steps, then the decision) under the `prompt`,
        after the T-bot's `turn` so far (its earlier decisions and the dice as they fell)."""
        self._showing = (trace, shown, prompt, error, turn, level)
        width, _ = self._room()  # each line wrapped under its own words, not at the edge
        self._shown_at = width
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
            # the step's number, never the total: it would tell how far the line scan goes
            self.border_title = escape(f"The T-bot · decision {earlier + 1} · step {shown}")
            pinned.update(hanging_lines(pinned_step(step), width))
        else:
            walked = f"{len(steps)} step{'s' if len(steps) != 1 else ''}"
            self.border_title = escape(f"The T-bot's decision {earlier + 1} · {walked}")  # (fits 80x24)
            pinned.update(hanging_lines(Text.assemble(("■ Decision: ", f"bold {paint('gold')}"),
                                                      (trace.decision.summary, "bold")), width))
        on_show = steps[shown - 1] if shown <= len(steps) else None
        if on_show is None and level != "verbose":  # the decision and (concise) what decided it
            from tripoli_tui.play.reasoning_levels import level_of, reasoning_lines

            for line in reasoning_lines(trace, level_of(level))[1:]:
                out.append(line + "\n", style=paint("muted"))
        else:
            for step in steps[:shown - 1] if on_show else steps:
                out.append_text(step_text(step, False))
        tail = Text()  # what is on show now: the latest step or the decision, and the keys
        if on_show is None:
            tail.append_text(decision_text(trace.decision))
            tail.append("\n")
            tail.append("space: carry it out · f: finish the T-bot's turn · w: walkthrough off",
                        style=paint("muted"))
        else:
            tail.append_text(step_text(on_show, True, self.rule_open))
            # space, f and the rule's key are in the footer: the room goes to the facts
            tail.append("w: walkthrough off", style=paint("muted"))
        title = len(hanging_lines(tail.split("\n")[0], width).split("\n"))  # pinned when long
        out, tail = hanging_lines(out, width), hanging_lines(tail, width)
        above = self._lines(out) - 1  # the lines before the tail (`out` ends with a newline)
        out.append_text(tail)
        fits = self._fits(tail)
        pinned.display = not fits
        self.query_one("#reasoning-text", Static).update(out)
        if fits:
            self.anchor()  # the newest step in view from the first frame (not scrolled to after it)
        else:  # the step read from its start, under its pinned title: its facts come first
            self.anchor(False)
            self.call_after_refresh(self.scroll_to, y=above + title, animate=False, immediate=True)
