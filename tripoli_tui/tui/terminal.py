"""What goes to the terminal: only the cells that changed, and mouse reports only for buttons.

Over SSH every byte counts. Textual (8.2.8, pinned) repaints a widget's whole region whenever the
widget is refreshed, whether or not its cells changed, and writes every segment with its full
colour codes followed by a reset. `TerminalCells` remembers what the terminal shows, cell by cell,
and turns each of Textual's updates into the characters that differ from it, changing only the
codes that change (an attribute turned off by its own code, not a reset and every code again; a
space's colour left as it is, as a space shows only its background; a colour of the xterm
palette's cube or greys by its number, the same colour in fewer bytes). A refresh that changes
nothing sends nothing. What the terminal shows
is forgotten (the next update is sent whole) whenever it may have changed behind our back: a new
size, or the application mode started again (after a suspend).

`ButtonMouseDriver` asks the terminal for mouse reports on presses, releases, the wheel and drags
(a click on a harbor, a scrollbar dragged) instead of on every movement: with any-motion tracking
each movement of the mouse across the window is a report, and every widget it passes over is
repainted for its hover style.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from rich._palettes import EIGHT_BIT_PALETTE
from rich.cells import get_character_cell_size
from rich.color import Color, ColorSystem, ColorType
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.drivers.linux_driver import LinuxDriver
from textual.strip import SGR_STYLES, Strip

from ..storage.shown import STAND_INS
from .contrast import nearest_256

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rich.console import Console
    from textual.app import App
    from textual.driver import Driver

GAP = 4
"""Unchanged cells between two changes that are sent again rather than jumped over (a jump costs
about as much)."""


OFF = {"1": "22", "2": "22", "3": "23", "4": "24", "5": "25", "6": "25", "7": "27", "8": "28",
       "9": "29", "21": "24", "51": "54", "52": "54", "53": "55"}
"""The code that turns each attribute off (22 turns off bold and dim alike, 24 both underlines...)."""

SHOWN_ON_A_SPACE = frozenset({"4", "7", "9", "21", "51", "52", "53"})
"""The attributes that draw something on a space (lines, reverse); the others, and the colour of
the characters, do not."""

REVERSE = 1 << SGR_STYLES.index("7")
"""Rich's bit for reverse video: a reversed cell whose two colours are known is sent as those
colours swapped (a space between two counters then changes only its background)."""

PALETTE = {tuple(EIGHT_BIT_PALETTE[n]): n for n in range(16, 256)}
"""The xterm palette's cube and greys (never redefined by a theme, unlike its first 16): a colour
among them is sent by its number, in 5 bytes where its red, green and blue take up to 11."""


class Pen(NamedTuple):
    """How a cell is drawn, as SGR codes: its attributes, colour, background, and its link."""

    attributes: str
    color: str
    bgcolor: str
    link: str = ""
    link_id: str = ""

    def codes(self) -> str:
        return ";".join(c for c in (self.attributes, self.color, self.bgcolor) if c)

    def looks_on_a_space(self) -> tuple[object, ...] | None:
        """What a space drawn with this pen looks like (None: the pen's characters' colour and
        attributes show on it too)."""
        return _looks_on_a_space(self)


Cell = tuple[str, Pen]
"""A character (with any zero-width ones after it; '' for the right half of a wide one) and its pen."""

PLAIN = Pen("", "", "")


def pen_of(style: Style | None, system: ColorSystem) -> Pen:
    """The pen a Rich style draws with in a colour system (as Textual's Strip.render draws it)."""
    if style is None:
        return PLAIN
    attributes = style._attributes & style._set_attributes
    fore, back = style._color, style._bgcolor
    if attributes & REVERSE and fore is not None and back is not None and not (
            fore.is_default or back.is_default):  # reversed: the same two colours, swapped
        attributes, fore, back = attributes & ~REVERSE, back, fore
    codes = ";".join(SGR_STYLES[bit] for bit in range(attributes.bit_length())
                     if attributes & (1 << bit)) if attributes else ""
    color = colour_codes(fore, system, True) if fore else ""
    bgcolor = colour_codes(back, system, False) if back else ""
    link = style._link or ""
    return Pen(codes, color, bgcolor, link, style._link_id if link else "")


def colour_codes(colour: Color, system: ColorSystem, foreground: bool) -> str:
    """A colour's SGR codes in a colour system (a truecolor one of the xterm palette's cube or
    greys by its number: the same colour; in 256 colours the nearest of them, not Rich's)."""
    if system == ColorSystem.EIGHT_BIT and colour.type == ColorType.TRUECOLOR and colour.triplet:
        return f"{38 if foreground else 48};5;{nearest_256(tuple(colour.triplet))}"
    shown = colour.downgrade(system)
    if shown.type == ColorType.TRUECOLOR and shown.triplet is not None and (
            n := PALETTE.get(tuple(shown.triplet))) is not None:
        return f"{38 if foreground else 48};5;{n}"
    return ";".join(shown.get_ansi_codes(foreground))


def _attribute_changes(old: str, new: str) -> list[str]:
    """The codes that turn attributes `old` into `new` (each as SGR codes joined by ';')."""
    before, after = set(old.split(";")) - {""}, set(new.split(";")) - {""}
    offs = {OFF[code] for code in before - after}
    # an off code turns off all it covers: those of them still wanted are turned on again
    again = {code for code in after if OFF[code] in offs}
    return sorted(offs) + sorted((after - before) | again)


@lru_cache(maxsize=8192)
def change_pen(old: Pen | None, new: Pen) -> str:
    """The escape sequences that change the terminal's pen from `old` (None: unknown) to `new`:
    the codes that change, or a reset and all of the new pen's codes, whichever is shorter."""
    if old == new:
        return ""
    out = ""
    if old is not None and old.link != new.link and old.link:
        out += "\x1b]8;;\x1b\\"
    codes = new.codes()
    reset = f"0;{codes}" if codes else "0"
    if old is None:
        out += f"\x1b[{reset}m"
    else:
        changes = _attribute_changes(old.attributes, new.attributes)
        if old.color != new.color:
            changes.append(new.color or "39")
        if old.bgcolor != new.bgcolor:
            changes.append(new.bgcolor or "49")
        if changes:
            diff = ";".join(changes)
            out += f"\x1b[{diff if len(diff) <= len(reset) else reset}m"
    if new.link and (old is None or old.link != new.link):
        out += f"\x1b]8;id={new.link_id};{new.link}\x1b\\"
    return out


@lru_cache(maxsize=4096)
def _looks_on_a_space(pen: Pen) -> tuple[object, ...] | None:
    if pen.link or SHOWN_ON_A_SPACE.intersection(pen.attributes.split(";")):
        return None
    return (pen.bgcolor,)


@lru_cache(maxsize=4096)
def for_a_space(pen: Pen, wanted: Pen) -> Pen:
    """The pen to draw a space that should look as `wanted` draws it, from the terminal's `pen`:
    `pen` itself if a space looks the same in it, else the cheaper to change to of `wanted` and
    `pen` with only the background (and what shows on a space) changed."""
    look = wanted.looks_on_a_space()
    if look is None or pen.link:
        return wanted
    if pen.looks_on_a_space() == look:
        return pen
    kept = ";".join(a for a in pen.attributes.split(";") if a not in SHOWN_ON_A_SPACE)
    near = Pen(kept, pen.color, wanted.bgcolor)
    return near if len(change_pen(pen, near)) < len(change_pen(pen, wanted)) else wanted


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
                        if text == " " and pen is not None and cell_pen is not pen:
                            cell_pen = for_a_space(pen, cell_pen)
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
