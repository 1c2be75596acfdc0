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
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from bot import flowchart
from bot.flowchart import FlowStep
from bot.trace import TraceStep
from tripoli_tui.engine.words import plural
from tripoli_tui.tui.rulings import linked, references
from tripoli_tui.tui.theme import paint

from .themed import FollowsTheme

YES = "✔"
NO = "✘"
WIDE = 110
"""From this terminal width on, the chart and the box's text sit side by side."""

PathItem = TraceStep | str
"""A step on the path: a trace step (with whether its test held), or a bare step id."""


@dataclass(frozen=True)
class ShownTurn:
    """One T-bot turn the chart can light: its title and the steps it examined, in order."""

    title: str
    path: tuple[PathItem, ...]


@dataclass(frozen=True)
class Edge:
    """The arrows out of one box: to the right when its test holds, downwards when it fails."""

    yes: str
    down: str = ""
    """The label of the arrow down to the next box ('' for none)."""
    loop: str = ""
    """A loop arrow back up (the draw loop), '' for none."""
    yes_label: str = "yes"
    down_label: str = "no"
    right_held: bool = True
    """The right arrow is taken when the test holds (False: when it fails)."""
    down_held: bool | None = False
    """The down arrow is taken when the test fails (True: holds; None: whenever the box is left)."""
    down_to: frozenset[str] | None = None
    """The boxes the down arrow leads to, when the box has another arrow for the same result."""


RAID_OR_BUILD = frozenset({"T5.1", "T5.2", "T5.3"})


TURN_EDGES = {
    "T1": Edge("play that card; end of turn", "next card; after the last card"),
    "T2": Edge("pirate raid from Tripoli, no card used; end of turn", "fewer than five"),
    "T3": Edge("Raid or Build, no card discarded (below)", "a card drawn",
               yes_label="pile empty", down_label="drawn", right_held=False, down_held=True),
    "T4": Edge("play it as the T-bot's active event card; end of turn",
               "discard it to perform a Raid or Build action", loop="back to the draw: add it to the "
               "end of the event card line", yes_label="play",
               down_label="discard", down_to=RAID_OR_BUILD),
    "T5.1": Edge("the harbor qualifies (each harbor: Tripoli, Tangier, Algiers, Tunis)",
                 "after the four harbors", down_label="then", down_held=None),
    "T5.2": Edge("pirate raid from the best harbor; end of turn", "no harbor qualifies",
                 yes_label="some"),
    "T5.3": Edge("one corsair from the supply to the harbor of Tripoli; end of turn",
                 yes_label="build"),
}
"""The turn's boxes, top to bottom, with the draw loop and Raid or Build."""

SECTIONS: tuple[tuple[str, tuple[FlowStep, ...], str], ...] = (
    ("The T-bot's turn", flowchart.TURN, "Top to bottom until a box ends the turn."),
    ("The battle card line", flowchart.BATTLE_CARDS,
     "Each card at its printed moment in a raid or battle: its condition tested, played or kept."),
    ("Taking hits", flowchart.HITS, "At each hit its ships take."),
    ("Other choices", flowchart.OTHER_CHOICES, "Inside the cards it plays."),
)


def path_marks(path_taken: Sequence[PathItem]) -> dict[str, list[tuple[int, bool | None]]]:
    """For each step id on the path: (position on the path from 1, passed or None if unknown)."""
    marks: dict[str, list[tuple[int, bool | None]]] = {}
    for n, item in enumerate(path_taken, 1):
        if isinstance(item, str):
            step_id, passed = item, None
        else:
            step_id, passed = item.step, item.passed
        marks.setdefault(step_id, []).append((n, passed))
    return marks


def mark_text(marks: list[tuple[int, bool | None]]) -> Text:
    """'step ✘2 ✔4': the turn's steps that came to the box, each held ✔ or failed ✘ (• for a
    choice); readable without colour, coloured for a glance."""
    if not marks:
        return Text("· not reached", style=paint("muted"))
    text = Text("step" if len(marks) == 1 else "steps", style=paint("muted"))
    for n, passed in marks[:6]:
        symbol, colour = {True: (YES, "text-success"), False: (NO, "text-error")}.get(
            passed, ("•", "text-success"))
        text.append(f" {symbol}{n}", style=f"bold {paint(colour)}")
    if len(marks) > 6:
        text.append(" …")
    return text


def edge_of(step: FlowStep) -> Edge:
    """The arrows of a box: the turn's from the table above, the others from the step itself."""
    if step.id in TURN_EDGES:
        return TURN_EDGES[step.id]
    if step.id == "H-MODE":
        return Edge("frigates first: the box below", "corsairs first: the second box below")
    if step.kind == flowchart.HITS[0].kind:
        return Edge(step.on_yes, yes_label="each hit")
    if not step.on_no:  # a choice among several, not a yes/no test
        return Edge(step.on_yes, yes_label="chooses")
    return Edge(step.on_yes, step.on_no, down_label="no")


def box_id(step_id: str) -> str:
    """The widget id of a step's box ('T5.1' -> 'box-T5_1')."""
    return "box-" + step_id.replace(".", "_")


