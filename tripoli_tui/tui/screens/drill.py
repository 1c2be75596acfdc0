"""The drill beside the board: predict the T-bot. Each of its tests (and each choice it makes) is
asked in a panel where the T-bot's reasoning would be, the map and both card lines in view; the
answer comes with the rule and the facts that decided it. The drill logic is tripoli_tui.play.drill.

The game screen drives it: it starts a drill when the T-bot is to move, answers it by keys from
anywhere on the screen (so the player may read the log or the help and come back), and redraws
the board after each decision the drill carries out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tripoli_tui.engine import data as d
from tripoli_tui.tui.rulings import linked
from tripoli_tui.tui.theme import paint
from tripoli_tui.tui.widgets.fitted import HangingText
from tripoli_tui.tui.widgets.readable_list import ReadableOptionList

if TYPE_CHECKING:  # the T-bot is imported when a drill begins, not with the game screen
    from tripoli_tui.play.drill import Drill, Question, Result

FIRST_WORDS = ("Answer first (⏎, or the number, or y / n): the T-bot's own answer follows, with "
               "the facts that decided it and its rule; ⏎ then goes on to the next question. K "
               "reads the card asked about (esc: back). "
               "The board, the card lines and the log stay in view; ? help and t flowchart come "
               "back here.")
MARK = {True: "✔", False: "✘", None: "·"}


def result_text(result: Result) -> Text:
    """The answer judged: right or not, the T-bot's answer, the facts (✔ held, ✘ did not, the
    deciding ones marked and first: in view without scrolling at 80x24), what followed, then the
    rule."""
    text = Text()  # one row at 80x24 where it can: the deciding fact comes next, in view
    if result.right:
        text.append("✔ Right", style=f"bold {paint('text-success')}")
        text.append(f": {result.answer}.\n", style="bold")
    else:
        text.append("✘ Not so", style=f"bold {paint('text-error')}")
        text.append(f": the T-bot says {result.answer}.\n", style="bold")
    first = [n for n in range(len(result.facts)) if n in result.decided]
    for n in first + [n for n in range(len(result.facts)) if n not in result.decided]:
        fact = result.facts[n]
        held = result.held[n] if n < len(result.held) else None
        decided = n in result.decided
        colour = {True: "text-success", False: "text-error", None: "muted"}[held]
        text.append(f"{MARK[held]} ", style=f"bold {paint(colour)}")
        text.append_text(linked(fact, "bold" if decided else ""))
        if decided:
            text.append("  ◀ decided it", style=f"bold {paint('gold')}")
        text.append("\n")
    if not result.right:
        text.append(f"You said: {result.given}.\n", style=paint("muted"))
    if result.outcome:
        text.append_text(linked(f"→ {result.outcome}\n", "italic"))
    if result.rule:
        text.append_text(linked(f"Rule: {result.rule}", f"italic {paint('muted')}"))
    text.rstrip()
    return text


def question_text(question: Question) -> Text:
    """What the T-bot is deciding (muted; not when it only names the card the question names: the
    row goes to the answer below), then the question."""
    text = Text()
    name = d.card_name(question.card_id) if question.card_id in d.CARDS else ""
    if question.context and not (name and name in question.context and name in question.prompt):
        text.append(question.context + " ", style=paint("muted"))
    text.append(question.prompt, style="bold")
    return text


class DrillOptions(ReadableOptionList):
    """The answers to the question on show. Right after an answer is judged none is highlighted,
    so that ⏎ pressed to go on from reading the answer does not answer the next question with
    whichever option was highlighted: that ⏎ highlights the first (so do ↑ and ↓); then ⏎
    answers. A number, y or n answers at once."""

    BINDINGS = [Binding("enter", "go_on", "Next question", id="drill.next_question"),
                Binding("enter", "select", show=False)]  # (a class's key replaces its base's)

    @property
    def reading(self) -> bool:
        """Whether the last answer is being read: none of the next question's answers chosen."""
        return self.highlighted is None and self.option_count > 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            return self.reading
        return super().check_action(action, parameters)

    def action_go_on(self) -> None:
        if self.reading:
            self.highlighted = 0
            self.refresh_bindings()

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self.refresh_bindings()  # the footer's ⏎ Next question comes and goes


