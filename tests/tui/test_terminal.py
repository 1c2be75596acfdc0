"""What goes to the terminal: only the changed cells, right; mouse reports for buttons only.

The bytes are checked by playing them on a small terminal model (cursor moves, SGR, text) and
comparing what it then shows with what Textual composed, cell by cell, pen by pen.
"""

from __future__ import annotations

import re

from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import CompositorUpdate, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from tripoli_tui.engine.game import Game
from tripoli_tui.tui.app import TripoliApp
from tripoli_tui.tui.terminal import ButtonMouseDriver, Pen, TerminalCells, driver_class, pen_of

from .conftest import make_app
from .helpers import press

CONSOLE = Console(color_system="truecolor", force_terminal=True, width=80)
SEQUENCE = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[(\d*)C|\x1b\[([\d;]*)m|\x1b\]8;[^\x1b]*\x1b\\|(.)",
                      re.S)
ATTRIBUTES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "51", "52", "53"]
"""The attributes, in the order of Textual's codes."""
OFFS = {"22": {"1", "2"}, "23": {"3"}, "24": {"4", "21"}, "25": {"5", "6"}, "27": {"7"},
        "28": {"8"}, "29": {"9"}, "54": {"51", "52"}, "55": {"53"}}
"""The attributes each off code turns off (ECMA-48)."""


