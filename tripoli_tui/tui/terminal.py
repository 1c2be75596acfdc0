"""What goes to the terminal: only the cells that changed, and mouse reports only for buttons.

Over SSH every byte counts. Textual (8.2.8, pinned) repaints a widget's whole region whenever the
widget is refreshed, whether or not its cells changed, and writes every segment with its full
colour codes followed by a reset. `TerminalCells` remembers what the terminal shows, cell by cell,
and turns each of Textual's updates into the characters that differ from it, changing only the
colour codes that change. A refresh that changes nothing sends nothing. What the terminal shows
is forgotten (the next update is sent whole) whenever it may have changed behind our back: a new
size, or the application mode started again (after a suspend).

`ButtonMouseDriver` asks the terminal for mouse reports on presses, releases, the wheel and drags
(a click on a harbor, a scrollbar dragged) instead of on every movement: with any-motion tracking
each movement of the mouse across the window is a report, and every widget it passes over is
repainted for its hover style.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from rich.cells import get_character_cell_size
from rich.color import ColorSystem
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.drivers.linux_driver import LinuxDriver
from textual.strip import SGR_STYLES, Strip

from ..storage.shown import STAND_INS

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rich.console import Console
    from textual.app import App
    from textual.driver import Driver

GAP = 4
"""Unchanged cells between two changes that are sent again rather than jumped over (a jump costs
about as much)."""


class Pen(NamedTuple):
    """How a cell is drawn, as SGR codes: its attributes, colour, background, and its link."""

    attributes: str
    color: str
    bgcolor: str
    link: str = ""
    link_id: str = ""

    def codes(self) -> str:
        return ";".join(c for c in (self.attributes, self.color, self.bgcolor) if c)


Cell = tuple[str, Pen]
"""A character (with any zero-width ones after it; '' for the right half of a wide one) and its pen."""

PLAIN = Pen("", "", "")


def pen_of(style: Style | None, system: ColorSystem) -> Pen:
    """The pen a Rich style draws with in a colour system (as Textual's Strip.render draws it)."""
    if style is None:
        return PLAIN
    attributes = style._attributes & style._set_attributes
    codes = ";".join(SGR_STYLES[bit] for bit in range(attributes.bit_length())
                     if attributes & (1 << bit)) if attributes else ""
    color = ";".join(style._color.downgrade(system).get_ansi_codes()) if style._color else ""
    bgcolor = ";".join(style._bgcolor.downgrade(system).get_ansi_codes(False)) \
        if style._bgcolor else ""
    link = style._link or ""
    return Pen(codes, color, bgcolor, link, style._link_id if link else "")


def change_pen(old: Pen | None, new: Pen) -> str:
    """The escape sequences that change the terminal's pen from `old` (None: unknown) to `new`."""
    if old == new:
        return ""
    out = ""
    if old is not None and old.link != new.link and old.link:
        out += "\x1b]8;;\x1b\\"
    if old is None or old.attributes != new.attributes:
        codes = new.codes()
        out += f"\x1b[0;{codes}m" if codes else "\x1b[0m"
    else:
        changes = []
        if old.color != new.color:
            changes.append(new.color or "39")
        if old.bgcolor != new.bgcolor:
            changes.append(new.bgcolor or "49")
        if changes:
            out += f"\x1b[{';'.join(changes)}m"
    if new.link and (old is None or old.link != new.link):
        out += f"\x1b]8;id={new.link_id};{new.link}\x1b\\"
    return out


class TerminalCells:
    """What the terminal shows, cell by cell, as last sent; turns updates into what changed."""

    def __init__(self) -> None:
        self.width = self.height = 0
        self.rows: list[list[Cell | None]] = []
        self._pens: dict[Style, Pen] = {}
        self._system: ColorSystem | None = None

    def forget(self) -> None:
        """The terminal may show anything now: the next update is sent whole."""
        self.rows = []

    def _pen(self, style: Style | None) -> Pen:
        if style is None:
            return PLAIN
        pen = self._pens.get(style)
        if pen is None:
            if len(self._pens) > 20_000:  # styles carry widget offsets: keep the cache small
                self._pens.clear()
            assert self._system is not None
            pen = self._pens[style] = pen_of(style, self._system)
        return pen

    def sequence(self, update: CompositorUpdate, console: Console, width: int, height: int) -> str:
        """The escape sequences that bring the terminal from what it shows to `update` applied."""
        system = console._color_system or ColorSystem.TRUECOLOR
        if system != self._system:
            self._system, self._pens = system, {}
            self.rows = []
        if (width, height) != (self.width, self.height) or not self.rows:
            self.width, self.height = width, height
            self.rows = [[None] * width for _ in range(height)]
        changed: dict[int, set[int]] = {}
        for y, x, x_end, strips in self._pieces(update):
            if 0 <= y < height:
                self._write(y, x, max(0, x_end), strips, changed)
        return self._render(changed)

    @staticmethod
    def _pieces(update: CompositorUpdate) -> Iterable[tuple[int, int, int, Iterable[Strip]]]:
        """(row, first column, column past the last to take, strips) of an update."""
        if isinstance(update, LayoutUpdate):
            region = update.region
            for y, line in enumerate(update.strips, region.y):
                yield y, region.x, region.right, line
        elif isinstance(update, ChopsUpdate):
            for y, x1, x2 in update.spans:
                for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items(),
                                           strict=False):
                    if strip is not None and x < x2 and end > x1:
                        yield y, x, x2, (strip,)  # cells before x1 are fresh too: taken

    def _write(self, y: int, x: int, x_end: int, strips: Iterable[Strip],
               changed: dict[int, set[int]]) -> None:
        """Put strips on row y from column x (up to x_end), marking the cells that change."""
        row = self.rows[y]
        x_end = min(x_end, self.width)
        marks = changed.setdefault(y, set())
        for strip in strips:
            for text, style, control in strip:
                if control:
                    continue
                if x >= x_end:
                    break
                pen = self._pen(style)
                for ch in text:
                    if " " <= ch <= "~":
                        size = 1
                    else:  # a control character never reaches the terminal (storage/shown.py)
                        ch = STAND_INS.get(ch, ch)
                        size = get_character_cell_size(ch)
                    if size == 0:  # a combining character joins the cell before it
                        if x and (before := row[x - 1]) is not None:
                            row[x - 1] = (before[0] + ch, before[1])
                            marks.add(x - 1)
                        continue
                    if x >= x_end:
                        break
                    if size == 2 and x + 1 < self.width:
                        if row[x] != (ch, pen) or row[x + 1] != ("", pen):
                            row[x], row[x + 1] = (ch, pen), ("", pen)
                            marks.update((x, x + 1))
                        x += 2
                        continue
                    if row[x] != (ch, pen):
                        row[x] = (ch, pen)
                        marks.add(x)
                    x += 1

    def _render(self, changed: dict[int, set[int]]) -> str:
        """The cells marked changed, in runs, with the cursor moves and pen changes between them."""
        out: list[str] = []
        pen: Pen | None = None
        cursor: tuple[int, int] | None = None
        for y in sorted(changed):
            row = self.rows[y]
            runs: list[list[int]] = []
            for x in sorted(changed[y]):
                if x and (cell := row[x]) is not None and cell[0] == "":  # a wide character's right half
                    x -= 1
                if runs and x - runs[-1][1] <= GAP + 1 and None not in row[runs[-1][1]:x]:
                    runs[-1][1] = max(runs[-1][1], x)
                else:
                    runs.append([x, x])
            for start, last in runs:
                if cursor != (start, y):
                    if cursor is not None and cursor[1] == y and 0 < start - cursor[0] <= 9:
                        out.append(f"\x1b[{start - cursor[0]}C")
                    else:
                        out.append(f"\x1b[{y + 1};{start + 1}H")
                x = start
                for cell in row[start:last + 1]:
                    if cell is None:
                        break
                    text, cell_pen = cell
                    if text:
                        if cell_pen != pen:
                            out.append(change_pen(pen, cell_pen))
                            pen = cell_pen
                        out.append(text)
                        x += get_character_cell_size(text[0]) if text[0] > "~" else 1
                cursor = (x, y) if x < self.width else None
        if not out:
            return ""
        if pen is not None and pen.link:
            out.append("\x1b]8;;\x1b\\")
        out.append("\x1b[0m")
        return "".join(out)


