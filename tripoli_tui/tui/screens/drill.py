"""DrillScreen: predict the T-bot. Each of its tests is asked first, then answered with the rule and
the facts that decided it; the drill logic is tripoli_tui.play.drill."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tripoli_tui.engine.game import Game
from tripoli_tui.engine.players import Move
from tripoli_tui.play.drill import NO, YES, Drill, Result
from tripoli_tui.tui.rulings import linked
from tripoli_tui.tui.theme import paint
from tripoli_tui.tui.widgets.readable_list import ReadableOptionList

from .themed import FollowsTheme


def result_text(result: Result) -> Text:
    """The answer judged: right or not, the T-bot's answer, the rule, the facts, what followed."""
    text = Text()
    if result.right:
        text.append("✔ Right", style=f"bold {paint('text-success')}")
    else:
        text.append("✘ Not so", style=f"bold {paint('text-error')}")
    text.append(f": you said {result.given}, the T-bot's answer is {result.answer}.\n", style="bold")
    if result.rule:
        text.append_text(linked(result.rule + "\n", f"italic {paint('muted')}"))
    for fact in result.facts:
        text.append_text(linked(f"· {fact}\n"))
    if result.outcome:
        text.append_text(linked(f"→ {result.outcome}\n", "italic"))
    return text


class DrillScreen(FollowsTheme, ModalScreen[tuple[int, int]]):
    """Asks every test of the T-bot's decisions until the American side must act; dismisses with
    (right answers, questions asked). The T-bot's decisions are carried out on `game`."""

    CSS_PATH = "drill.tcss"
    BINDINGS = [
        Binding("y", "answer('yes')", "Yes", id="drill.yes"),
        Binding("n", "answer('no')", "No", id="drill.no"),
        Binding("escape", "stop", "Stop the drill", id="drill.stop"),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, game: Game, carry_out: Callable[[Move], bool] | None = None) -> None:
        super().__init__()
        self.drill = Drill(game, carry_out=carry_out)
        self.result: Result | None = None
        """The last answer judged, on show under the question."""

    def compose(self) -> ComposeResult:
        with Vertical(id="drill-frame"):
            yield Static(id="drill-title")
            yield Static(id="drill-question")
            yield ReadableOptionList(id="drill-options")
            with VerticalScroll(id="drill-reveal"):
                yield Static("Answer first: the T-bot's answer, its rule and its facts follow.",
                             id="drill-result")
            yield Footer()

    def on_mount(self) -> None:
        self._ask()

    def _ask(self) -> None:
        drill = self.drill
        self.refresh_bindings()
        self.query_one("#drill-title", Static).update(Text.assemble(
            ("Predict the T-bot", "bold"), f"  ·  score {drill.score} of {drill.asked}"))
        options = self.query_one("#drill-options", OptionList)
        options.clear_options()
        question = drill.question
        options.display = question is not None
        if question is None:
            self.query_one("#drill-question", Static).update(Text(
                f"The drill is over: {drill.score} right of {drill.asked}. The American side is to "
                "act now. Escape goes back to the game.", style="bold"))
            return
        self.query_one("#drill-question", Static).update(Text(question.prompt, style="bold"))
        options.add_options(Option(Text(f"{n}  {o}"), id=str(n))
                            for n, o in enumerate(question.options, 1))
        options.highlighted = 0
        options.focus()

    @on(OptionList.OptionSelected, "#drill-options")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        question = self.drill.question
        if question is not None:
            self._judge(question.options[event.option_index])

    def action_answer(self, given: str) -> None:
        question = self.drill.question
        if question is None or given not in question.options:
            self.notify("Pick one of the answers listed (arrows and Enter).", timeout=3)
            return
        self._judge(given)

    def action_pick(self, number: int) -> None:
        question = self.drill.question
        if question is not None and 1 <= number <= len(question.options):
            self._judge(question.options[number - 1])

    def _judge(self, given: str) -> None:
        self.result = self.drill.answer(given)
        self.query_one("#drill-result", Static).update(result_text(self.result))
        self._ask()

    def repaint(self) -> None:
        if self.result is not None:
            self.query_one("#drill-result", Static).update(result_text(self.result))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":
            question = self.drill.question
            return question is not None and question.options == (YES, NO)
        return True

    def action_stop(self) -> None:
        self.dismiss((self.drill.score, self.drill.asked))