class FlowBox(Static, can_focus=True):
    """One box of the flowchart: its id and title, and how the turn on show went through it."""

    class Chosen(Message):
        """A box was selected (focused by a key or a click)."""

        def __init__(self, box: FlowBox) -> None:
            super().__init__()
            self.box = box

    def __init__(self, step: FlowStep) -> None:
        super().__init__(id=box_id(step.id), classes="flow-box", markup=False)
        self.step = step
        self.marks: list[tuple[int, bool | None]] = []

    def show_marks(self, marks: list[tuple[int, bool | None]]) -> None:
        self.marks = marks
        held = any(p is not False for _, p in marks)
        self.set_class(bool(marks), "-taken")
        self.set_class(bool(marks) and not held, "-failed")
        text = Text(self.step.title, style="bold")
        text.append("\n")
        text.append_text(mark_text(marks))
        self.update(text)

    def on_focus(self) -> None:
        self.post_message(self.Chosen(self))

    def on_click(self, event: events.Click) -> None:
        self.focus()


class Arrow(Static):
    """An arrow out of a box, lit when the turn on show went along it."""

    def __init__(self, text: Text, step_id: str, held: bool | None, classes: str,
                 to: frozenset[str] | None = None) -> None:
        super().__init__(text, classes=f"flow-arrow {classes}", markup=False)
        self.step_id = step_id
        self.held = held
        """Taken when the box's test holds (True), fails (False), or either (None)."""
        self.to = to
        """The boxes it leads to, when that tells it from another arrow for the same result."""

    def is_taken(self, path: Sequence[PathItem]) -> bool:
        ids = [p if isinstance(p, str) else p.step for p in path]
        for n, item in enumerate(path):
            passed = None if isinstance(item, str) else item.passed
            if ids[n] != self.step_id or (self.held is not None and passed not in (None, self.held)):
                continue
            # an arrow told apart by where it leads is lit once the next step is shown: the
            # walkthrough's latest step does not give away where the turn goes from it
            if self.to is None or (n + 1 < len(ids) and ids[n + 1] in self.to):
                return True
        return False

    def light(self, path: Sequence[PathItem]) -> None:
        self.set_class(self.is_taken(path), "-lit")


def right_arrow(label: str) -> Text:
    """The arrow itself; what it leads to is drawn beside it, its lines wrapped under each other."""
    return Text(f" ─{label}─▶ ", style="bold")


def down_arrow(label: str, outcome: str) -> Text:
    text = Text(f"│ {label}", style="bold")
    if outcome:
        text.append(f": {outcome}", style="not bold")
    text.append("\n▼", style="bold")
    return text


def loop_arrow(label: str) -> Text:
    return Text(f"╰─↺ {label}", style="bold")


class FlowchartScreen(FollowsTheme, ModalScreen[None]):
    """The T-bot's flowchart drawn as boxes and arrows; the turn on show lit, its failed tests ✘.

    `path_taken`: the steps of one turn (trace steps, or bare step ids) when `turns` is not given;
    `turns`: every turn that can be shown (`[`/`]` go through them), `current` the one shown first
    (the last by default). With neither, the chart is shown alone.
    """

    CSS_PATH = "flowchart.tcss"
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
            with Container(id="flow-body"):
                with VerticalScroll(id="flow-chart"):
                    yield from self._chart()
                with VerticalScroll(id="flow-detail"):
                    yield Static(id="flow-detail-text")
            yield Footer(compact=True)

    def _chart(self) -> ComposeResult:
        for name, steps, note in SECTIONS:
            yield Static(Text.assemble((name.upper(), "bold underline"), ("  " + note, "italic")),
                         classes="flow-section")
            for step in steps:
                edge = edge_of(step)
                with Horizontal(classes="flow-row"):
                    yield FlowBox(step)
                    yield Arrow(right_arrow(edge.yes_label), step.id, edge.right_held,
                                "-right -label")
                    yield Arrow(Text(edge.yes), step.id, edge.right_held, "-right")
                if edge.loop:
                    yield Arrow(loop_arrow(edge.loop), step.id, False, "-loop", frozenset({"T3"}))
                if edge.down and steps is flowchart.TURN:
                    yield Arrow(down_arrow(edge.down_label, edge.down), step.id, edge.down_held,
                                "-down", edge.down_to)
                elif edge.down:
                    yield Arrow(Text(f"└─{edge.down_label}─▶ {edge.down}"), step.id, False,
                                "-side")

    def on_mount(self) -> None:
        self._check_width(self.app.size.width)
        self._show_turn()

    def on_resize(self, event: events.Resize) -> None:
        self._check_width(self.app.size.width)

    def _check_width(self, width: int) -> None:
        self.query_one("#flow-body").set_class(width >= WIDE, "-wide")

    # --- the turn on show ----------------------------------------------------------------

    def _show_turn(self) -> None:
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
            self.query_one("#flow-detail-text", Static).update(self._detail(self.selected))

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
        # once laid out: a box's height (its wrapped title, the arrows beside it) settles on the
        # first refresh, and scrolling before it left the box at a place that varied run to run
        self.call_after_refresh(box.scroll_visible, animate=False)
        self.query_one("#flow-detail-text", Static).update(self._detail(box))
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

    async def action_rulings(self) -> None:
        box = self.selected
        cited = references(box.step.rule) if box else []
        await self.app.run_action(f"show_ruling({' '.join(cited)!r})")

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