class DrillPanel(Vertical):
    """One drill on show: the question and its answers, the last answer judged under them."""

    @dataclass
    class Answered(Message):
        """An answer was judged (the drill may have carried out a T-bot decision)."""

    @dataclass
    class Finished(Message):
        """The drill is over and the player read its last answer: (right answers, asked)."""

        right: int
        asked: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.drill: Drill | None = None
        """The drill on show (None when there is none)."""
        self.then = "go on"
        """Where ⏎ goes after the last answer, in words."""
        self.result: Result | None = None
        """The last answer judged, on show under the question."""

    def compose(self) -> ComposeResult:
        yield Static(id="drill-question")
        yield DrillOptions(id="drill-options")
        with VerticalScroll(id="drill-reveal"):
            yield Static(FIRST_WORDS, id="drill-result")

    @property
    def question(self) -> Question | None:
        return self.drill.question if self.drill is not None else None

    def start(self, drill: Drill, then: str = "go on") -> None:
        """Show a new drill, its first question asked; `then`: where ⏎ goes after the last
        answer ('back to the course' for a lesson's drill)."""
        self.drill, self.result, self.then = drill, None, then
        self.query_one("#drill-result", Static).update(FIRST_WORDS)
        self.query_one("#drill-reveal", VerticalScroll).border_title = None
        self._ask(highlighted=0)
        self.query_one("#drill-options", OptionList).focus()

    def stop(self) -> None:
        self.drill = self.result = None

    def _ask(self, highlighted: int | None) -> None:
        """Ask the drill's question (or say it is over), `highlighted` the answer first
        highlighted: None right after an answer, while it is read (the last screen's go-on
        is highlighted all the same: ⏎ there answers nothing)."""
        drill = self.drill
        if drill is None:
            return
        self.border_title = escape(f"Predict the T-bot · {drill.score} right of {drill.asked}")
        options = self.query_one("#drill-options", OptionList)
        options.clear_options()
        question = drill.question
        asked = self.query_one("#drill-question", Static)
        if question is None:
            asked.update(Text(f"The T-bot has played: {drill.score} right of {drill.asked}. "
                              f"⏎, esc or q: {self.then}.", style="bold"))
            options.add_option(Option(Text(f"⏎  {self.then.capitalize()}"), id="go-on"))
            highlighted = 0
        else:
            asked.update(question_text(question))
            options.add_options(Option(Text(f"{n}  {o}"), id=str(n))
                                for n, o in enumerate(question.options, 1))
        options.highlighted = highlighted

    @on(OptionList.OptionSelected, "#drill-options")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        question = self.question
        if question is not None:
            self.judge(question.options[event.option_index])
        else:
            self.finish()

    def judge(self, given: str) -> None:
        """Answer the question on show with `given` (one of its options)."""
        drill = self.drill
        if drill is None or drill.question is None:
            return
        self.result = drill.answer(given)
        self._show_result()
        reveal = self.query_one("#drill-reveal", VerticalScroll)
        reveal.border_title = escape(self.result.subject)  # what was asked, in no row of its own
        reveal.scroll_home(animate=False)
        self._ask(highlighted=None)
        self.post_message(self.Answered())

    def pick(self, number: int) -> None:
        """Answer by the number of an option (1 for the first); on the last screen, go on."""
        question = self.question
        if question is None:
            if number == 1:
                self.finish()
        elif 1 <= number <= len(question.options):
            self.judge(question.options[number - 1])

    def finish(self) -> None:
        drill = self.drill
        if drill is not None and drill.over:
            self.post_message(self.Finished(drill.score, drill.asked))

    def _show_result(self) -> None:
        """The last answer judged, each fact going on under its own words at the reveal's width
        (not at its left edge, under the mark): laid out as it is drawn, so a resize too."""
        if self.result is not None:
            self.query_one("#drill-result", Static).update(
                HangingText(result_text(self.result)))

    def repaint(self) -> None:
        if self.result is not None:
            self._show_result()
        self._ask(highlighted=self.query_one("#drill-options", OptionList).highlighted)