class Screen:
    """A terminal as far as the game drives it: a grid of (character, pen), a cursor, a pen."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[tuple[str, Pen] | None]] = [[None] * width for _ in range(height)]
        self.x = self.y = 0
        self.attributes: set[str] = set()
        self.color = self.bgcolor = ""

    def play(self, data: str) -> None:
        for m in SEQUENCE.finditer(data):
            row, column, forward, sgr, char = m.groups()
            if row:
                self.y, self.x = int(row) - 1, int(column) - 1
            elif forward is not None and m.group(0).endswith("C"):
                self.x += int(forward or 1)
            elif sgr is not None and m.group(0).endswith("m"):
                self._sgr(sgr.split(";") if sgr else ["0"])
            elif char is not None:
                assert char not in "\x1b\n\r", repr(data[max(0, m.start() - 20):m.end() + 20])
                assert 0 <= self.y < self.height and 0 <= self.x < self.width, (self.x, self.y)
                pen = Pen(";".join(a for a in ATTRIBUTES if a in self.attributes), self.color,
                          self.bgcolor)
                width = 2 if char in "日本" else 1
                self.cells[self.y][self.x] = (char, pen)
                if width == 2:
                    self.cells[self.y][self.x + 1] = ("", pen)
                self.x += width

    def _sgr(self, codes: list[str]) -> None:
        i = 0
        while i < len(codes):
            code = codes[i]
            if code == "0":
                self.attributes, self.color, self.bgcolor = set(), "", ""
            elif code in ATTRIBUTES:
                self.attributes.add(code)
            elif code in OFFS:
                self.attributes -= OFFS[code]
            elif code in ("38", "48"):
                n = 5 if codes[i + 1] == "2" else 3
                value = ";".join(codes[i:i + n])
                if code == "38":
                    self.color = value
                else:
                    self.bgcolor = value
                i += n - 1
            elif code == "39":
                self.color = ""
            elif code == "49":
                self.bgcolor = ""
            elif 30 <= int(code) <= 37 or 90 <= int(code) <= 97:
                self.color = code
            elif 40 <= int(code) <= 47 or 100 <= int(code) <= 107:
                self.bgcolor = code
            else:
                raise AssertionError(f"unexpected SGR code {code}")
            i += 1


def looks(ch: str, pen: Pen) -> tuple[str, Pen]:
    """A cell as it looks: a space shows only its background (unless underlined, reversed...)."""
    if ch == " " and (look := pen.looks_on_a_space()) is not None:
        return ch, Pen("", "", *look)
    return ch, pen


def expected(strips: list[Strip], width: int) -> list[list[tuple[str, Pen]]]:
    """What a full render shows, as the cells the model keeps (no links in these screens)."""
    out = []
    for strip in strips:
        row: list[tuple[str, Pen]] = []
        for text, style, _ in strip:
            pen = pen_of(style, ColorSystem.TRUECOLOR)
            pen = Pen(pen.attributes, pen.color, pen.bgcolor)
            for ch in text:
                row.append(looks(ch, pen))
        out.append(row[:width])
    return out


def shown(screen: Screen) -> list[list[tuple[str, Pen]]]:
    return [[looks(*c) if c is not None else ("?", Pen("", "", "")) for c in row]
            for row in screen.cells]


def layout(lines: list[list[Segment]], width: int) -> LayoutUpdate:
    return LayoutUpdate([[Strip(line, width)] for line in lines], Region(0, 0, width, len(lines)))


def test_an_update_that_changes_nothing_sends_nothing_and_one_cell_sends_little():
    red, blue = Style(color="#ff0000", bgcolor="#000000"), Style(color="#0000ff", bold=True)
    cells, screen = TerminalCells(), Screen(20, 2)
    first = layout([[Segment("Tripoli  ", red), Segment("Derne", blue), Segment(" " * 6)],
                    [Segment("x" * 20, red)]], 20)
    data = cells.sequence(first, CONSOLE, 20, 2)
    screen.play(data)
    assert "".join(c[0] for c in shown(screen)[0]) == "Tripoli  Derne      "
    assert cells.sequence(first, CONSOLE, 20, 2) == ""
    second = layout([[Segment("Tripoli  ", red), Segment("Derna", blue), Segment(" " * 6)],
                     [Segment("x" * 20, red)]], 20)
    change = cells.sequence(second, CONSOLE, 20, 2)
    screen.play(change)
    assert "".join(c[0] for c in shown(screen)[0]) == "Tripoli  Derna      "
    assert change.count("a") == 1 and len(change) < 40, repr(change)
    assert shown(screen)[0][13][1] == pen_of(blue, ColorSystem.TRUECOLOR)


def test_a_colour_change_sends_only_that_colour_and_forget_sends_everything_again():
    a, b = Style(color="#ff0102", bgcolor="#000103"), Style(color="#01ff00", bgcolor="#000103")
    cells, screen = TerminalCells(), Screen(4, 1)
    screen.play(cells.sequence(layout([[Segment("abcd", a)]], 4), CONSOLE, 4, 1))
    data = cells.sequence(layout([[Segment("a", b), Segment("b", a), Segment("c", b),
                                   Segment("d", a)]], 4), CONSOLE, 4, 1)
    assert data.count("48;2") == 1 and data.count("38;2") == 3, repr(data)  # colours only
    screen.play(data)
    assert [c[1].color for c in shown(screen)[0]] == ["38;2;1;255;0", "38;2;255;1;2"] * 2
    cells.forget()
    again = cells.sequence(layout([[Segment("abcd", a)]], 4), CONSOLE, 4, 1)
    assert "abcd" in again


def test_an_attribute_is_turned_off_by_its_code_and_a_space_keeps_the_pen_it_finds():
    """Bold to plain sends 22, not a reset and the colours again; the space between two words
    in different colours on one background changes nothing; a reversed space does; a colour of
    the xterm palette's cube goes by its number."""
    ground = "#102030"
    bold, plain = Style(color="#e0e1e2", bgcolor=ground, bold=True), Style(color="#a0a1a2",
                                                                           bgcolor=ground)
    cells, screen = TerminalCells(), Screen(12, 1)
    data = cells.sequence(layout([[Segment("ab", bold), Segment("cd ", plain),
                                   Segment(" ", bold + Style(reverse=True)),
                                   Segment("e ", bold), Segment("f", plain),
                                   Segment("xyzw", Style(color="#ffd7af", bgcolor=ground))]], 12),
                          CONSOLE, 12, 1)
    screen.play(data)
    assert shown(screen) == expected([Strip([Segment("ab", bold), Segment("cd ", plain),
                                             Segment(" ", bold + Style(reverse=True)),
                                             Segment("e ", bold), Segment("f", plain),
                                             Segment("xyzw", Style(color="#ffd7af",
                                                                   bgcolor=ground))])], 12)
    assert "\x1b[22;38;2;160;161;162mcd" in data, repr(data)
    assert "e \x1b[22;38;2;160;161;162mf" in data, repr(data)  # the space after e: no change
    assert "38;5;223" in data and "255;215;175" not in data
    # 22 turns off bold and dim alike: from both to dim alone, dim is turned on again
    both, dim = Style(bold=True, dim=True, color="#e0e1e2"), Style(dim=True, color="#e0e1e2")
    screen.play(cells.sequence(layout([[Segment("gh", both), Segment("ij", dim)]], 12), CONSOLE,
                               12, 1))
    assert [pen.attributes for _, pen in shown(screen)[0][:4]] == ["1;2", "1;2", "2", "2"]


