"""FlowchartScreen: the T-bot's whole flowchart, with the path it took marked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from bot import flowchart
from bot.flowchart import FlowStep
from bot.trace import TraceStep

YES = "✔"
NO = "✘"


@dataclass(frozen=True)
class Step:
    """What the screen shows of one flowchart box (read from bot.flowchart.FlowStep)."""

    id: str
    title: str
    wording: str = ""
    rule: str = ""
    on_yes: str = ""
    on_no: str = ""
    section: str = ""


def as_step(item: FlowStep, section: str = "") -> Step:
    return Step(id=item.id, title=item.title, wording=item.wording, rule=item.rule,
                on_yes=item.on_yes, on_no=item.on_no, section=section)


SECTIONS = ((flowchart.TURN, "The T-bot's turn"), (flowchart.BATTLE_CARDS, "Battle card line"),
            (flowchart.HITS, "Taking hits"), (flowchart.OTHER_CHOICES, "Other choices"))


def load_flowchart() -> tuple[list[Step], str]:
    """The bot's flowchart as Steps, with section names; ([], why) if it is empty."""
    section_of: dict[str, str] = {}
    for items, name in SECTIONS:
        for item in items:
            section_of.setdefault(item.id, name)
    steps = [as_step(item, section_of.get(item.id, "")) for item in flowchart.FLOWCHART]
    if not steps:
        return [], "The T-bot's flowchart is empty."
    return steps, ""


PathItem = TraceStep | str
"""A step on the path: a trace step (with whether its test held), or a bare step id."""


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
    """'✔ 1', '✘ 2,4': readable without colour; coloured for a glance."""
    if not marks:
        return Text("·", style="dim")
    failed = all(p is False for _, p in marks)
    symbol = NO if failed else YES
    numbers = ",".join(str(n) for n, _ in marks)
    return Text(f"{symbol} {numbers}", style="bold red" if failed else "bold green")


class FlowchartScreen(ModalScreen[None]):
    """The T-bot's flowchart; the steps of `path_taken` marked ✔ (held / on the path) or ✘ (failed).

    `path_taken` lists step ids in the order the T-bot examined them (e.g. ["T1", "T2", "T3",
    "T4"]), or trace steps (bot.trace.TraceStep), which also tell whether each test held.
    `steps` replaces the bot's flowchart (tests, previews).
    """

    CSS_PATH = "flowchart.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close", id="flowchart.close"),
        Binding("f", "close", "Close", show=False, id="flowchart.close_f"),
        Binding("t", "close", "Close", show=False, id="flowchart.close_t"),
        Binding("n", "path_step(1)", "Next on path", id="flowchart.next"),
        Binding("p", "path_step(-1)", "Previous on path", id="flowchart.previous"),
    ]

    def __init__(self, path_taken: Sequence[PathItem],
                 steps: Sequence[Step | FlowStep] | None = None) -> None:
        super().__init__()
        if steps is None:
            self.steps, self.problem = load_flowchart()
        else:
            self.steps = [s if isinstance(s, Step) else as_step(s) for s in steps]
            self.problem = "" if self.steps else "The T-bot's flowchart is empty."
        self.path_taken = list(path_taken)
        self.marks = path_marks(self.path_taken)
        self.by_id = {s.id: s for s in self.steps}
        self.row_steps: list[Step | None] = []
        """The step shown on each table row (None for a section heading)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="flow-frame"):
            yield Static(self._heading(), id="flow-heading")
            yield DataTable(id="flow-table", cursor_type="row", zebra_stripes=False)
            with VerticalScroll(id="flow-detail"):
                yield Static("", id="flow-detail-text")
            yield Footer()

    def _heading(self) -> Text:
        text = Text()
        text.append("The T-bot's flowchart", style="bold")
        if self.problem:
            text.append(f"\n{self.problem}", style="bold red")
            return text
        unknown = [p for p in self.marks if p not in self.by_id]
        if not self.path_taken:
            text.append("  ·  no path to show: the T-bot has not decided anything yet",
                        style="italic")
        else:
            text.append(f"  ·  path: {len(self.path_taken)} step"
                        f"{'s' if len(self.path_taken) != 1 else ''}")
        text.append(f"\n{YES} n", style="bold green")
        text.append(" n-th step taken  ")
        text.append(NO, style="bold red")
        text.append(" its test failed  ")
        text.append("·", style="dim")
        text.append(" not reached")
        if unknown:
            text.append(f"\nNot in this flowchart: {', '.join(unknown)}", style="yellow")
        return text

    def on_mount(self) -> None:
        table = self.query_one("#flow-table", DataTable)
        table.add_column("path", key="path", width=7)
        table.add_column("step", key="step", width=10)
        table.add_column("what the T-bot checks", key="title")
        section = None
        for step in self.steps:
            if step.section and step.section != section:
                section = step.section
                table.add_row("", "", Text(section.upper(), style="bold underline"))
                self.row_steps.append(None)
            marks = self.marks.get(step.id, [])
            title = Text(step.title, style="bold" if marks else "")
            table.add_row(mark_text(marks), Text(step.id, style="bold" if marks else "dim"), title)
            self.row_steps.append(step)
        last = self._path_rows()
        target = last[-1] if last else 0
        if self.row_steps:
            table.move_cursor(row=target, animate=False)
            self._show(target)
        table.focus()

    def _path_rows(self) -> list[int]:
        """Table rows of the steps on the path, in the order they were taken (last taken last)."""
        order: list[tuple[int, int]] = []
        for row, step in enumerate(self.row_steps):
            if step is not None:
                for n, _ in self.marks.get(step.id, []):
                    order.append((n, row))
        return [row for _, row in sorted(order)]

    @on(DataTable.RowHighlighted, "#flow-table")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show(event.cursor_row)

    def _show(self, row: int) -> None:
        detail = self.query_one("#flow-detail-text", Static)
        if not 0 <= row < len(self.row_steps):
            detail.update("")
            return
        step = self.row_steps[row]
        if step is None:
            detail.update(Text("Move to a step to read it.", style="italic"))
            return
        text = Text()
        text.append(f"{step.id}  {step.title}", style="bold")
        marks = self.marks.get(step.id, [])
        if marks:
            taken = ", ".join(
                f"#{n}" + ("" if p is None else (" held" if p else " did not hold"))
                for n, p in marks)
            text.append(f"   on the path: {taken}", style="green")
        if step.wording:
            text.append(f"\n{step.wording}")
        if step.on_yes:
            text.append("\nyes → ", style="bold green")
            text.append(step.on_yes)
        if step.on_no:
            text.append("\nno → ", style="bold red")
            text.append(step.on_no)
        if step.rule:
            text.append(f"\nSource: {step.rule}", style="dim italic")
        detail.update(text)

    def action_path_step(self, direction: int) -> None:
        rows = sorted(set(self._path_rows()))
        if not rows:
            self.notify("The T-bot has taken no path yet.", severity="warning")
            return
        table = self.query_one("#flow-table", DataTable)
        current = table.cursor_row
        later = [r for r in rows if (r > current if direction > 0 else r < current)]
        if later:
            target = later[0] if direction > 0 else later[-1]
        else:
            target = rows[0] if direction > 0 else rows[-1]
        table.move_cursor(row=target, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
