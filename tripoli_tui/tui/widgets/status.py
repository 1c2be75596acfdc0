"""The status line (date, gold, frigates sunk, whose decision) and the strip of the latest dice."""

from __future__ import annotations

import re

from rich.text import Text
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import TABLE, TABLE_DICE, Decision
from tripoli_tui.engine.state import GameState, LogEntry, Phase
from tripoli_tui.tui.theme import hit_style, paint

FIRES = re.compile(r" fires \d+ dic?e$")
"""'Tripoli fires 5 dice' reads 'Tripoli:' on the dice strip, whose dice say how many."""


def meter(value: int, total: int, full: str, empty: str, style: str) -> Text:
    out = Text.assemble((full * value, style))
    out.append(empty * (total - value), style=paint("muted"))
    return out


def pending_words(state: GameState, pending: Decision | None) -> tuple[str, str]:
    """What the game waits for, in words, and whose side it is ('' when the game is over): the
    T-bot answering a question in the American turn is not the T-bot's turn."""
    if pending is None:
        return "Game over", ""
    if pending.side == d.US:
        return pending.prompt, d.US
    if pending.side == TABLE:
        verb = "roll" if pending.kind == TABLE_DICE else "draw"
        return f"At the table: {verb} · {pending.prompt}", TABLE
    if state.phase == Phase.TRIPOLITAN_PLAY:
        return "T-bot's turn", d.TRIPOLITANIA
    return "T-bot decides in your turn", d.TRIPOLITANIA


SHORT = {d.US: "Your decision: its question in full below"}
"""What the status line says of an American question too long for it (the choices beside the
log ask it whole)."""


class StatusBar(Widget):
    """One line: the season, Tripoli's gold of 12, frigates sunk of 4, and who decides.

    Laid out to the width: when the words of the decision would be cut, the gold and the sunk
    frigates are shown as counts without their meters; a question longer than that still is
    not cut: the line says the decision is yours and the question is in full in the choices
    below (a second line here would move the whole screen down a row: ~10 KB over SSH)."""

    DEFAULT_CSS = """
    StatusBar { height: 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.line = Text("")
        self.parts: tuple[Text, Text, Text, Text] = (Text(), Text(), Text(), Text())
        """The date, the gold and sunk frigates (with their meters, and as bare counts), the words
        of the decision."""
        self.short = Text()
        """The decision said short, for a question too long for the line."""

    def show(self, state: GameState, pending: Decision | None, walkthrough: bool) -> None:
        badge = f"bold {paint('badge-text')} on {paint('badge-background')}"
        date = Text(f" {state.when} ", style=badge)
        gold, red = f"bold {paint('gold')}", f"bold {paint('side-tripolitania')}"
        sunk = state.frigates_sunk
        meters = Text.assemble(
            ("  Gold ", "bold"), meter(state.gold, d.GOLD_TOTAL, "●", "○", gold),
            (f" {state.gold}/12", gold), ("  Sunk ", "bold"),
            meter(sunk, d.FRIGATES_SUNK_TO_WIN, "▮", "▯", red), (f" {sunk}/4", red))
        words, side = pending_words(state, pending)
        prefix = f"{state.when}: "  # the date is in the badge already
        if words.startswith(prefix) and len(words) > len(prefix):
            words = words[len(prefix)].upper() + words[len(prefix) + 1:]
        style = {d.US: f"bold {paint('side-us')}", TABLE: f"bold {paint('side-us')}",
                 d.TRIPOLITANIA: red}.get(side, gold)
        said = Text("  " + words, style=style)
        if pending is not None and side == d.TRIPOLITANIA and state.phase == Phase.TRIPOLITAN_PLAY:
            said.append(" (walkthrough)" if walkthrough else " (fast)", style=paint("muted"))
        counts = Text.assemble(("  Gold ", "bold"), (f"{state.gold}/12", gold),
                               ("  Sunk ", "bold"), (f"{sunk}/4", red))
        self.parts = (date, meters, counts, said)
        short = words.partition(" · ")[0] if side == TABLE else SHORT.get(side, words)
        self.short = Text("  " + short, style=style)  # at the table: 'At the table: roll'

        self._lay_out()

    def on_resize(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        date, meters, counts, said = self.parts
        width = self.size.width or self.app.size.width
        out = Text.assemble(date, meters, said)
        if out.cell_len > width:
            out = Text.assemble(date, counts, said)
            if out.cell_len > width:
                out = Text.assemble(date, counts, self.short)
                out.truncate(width, overflow="ellipsis")
        if out != self.line:
            self.line = out
            self.refresh()

    def render(self) -> Text:
        return self.line


def roll_text(entry: LogEntry, fresh: bool) -> tuple[Text, Text]:
    """A roll as (who rolls, the dice and the result), bright when fresh."""
    what, _, rest = entry.text.partition(": ")
    result = rest.rpartition(" - ")[2]
    muted = paint("muted")
    who = Text(FIRES.sub(":", what.removeprefix("The ")) + " ", style="" if fresh else muted)
    dice = Text()
    for v in entry.data or []:
        if isinstance(v, int) and 1 <= v <= 6:
            miss = "bold" if fresh else muted
            dice.append(f"{v}", style=hit_style(fresh) if v == 6 else miss)
            dice.append(" ")
    dice.append("→ " + result, style=f"bold {paint('gold')}" if fresh else muted)
    return who, dice


class DiceStrip(Widget):
    """One line: the latest rolls, newest first, each die shown, sixes marked as hits (a roll of
    more dice than a line holds goes on to a second: its dice are never cut)."""

    DEFAULT_CSS = """
    DiceStrip { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.line = Text("")
        self.rolls: list[tuple[Text, Text]] = []

    def show(self, log: list[LogEntry], fresh_from: int) -> None:
        """The latest rolls of the log, newest first; those since `fresh_from` bright."""
        recent = [(i, e) for i, e in enumerate(log[-40:], max(0, len(log) - 40)) if e.kind == "dice"]
        self.rolls = [roll_text(entry, index >= fresh_from) for index, entry in reversed(recent)]
        self._lay_out()

    def on_resize(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        """As many rolls as fit, newest first; the newest one's result is never cut."""
        width = self.size.width or 80
        out = Text.assemble(("Dice ", "bold"))
        if not self.rolls:
            out.append("no rolls yet", style=paint("muted"))
        for n, (what, dice) in enumerate(self.rolls[:3]):
            room = width - out.cell_len - (3 if n else 0)
            if n and what.cell_len + dice.cell_len > room:
                break
            if n:
                out.append(" │ ", style=paint("muted"))
            if what.cell_len + dice.cell_len > room >= dice.cell_len + 4:
                # the newest roll: shorten its name only
                what = what.copy()  # (a copy: with more room after a resize it is whole again)
                what.truncate(max(0, room - dice.cell_len - 1), overflow="ellipsis")
                what.append(" ")
            out.append_text(what).append_text(dice)
        if out != self.line:
            rows = (self.line.cell_len - 1) // max(width, 1)
            self.line = out
            self.refresh(layout=(out.cell_len - 1) // max(width, 1) != rows)

    def render(self) -> Text:
        return self.line.copy()  # wrapped by the width it is drawn at
