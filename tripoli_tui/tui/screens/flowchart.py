"""FlowchartScreen: the T-bot's flowchart drawn as boxes and arrows, with the path of a turn lit.

The boxes and their order come from `bot.flowchart`; each box is selectable (keys and mouse) to read
its rule and the facts that decided it in the turn on show. Any T-bot turn of the log can be shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from bot import flowchart
from tripoli_tui.engine.words import plural
from tripoli_tui.tui.messages import RulingsAsked
from tripoli_tui.tui.rulings import linked, references
from tripoli_tui.tui.theme import paint

from ..widgets.fitted import HangingText
from ..widgets.key_footer import KeyFooter
from ..widgets.steady_text import SteadyText
from .flowchart_chart import (
    NO,
    SECTIONS,
    YES,
    Arrow,
    FlowBox,
    PathItem,
    down_arrow,
    loop_arrow,
    path_marks,
    right_arrow,
)
from .themed import FollowsTheme

WIDE = 110
"""From this terminal width on, the chart and the box's text sit side by side."""


@dataclass(frozen=True)
class ShownTurn:
    """One T-bot turn the chart can light: its title and the steps it examined, in order."""

    title: str
    path: tuple[PathItem, ...]



class FlowChart(VerticalScroll):
    """The chart's scrolling column: when its size settles (the first layout, a wider or narrower
    terminal, which rewraps the boxes), the box selected is brought back into view, wherever the
    earlier scroll left it."""

    def on_resize(self, event: events.Resize) -> None:
        screen = self.screen
        if isinstance(screen, FlowchartScreen) and screen.selected is not None:
            self.show_box(screen.selected)

    def show_box(self, box: Widget) -> None:
        """Scroll the box to the middle of the column, the arrows into it and out of it in view,
        once it is laid out. Centred, not scrolled the least way: where the least way leaves a
        box depends on where the column stood before, which varied with how the chart's first
        layouts fell (a box's height settles on the first refresh)."""
        self.scroll_to_center(box, animate=False)


