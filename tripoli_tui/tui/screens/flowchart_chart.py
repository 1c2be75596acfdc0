"""The flowchart's drawing: its sections, the arrows out of each box, the boxes and arrows as
widgets, and how the path of a T-bot turn marks them (✔ held, ✘ failed, • a choice) and lights
them. FlowchartScreen (flowchart.py) lays them out."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from bot import flowchart
from bot.flowchart import FlowStep
from bot.trace import TraceStep
from tripoli_tui.tui.theme import paint

YES = "✔"
NO = "✘"
PathItem = TraceStep | str
"""A step on the path: a trace step (with whether its test held), or a bare step id."""


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
        symbol, colour = ((YES, "text-success") if passed else ("•", "text-success")
                          if passed is None else (NO, "text-error"))
        text.append(f" {symbol}{n}", style=f"bold {paint(colour)}")
    if len(marks) > 6:
        text.append(" …")
    return text


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