def test_wide_characters_keep_their_two_cells():
    style = Style(color="#ffffff")
    cells, screen = TerminalCells(), Screen(6, 1)
    screen.play(cells.sequence(layout([[Segment("ab日cd", style)]], 6), CONSOLE, 6, 1))
    screen.play(cells.sequence(layout([[Segment("ab本cd", style)]], 6), CONSOLE, 6, 1))
    assert [c[0] for c in shown(screen)[0]] == ["a", "b", "本", "", "c", "d"]
    screen.play(cells.sequence(layout([[Segment("abxycd", style)]], 6), CONSOLE, 6, 1))
    assert [c[0] for c in shown(screen)[0]] == list("abxycd")


async def test_the_game_screen_sent_as_changed_cells_shows_what_textual_composed():
    """Every update of a real game (partial ones included), played on the model in order,
    leaves it showing exactly Textual's whole composed screen; and a choice sends far less
    than the first screen."""
    app = make_app(Game.new(3), walkthrough=True)
    updates: list[CompositorUpdate] = []
    app.frame_watchers.append(lambda _app, frame: updates.append(frame))
    cells, terminal = TerminalCells(), Screen(80, 24)
    sent: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys in ((), ("m",), ("g",), ("t",), ("0",), ("0",), ("space",), ("space",)):
            await press(pilot, *keys)
            await pilot.pause()
            data = "".join(cells.sequence(u, CONSOLE, 80, 24) for u in updates)
            updates.clear()
            terminal.play(data)
            sent.append(len(data.encode()))
            composed = app.screen._compositor.render_strips()
            assert shown(terminal) == expected(composed, 80), keys
    assert sent[0] > 4000 and max(sent[1:]) < sent[0] * 0.6, sent


async def test_mouse_reports_come_for_buttons_and_drags_not_every_movement():
    driver = ButtonMouseDriver(TripoliApp(), mouse=True)
    written: list[str] = []
    driver.write = written.append  # type: ignore[method-assign]
    driver.flush = lambda: None  # type: ignore[method-assign]
    driver._enable_mouse_support()
    assert len(written) == 1  # one write: Textual's output queue is short (see terminal.py)
    assert "\x1b[?1000h" in written[0] and "\x1b[?1002h" in written[0]
    assert "1003h" not in written[0]
    written.clear()
    driver._disable_mouse_support()
    assert len(written) == 1 and "\x1b[?1000l" in written[0] and "\x1b[?1002l" in written[0]


def test_the_game_uses_that_driver_where_textual_would_use_its_linux_driver():
    from textual.drivers.headless_driver import HeadlessDriver
    from textual.drivers.linux_driver import LinuxDriver

    assert driver_class(LinuxDriver) is ButtonMouseDriver
    assert driver_class(HeadlessDriver) is HeadlessDriver


def test_in_256_colours_each_colour_is_sent_as_the_contrast_checks_saw_it():
    """The colours of the game's theme go to a 256-colour terminal (over SSH without COLORTERM)
    as the nearest of the palette, the colour the contrast checks worked with: the panels a dark
    grey, not Rich's navy."""
    from textual.color import Color

    from tripoli_tui.tui.contrast import EIGHT_BIT, shown
    from tripoli_tui.tui.theme import TRIPOLI_THEME, game_variables

    variables = game_variables(TRIPOLI_THEME)
    colours = {v for v in variables.values() if re.fullmatch(r"#[0-9A-Fa-f]{6}", v)}
    assert len(colours) > 20
    for value in colours:
        pen = pen_of(Style(color=value, bgcolor=value), ColorSystem.EIGHT_BIT)
        number = int(pen.bgcolor.split(";")[-1])
        assert pen.color == f"38;5;{number}" and pen.bgcolor == f"48;5;{number}"
        assert EIGHT_BIT.palette[number] == shown(Color.parse(value), EIGHT_BIT), value
    assert pen_of(Style(bgcolor=variables["panel"]), ColorSystem.EIGHT_BIT).bgcolor == "48;5;235"