class FlowchartScreen(FollowsTheme, ModalScreen[None]):
    """The T-bot's flowchart drawn as boxes and arrows; the turn on show lit, its failed tests ✘.

    `path_taken`: the steps of one turn (trace steps, or bare step ids) when `turns` is not given;
    `turns`: every turn that can be shown (`[`/`]` go through them), `current` the one shown first
    (the last by default). With neither, the chart is shown alone.
    """

    CSS_PATH = "flowchart.tcss"
    AUTO_FOCUS = "FlowBox"  # the first box, on_mount then the box to select (Textual's "*"
    # focused the chart's column first: leaving it restyled its hundred widgets, ~20 ms an opening)
    BINDINGS = [
        Binding("escape", "close", "Close", id="flowchart.close"),
        Binding("t", "close", "Close", show=False, id="flowchart.close_t"),
        Binding("down,j", "box(1)", "Next box", show=False, priority=True, id="flowchart.down"),
        Binding("up,k", "box(-1)", "Previous box", show=False, priority=True, id="flowchart.up"),
        Binding("n", "path_step(1)", "Next step", id="flowchart.next",
                tooltip="The next box on the turn's path"),
        Binding("p", "path_step(-1)", "Previous", id="flowchart.previous",
                tooltip="The previous box on the turn's path"),
        Binding("left_square_bracket", "turn(-1)", "Earlier turn", id="flowchart.earlier"),
        Binding("right_square_bracket", "turn(1)", "Later", id="flowchart.later"),
        Binding("r", "rulings", "Rulings", id="flowchart.rulings",
                tooltip="The rulings the selected box names"),
    ]

    def __init__(self, path_taken: Sequence[PathItem] = (),
                 turns: Sequence[ShownTurn] = (), current: int = -1) -> None:
        super().__init__()
        if not turns and path_taken:
            turns = [ShownTurn("The path given", tuple(path_taken))]
        self.turns = list(turns)
        self.current = (current % len(self.turns)) if self.turns else -1
        self.marks: dict[str, list[tuple[int, bool | None]]] = {}
        self.selected: FlowBox | None = None

    @property
    def path_taken(self) -> tuple[PathItem, ...]:
        return self.turns[self.current].path if self.turns else ()

    def compose(self) -> ComposeResult:
        with Vertical(id="flow-frame"):
            yield Static(id="flow-heading")
            # (laid out for the terminal's width as made: a class set once mounted restyled the
            # hundred widgets below it, most of the chart's opening on a wide terminal)
            with Container(id="flow-body", classes="-wide" if self.app.size.width >= WIDE else ""):
                with FlowChart(id="flow-chart"):
                    yield from self._chart()
                with VerticalScroll(id="flow-detail"):
                    yield SteadyText(id="flow-detail-text")
            yield KeyFooter(palette=True)

    def _chart(self) -> ComposeResult:
        # each box marked and each arrow lit as it is made, not once mounted: a class set on a
        # mounted widget restyles it, and 20 boxes and 54 arrows restyled one by one took most of
        # the time to open the chart
        self.marks = path_marks(self.path_taken)
        for name, steps, note in SECTIONS:
            yield Static(Text.assemble((name.upper(), "bold underline"), ("  " + note, "italic")),
                         classes="flow-section")
            for step in steps:
                edge = flowchart.arrows(step)
                with Horizontal(classes="flow-row"):
                    box = FlowBox(step)
                    box.show_marks(self.marks.get(step.id, []))
                    yield box
                    yield self._lit(Arrow(right_arrow(edge.yes_label), step.id, edge.right_held,
                                          "-right -label"))
                    yield self._lit(Arrow(Text(edge.yes), step.id, edge.right_held, "-right"))
                if edge.loop:
                    yield self._lit(Arrow(loop_arrow(edge.loop), step.id, False, "-loop",
                                          frozenset({flowchart.T3.id})))
                if edge.down and steps is flowchart.TURN:
                    yield self._lit(Arrow(down_arrow(edge.down_label, edge.down), step.id,
                                          edge.down_held, "-down", edge.down_to))
                elif edge.down:
                    yield self._lit(Arrow(Text(f"└─{edge.down_label}─▶ {edge.down}"), step.id,
                                          False, "-side"))

    def _lit(self, arrow: Arrow) -> Arrow:
        arrow.light(self.path_taken)
        return arrow

    def on_mount(self) -> None:
        self._check_width(self.app.size.width)
        self._show_turn(marked=True)

    def on_resize(self, event: events.Resize) -> None:
        self._check_width(self.app.size.width)

    def _check_width(self, width: int) -> None:
        self.query_one("#flow-body").set_class(width >= WIDE, "-wide")

    # --- the turn on show ----------------------------------------------------------------

    def _show_turn(self, marked: bool = False) -> None:
        """The turn on show: its marks and lit arrows (unless `marked` as the chart was made),
        the heading, and its last box selected."""
        if not marked:
            self.marks = path_marks(self.path_taken)
            for box in self.query(FlowBox):
                box.show_marks(self.marks.get(box.step.id, []))
            for arrow in self.query(Arrow):
                arrow.light(self.path_taken)
        self.query_one("#flow-heading", Static).update(self._heading())
        rows = self._path_boxes()
        target = rows[-1] if rows else self.query(FlowBox).first()
        target.focus()
        self._select(target)

    def repaint(self) -> None:
        """The marks, the heading and the box's text in the new theme's colours; the selection and
        the scrolling stay."""
        for box in self.query(FlowBox):
            box.show_marks(box.marks)
        self.query_one("#flow-heading", Static).update(self._heading())
        if self.selected is not None:
            self.query_one(SteadyText).show(HangingText(self._detail(self.selected)))

    def _heading(self) -> Text:
        text = Text("The T-bot's flowchart", style="bold")
        if not self.turns:
            text.append("  ·  the chart alone: the T-bot has taken no turn in this log yet",
                        style="italic")
        else:
            turn = self.turns[self.current]
            steps = len(turn.path)
            text.append(f"  ·  {turn.title} ({self.current + 1} of {len(self.turns)}) · "
                        + plural(steps, "step"))
        text.append("\nIn a box: the turn's steps that came to it, ")
        text.append(YES, style=f"bold {paint('text-success')}")
        text.append(" its test held, ")
        text.append(NO, style=f"bold {paint('text-error')}")
        text.append(" failed, • a choice; ")
        text.append("· not reached", style=paint("muted"))
        unknown = [p for p in self.marks if p not in flowchart.STEPS]
        if unknown:
            text.append(f"\n{plural(len(unknown), 'kind')} of step in this turn not drawn here",
                        style=paint("text-warning"))
        return text

    def _path_boxes(self) -> list[FlowBox]:
        """The boxes of the path, in the order the T-bot took them (a box taken twice, twice)."""
        order = sorted((n, box) for box in self.query(FlowBox) for n, _ in box.marks)
        return [box for _, box in order]

    @on(FlowBox.Chosen)
    def _chosen(self, event: FlowBox.Chosen) -> None:
        self._select(event.box)

    def _select(self, box: FlowBox) -> None:
        self.selected = box
        self.query_one(FlowChart).show_box(box)
        self.query_one(SteadyText).show(HangingText(self._detail(box)))
        self.query_one("#flow-detail", VerticalScroll).scroll_home(animate=False)

    def _detail(self, box: FlowBox) -> Text:
        step = box.step
        text = Text(step.title, style="bold")
        if step.wording:
            text.append(f"\n{step.wording}")
        if step.on_yes:
            text.append("\nyes → ", style=f"bold {paint('text-success')}")
            text.append(step.on_yes)
        if step.on_no:
            text.append("\nno → ", style=f"bold {paint('text-error')}")
            text.append(step.on_no)
        if step.rule:
            text.append("\nSource: ", style=f"italic {paint('muted')}")
            text.append_text(linked(step.rule, f"italic {paint('muted')}"))
        visits = [(n, s) for n, s in enumerate(self.path_taken, 1)
                  if (s if isinstance(s, str) else s.step) == step.id]
        if self.turns:
            text.append("\n\nIn this turn: ", style="bold")
            text.append("not reached." if not visits else f"{plural(len(visits), 'time')}.")
        for n, item in visits:
            text.append_text(visit_text(n, item))
        return text

    # --- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key the footer shows works: n and p only along a path of two boxes or more, [ and ]
        only with another turn to show (the chart alone has neither)."""
        if action == "path_step":
            return len(self.path_taken) > 1
        if action == "turn":
            return len(self.turns) > 1
        return True

    def action_box(self, direction: int) -> None:
        boxes = list(self.query(FlowBox))
        if self.selected is None or self.selected not in boxes:
            boxes[0].focus()
            return
        index = boxes.index(self.selected) + direction
        boxes[max(0, min(index, len(boxes) - 1))].focus()

    def action_path_step(self, direction: int) -> None:
        order = self._path_boxes()
        if not order:
            self.notify("No turn on show: the chart is shown alone.", severity="warning")
            return
        here = [i for i, box in enumerate(order) if box is self.selected]
        if not here:
            target = 0 if direction > 0 else len(order) - 1
        else:
            target = (here[0] + direction) % len(order) if direction > 0 else (
                (here[0] - 1) % len(order))
        order[target].focus()

    def action_turn(self, direction: int) -> None:
        if len(self.turns) < 2:
            self.notify("There is no other T-bot turn in this log." if self.turns else
                        "The T-bot has taken no turn yet.", timeout=3)
            return
        self.current = (self.current + direction) % len(self.turns)
        self._show_turn()

    def action_rulings(self) -> None:
        box = self.selected
        self.post_message(RulingsAsked(references(box.step.rule) if box else []))

    def action_close(self) -> None:
        self.dismiss(None)


def visit_text(n: int, item: PathItem) -> Text:
    """One passage of the turn through a box: its number, the card, held or not, facts, outcome."""
    if isinstance(item, str):
        return Text(f"\n#{n}", style="bold")
    from tripoli_tui.tui.widgets.reasoning import facts_text, is_question

    text = Text(f"\nStep {n}", style="bold")
    if item.card:
        text.append(f" {item.card}", style="bold")
    if is_question(item):
        mark = (YES + " held") if item.passed else (NO + " did not hold")
        text.append(": ")
        text.append(mark, style=f"bold {paint('text-success' if item.passed else 'text-error')}")
    text.append("\n")
    text.append_text(facts_text(item, True, "   "))
    text.rstrip()
    if item.outcome:
        text.append_text(linked(f"\n   → {item.outcome}", "italic"))
    return text