class ChangedCells(CompositorUpdate):
    """A compositor update sent as only the cells it changes (worked out when it is written)."""

    def __init__(self, update: CompositorUpdate, cells: TerminalCells, width: int,
                 height: int) -> None:
        self.update, self.cells, self.width, self.height = update, cells, width, height

    def render_segments(self, console: Console) -> str:
        return self.cells.sequence(self.update, console, self.width, self.height)


class ButtonMouseDriver(LinuxDriver):
    """The Linux/macOS driver, with mouse reports for buttons and drags only, and with the
    terminal's cells remembered so that updates send only what changed."""

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.cells = TerminalCells()

    def start_application_mode(self) -> None:
        self.cells.forget()
        super().start_application_mode()  # type: ignore[no-untyped-call]  # unannotated in Textual

    def _enable_mouse_support(self) -> None:
        if not self._mouse:
            return
        # presses and releases (1000), movement only while a button is held: a drag (1002),
        # SGR coordinates, beyond column 223 (1015, 1006); one write, as the output queue is short
        self.write("\x1b[?1000h\x1b[?1002h\x1b[?1015h\x1b[?1006h")
        self.flush()

    def _disable_mouse_support(self) -> None:
        if not self._mouse:
            return
        # one write: when the terminal has gone away (SIGHUP) nothing drains Textual's output
        # queue of 30 writes, and a write more than it holds would block the exit forever
        self.write("".join(f"\x1b[?{mode}l" for mode in ("1000", "1002", "1003", "1015", "1006")))
        self.flush()


Frame = CompositorUpdate
"""A frame Textual composed, before it goes to the driver (what `TripoliApp.frame_watchers` are
handed)."""


def driver_class(default: type[Driver]) -> type[Driver]:
    """Our driver where Textual would use its Linux driver; Textual's own elsewhere."""
    return ButtonMouseDriver if default is LinuxDriver else default


def changed_cells(driver: Driver | None, update: object, width: int, height: int) -> object:
    """`update` as only the cells it changes, when the driver remembers the terminal's cells."""
    if isinstance(driver, ButtonMouseDriver) and not driver.is_inline and isinstance(
            update, (LayoutUpdate, ChopsUpdate)):
        return ChangedCells(update, driver.cells, width, height)
    return update
