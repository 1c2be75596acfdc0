"""The map: the Mediterranean west to east with every harbor, patrol zone and piece on it.

Two drawings, chosen by the room there is: a compact map for small terminals (Europe's coast
with Gibraltar, the sea with the patrol zones off their harbors and Malta, Africa's coast with
its harbors west to east), and from 100x32 a drawn map with the coasts, the islands and the
patrol zones as sea areas, every label placed whole where it covers no other. Either is drawn
once per change into cached strips; `location_at` answers clicks. Words drawn on the sea sit on
a plate of their own: the sea and the zones are a map's blue (grey and cyan in 16 colours), not
backgrounds for text.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState
from tripoli_tui.tui.theme import paint

from . import geography as geo
from .glyphs import GLYPHS, LEGEND, MAP_ORDER, piece_class
from .place_keys import HARBOR_KEYS, PLACE_KEYS, key_letter_at

FULL_MAP_SIZE = (100, 32)
"""From this terminal size on (width, height) the map is drawn; below it, the compact strip."""

Run = tuple[str, Style]


def pack(tokens: list[Text], width: int) -> list[Text]:
    """Lay tokens out in lines no wider than `width`, one space apart."""
    lines: list[Text] = []
    line = Text()
    for t in tokens:
        if line.cell_len and line.cell_len + 1 + t.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(" ")
        line.append_text(t)
    if line.cell_len:
        lines.append(line)
    return lines



def zone_name(zone: str) -> str:
    """'Tripoli zone': a patrol zone's name as the map writes it."""
    return d.place_name(zone).removesuffix(" patrol zone") + " zone"

class Canvas:
    """A grid of characters, styles and places, turned into strips once drawn."""

    def __init__(self, width: int, height: int, style: Style) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[style] * width for _ in range(height)]
        self.places = [[""] * width for _ in range(height)]
        self.touched: set[int] = set(range(height))
        """Rows written since the canvas was copied (all of a new one)."""
        self.base: list[Strip] = []
        """The strips of the canvas this one was copied from (for the rows not touched since)."""

    def copy(self) -> Canvas:
        """A canvas to draw on over this one, which is left as it is; its strips are reused for
        the rows the copy leaves untouched."""
        out = Canvas.__new__(Canvas)
        out.width, out.height = self.width, self.height
        out.chars = [row[:] for row in self.chars]
        out.styles = [row[:] for row in self.styles]
        out.places = [row[:] for row in self.places]
        out.touched = set()
        out.base = self.strips()
        return out

    def put(self, x: int, y: int, runs: list[Run], place: str = "", limit: int = 0,
            plate: Color | None = None, land: Color | None = None) -> int:
        """Write runs from (x, y) over the background, on the `plate` colour where that is not
        the `land`'s (words drawn on the sea); returns the column after the last one."""
        if not 0 <= y < self.height:
            return x
        self.touched.add(y)
        stop = min(self.width, x + limit) if limit else self.width
        for text, style in runs:
            for ch in text:
                if 0 <= x < stop:
                    under = self.styles[y][x]
                    if plate is not None and under.bgcolor != land:
                        under = under + Style(bgcolor=plate)
                    self.chars[y][x] = ch
                    self.styles[y][x] = under + style
                    if place:
                        self.places[y][x] = place
                x += 1
        return x

    def mark(self, x0: int, x1: int, y: int, style: Style, place: str = "") -> None:
        """Restyle cells x0..x1-1 of row y (a highlight), tagging them with a place."""
        if 0 <= y < self.height:
            self.touched.add(y)
            for x in range(max(0, x0), min(self.width, x1)):
                self.styles[y][x] = self.styles[y][x] + style
                if place:
                    self.places[y][x] = place

    def strips(self) -> list[Strip]:
        """One strip per row (a row untouched since the copy keeps the original's strip)."""
        if self.base and not self.touched:
            return self.base
        out = []
        for y, (chars, styles) in enumerate(zip(self.chars, self.styles, strict=True)):
            if self.base and y not in self.touched:
                out.append(self.base[y])
                continue
            segments: list[Segment] = []
            start = 0
            for x in range(1, self.width + 1):
                if x == self.width or (styles[x] is not styles[start] and styles[x] != styles[start]):
                    segments.append(Segment("".join(chars[start:x]), styles[start]))
                    start = x
            out.append(Strip(segments, self.width))
        self.base, self.touched = out, set()
        return out


class MapPanel(Widget):
    """Renders the board from a GameState; highlights places where something just happened."""

    COMPONENT_CLASSES = {
        "map--sea", "map--zone", "map--land", "map--plate", "map--coast", "map--key", "map--label",
        "map--changed", "map--asked", "map--friendly", "map--captured",
        "map--us", "map--sweden", "map--arab", "map--tripolitania",
        "map--morocco", "map--algiers", "map--tunis",
    }
    DEFAULT_CSS = """
    MapPanel { height: auto; }
    MapPanel > .map--sea { background: $map-sea; }
    MapPanel > .map--zone { background: $map-zone; }
    MapPanel > .map--land { background: $map-land; color: $map-coast; }
    MapPanel > .map--plate { background: $map-plate; }
    MapPanel > .map--coast { color: $map-coast; }
    MapPanel > .map--key { color: $map-key; text-style: bold; }
    MapPanel > .map--label { color: $muted; text-style: italic; }
    MapPanel > .map--changed { background: $map-changed; color: $map-changed-text; text-style: bold; }
    MapPanel > .map--asked { text-style: bold underline; }
    MapPanel > .map--friendly { color: $side-us; text-style: bold; }
    MapPanel > .map--captured { color: $side-us; text-style: bold reverse; }
    MapPanel > .map--us { color: $side-us; text-style: bold; }
    MapPanel > .map--sweden { color: $side-sweden; text-style: bold; }
    MapPanel > .map--arab { color: $side-arab; }
    MapPanel > .map--tripolitania { color: $side-tripolitania; text-style: bold; }
    MapPanel > .map--morocco { color: $ally-morocco; text-style: bold; }
    MapPanel > .map--algiers { color: $ally-algiers; text-style: bold; }
    MapPanel > .map--tunis { color: $ally-tunis; text-style: bold; }
    """

    @dataclass
    class PlaceClicked(Message):
        """The player clicked a harbor or a patrol zone."""

        location: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: GameState | None = None
        self.changed: frozenset[str] = frozenset()
        self.asked: frozenset[str] = frozenset()
        self._canvas: Canvas | None = None
        self._strips: list[Strip] = []
        self._drawn_for: tuple[object, ...] = ()
        self._styles: dict[str, Style] = {}
        self._seen: tuple[object, ...] = ()
        self._sea_and_land: tuple[tuple[int, int], Canvas] | None = None
        """The drawn map's sea and land for a size, drawn once (the state is drawn over a copy)."""
        self._placed: tuple[object, dict[str, geo.Box]] | None = None
        """Where the labels went, for a size and the labels' sizes (found again when they change)."""

    # --- what is where ----------------------------------------------------------------

    def location_at(self, x: int, y: int) -> str:
        """The place drawn at content offset (x, y), '' for none."""
        canvas = self._canvas
        if canvas is None or not (0 <= y < canvas.height and 0 <= x < canvas.width):
            return ""
        return canvas.places[y][x]

    def on_click(self, event: Click) -> None:
        location = self.location_at(event.x, event.y)
        if location:
            self.post_message(self.PlaceClicked(location))

    def show(self, state: GameState, changed: frozenset[str], asked: frozenset[str]) -> None:
        """Draw `state`, marking `changed` places (just happened) and `asked` ones (a decision)."""
        seen = (tuple(tuple(c.values()) for c in state.pieces.values()), state.year,
                state.derne_captured, state.benghazi_captured,
                tuple(state.assault_damaged.items()), changed, asked)
        if seen == self._seen and state is self.state:
            return  # unchanged: nothing is sent to the terminal
        self._seen = seen
        self.state, self.changed, self.asked = state, changed, asked
        self._drawn_for = ()
        rows = len(self._strips)
        if self.size.width:
            self._draw(self.size.width)
        # the layout is worked out again only when the map's height changed (a compact map whose
        # pieces take another row): otherwise only the map is repainted
        self.refresh(layout=not self.size.width or len(self._strips) != rows)

    # --- size ---------------------------------------------------------------------------

    def is_full(self) -> bool:
        """Whether the terminal has room for the drawn map."""
        size = self.app.size
        return size.width >= FULL_MAP_SIZE[0] and size.height >= FULL_MAP_SIZE[1]

    def full_height(self) -> int:
        """Rows of the drawn map: a little over half the terminal."""
        return max(12, int(self.app.size.height * 0.55) - 2)

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        self._draw(width)
        return len(self._strips)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn_for = ()
        self._styles = {}
        self._sea_and_land = self._placed = None

    def render_line(self, y: int) -> Strip:
        self._draw(self.size.width)
        strip = self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)
        return strip.apply_style(self.rich_style)  # cells the map leaves bare take the theme's

    # --- drawing ------------------------------------------------------------------------

    def _draw(self, width: int) -> None:
        """Redraw into the strip cache when the state, the marks or the size changed."""
        full = self.is_full()
        key = (width, full, self.full_height() if full else 0, id(self.state))
        if key == self._drawn_for or self.state is None or width <= 0:
            return
        self._drawn_for = key
        canvas = self._draw_full(width) if full else self._draw_compact(width)
        self._canvas = canvas
        self._strips = canvas.strips()

    def style(self, name: str) -> Style:
        """The style of a component class (map--NAME), read from the CSS once per theme."""
        if not self._styles:
            self._styles = {c: self.get_component_rich_style(c, partial=True)
                            for c in self.COMPONENT_CLASSES}
        return self._styles["map--" + name]

    def tokens(self, location: str) -> list[Text]:
        """The non-empty piece counts at a place, in map order, in their side's colour."""
        state = self.state
        assert state is not None
        counts = state.pieces[location]
        out = [Text(f"{GLYPHS[p]}{counts[p]}", style=self.style(piece_class(p, location)))
               for p in MAP_ORDER if counts[p]]
        if location == "tripoli":
            for piece, letter in ((d.US_FRIGATE, "f"), (d.TRIPOLITAN_FRIGATE, "t")):
                if n := state.assault_damaged.get(piece, 0):
                    out.append(Text(f"{letter}{n}", style=self.style(piece_class(piece)) + Style(
                        italic=True)))
        return out

    def _name_runs(self, harbor: str) -> list[Run]:
        """A harbor's name in its colour with its key letter marked, and its standing."""
        state = self.state
        assert state is not None
        name = d.place_name(harbor)
        if harbor in d.FRIENDLY_HARBORS:
            style = self.style("friendly")
        elif harbor in d.ALLY_HARBORS:
            style = self.style(piece_class(d.ALLIED_CORSAIR, harbor))
        elif (harbor == "derne" and state.derne_captured) or (
                harbor == "benghazi" and state.benghazi_captured):
            style = self.style("captured")
        else:
            style = self.style("tripolitania")
        at = key_letter_at(name, HARBOR_KEYS[harbor])
        runs: list[Run] = [(name[:at], style), (name[at], style + Style(underline=True)),
                           (name[at + 1:], style)] if at >= 0 else [(name, style)]
        if harbor in state.active_allies():
            runs.append(("⚔", style))
        return runs

    def _write(self, canvas: Canvas, x: int, y: int, runs: list[Run], place: str,
               limit: int = 0) -> int:
        """Words on the map: on the land as they are, on the sea on a plate that keeps them
        readable (the sea's blue is a map's, not a background for text)."""
        return canvas.put(x, y, runs, place, limit, plate=self.style("plate").bgcolor,
                          land=self.style("land").bgcolor)

    def _mark_style(self, location: str) -> Style | None:
        if location in self.changed:
            return self.style("changed")
        return self.style("asked") if location in self.asked else None

    def _runs(self, text: Text) -> list[Run]:
        """Text → runs of (characters, style), for the canvas."""
        out: list[Run] = []
        for span_text, style in _text_runs(text):
            out.append((span_text, style))
        return out

    # --- the compact map ----------------------------------------------------------------

    def _draw_compact(self, width: int) -> Canvas:
        """The Mediterranean in a few rows: Europe's coast with Gibraltar, the sea with the patrol
        zones off their harbors and Malta, then Africa's coast with its harbors west to east."""
        sea, land = self.style("sea"), self.style("land")
        zones = {zone: self._compact_zone(zone, width) for zone in d.PATROL_ZONES}
        sea_rows = max(2, *(len(lines) + south for (_, _, south, lines) in zones.values()))
        africa = [h for h in d.HARBORS if h not in ("gibraltar", "malta")]
        wanted = [(geo.column_of(geo.HARBOR_AT[h][0], width), sum(len(t) for t, _ in runs))
                  for h in africa for runs in (self._marked_name(h),)]
        starts = geo.spread(wanted, width)
        ends = [*(s - 1 for s in starts[1:]), width]
        tokens = {h: [self._runs(t) for t in pack(self.tokens(h), end - start)]
                  for h, start, end in zip(africa, starts, ends, strict=True)}
        height = 1 + sea_rows + 1 + max(1, *(len(t) for t in tokens.values()))
        canvas = Canvas(width, height, Style())
        self._europe_and_islands(canvas, sea, land)
        for y in range(2, 1 + sea_rows):
            canvas.mark(0, width, y, sea)
        for y in range(1 + sea_rows, height):
            canvas.mark(0, width, y, land)
        for zone, (x0, x1, south, lines) in zones.items():
            top = 2 if south else 1
            for y in range(top, 1 + sea_rows):
                canvas.mark(x0, x1, y, self.style("zone"), zone)
            for r, runs in enumerate(lines):
                self._write(canvas, x0 + 1, top + r, runs, zone, x1 - x0 - 1)
            if mark := self._mark_style(zone):
                canvas.mark(x0, x1, top, mark)
        self._place_label(canvas, "gibraltar", geo.column_of(geo.HARBOR_AT["gibraltar"][0], width),
                          0, [self._one_line("gibraltar")], land, width)
        self._place_label(canvas, "malta", geo.column_of(geo.HARBOR_AT["malta"][0], width), 1,
                          [self._one_line("malta")], sea, width, island=land)
        for harbor, x0, x1 in zip(africa, starts, ends, strict=True):
            self._place_label(canvas, harbor, x0, 1 + sea_rows,
                              [self._marked_name(harbor), *tokens[harbor]], land, x1, fill=x1)
        return canvas

    def _compact_zone(self, zone: str, width: int) -> tuple[int, int, bool, list[list[Run]]]:
        """A patrol zone's columns on the compact map (a sea column left after it), whether it
        lies south of the first sea row, and its lines: its key, then its pieces."""
        west, east, south = geo.COMPACT_ZONES[zone]
        x0, x1 = 0 if west <= geo.WEST else geo.column_of(west, width), geo.column_of(east, width) - 1
        room = max(2, x1 - x0 - 1)
        key = Text(PLACE_KEYS[zone], style=self.style("key"))
        name = zone_name(zone)
        for words in (f" {name}", " zone"):  # as much of its name as the zone has room for
            if room >= len(words) + 1:
                key.append(words, style=self.style("label"))
                break
        lines = [self._runs(t) for t in pack([key, *self.tokens(zone)], room)]
        return x0, x1, south, lines

    def _marked_name(self, harbor: str) -> list[Run]:
        """A harbor's marker on the coast, then its name."""
        name = self._name_runs(harbor)
        return [("◉", name[0][1]), *name]  # the name's style, not its key letter's underline

    def _one_line(self, harbor: str) -> list[Run]:
        """A harbor's marker, name and pieces on one line (Gibraltar's coast, Malta's sea row)."""
        return self._marked_name(harbor) + [
            run for t in self.tokens(harbor) for run in [(" ", Style()), *self._runs(t)]]

    def _place_label(self, canvas: Canvas, harbor: str, x: int, y: int, lines: list[list[Run]],
                     ground: Style, limit: int, fill: int = 0, island: Style | None = None) -> None:
        """Write a harbor's lines from (x, y) on `ground` (the marker on `island` if given); the
        cells to `fill` answer a click on the harbor too."""
        for r, runs in enumerate(lines):
            length = min(sum(len(t) for t, _ in runs), limit - x)
            canvas.mark(x, max(x + length, fill), y + r, ground, harbor)
            end = self._write(canvas, x, y + r, runs, harbor, limit - x)
            if r == 0 and island is not None:
                canvas.mark(x, x + 1, y, island)
            if r == 0 and (mark := self._mark_style(harbor)):
                canvas.mark(x + 1, end, y, mark)

    def _europe_and_islands(self, canvas: Canvas, sea: Style, land: Style) -> None:
        """The first row: Europe's southern coast; the second: the islands of the eastern sea
        (land drawn in half cells where only half of a cell is land)."""
        width = canvas.width
        rows = ((0, geo.EUROPE_ROW, geo.LAND), (1, geo.ISLAND_ROW, geo.ISLANDS))
        for y, (upper_lat, lower_lat), polygons in rows:
            upper = geo.land_along(width, upper_lat, polygons)
            lower = geo.land_along(width, lower_lat, polygons)
            for x in range(width):
                if upper[x] and lower[x]:
                    canvas.styles[y][x] = land
                elif upper[x] or lower[x]:
                    canvas.chars[y][x] = "▀" if upper[x] else "▄"
                    canvas.styles[y][x] = Style(color=land.bgcolor, bgcolor=sea.bgcolor)
                else:
                    canvas.styles[y][x] = sea

    def _legend(self, canvas: Canvas, y: int) -> None:
        x = 0
        for piece, name in LEGEND:
            if piece == d.TRIPOLITAN_FRIGATE:
                x = canvas.put(x, y, [("│ ", self.style("label"))])
            x = canvas.put(x, y, [(GLYPHS[piece], self.style(piece_class(piece))),
                                  (f"{name} ", self.style("label"))])

    # --- the drawn map ------------------------------------------------------------------

    def _draw_full(self, width: int) -> Canvas:
        height = self.full_height()
        rows = height - 1
        key = (width, height)
        if self._sea_and_land is None or self._sea_and_land[0] != key:
            self._sea_and_land = (key, self._draw_sea_and_land(width, height))
        canvas = self._sea_and_land[1].copy()
        markers = {h: geo.cell_of(*geo.HARBOR_AT[h], width, rows) for h in d.HARBORS}
        labels = {**{zone: self._zone_lines(zone, width, rows) for zone in d.PATROL_ZONES},
                  **{harbor: self._harbor_lines(harbor) for harbor in d.HARBORS}}
        sizes = tuple((place, _width_of(lines), len(lines)) for place, lines in labels.items())
        if self._placed is None or self._placed[0] != (key, sizes):
            self._placed = ((key, sizes), self._place_labels(canvas, markers, sizes, rows))
        for harbor, (hx, hy) in markers.items():
            self._write(canvas, hx, hy + 1, self._marked_name(harbor)[:1], harbor)
        for place, box in self._placed[1].items():
            self._write_lines(canvas, place, box, labels[place])
        return canvas

    def _place_labels(self, canvas: Canvas, markers: dict[str, tuple[int, int]],
                      sizes: tuple[tuple[str, int, int], ...], rows: int) -> dict[str, geo.Box]:
        """Where each label goes, whole and covering no other nor a harbor's marker: the zones'
        in their open sea first (at their centre or as near it as they fit inside the zone),
        then the harbors' beside their markers (their own side first: they have more sides)."""
        taken = [geo.Box(hx, hy + 1, 1, 1) for hx, hy in markers.values()]
        places = canvas.places
        boxes = {}
        for place, w, h in sizes:
            if place in markers:
                hx, hy = markers[place]
                boxes[place] = geo.free_spot(geo.label_spots(geo.LABEL_SIDE[place], hx, hy + 1, w,
                                                             h), w, h, canvas.width, canvas.height,
                                             taken)
                continue
            cx, cy = geo.cell_of(*geo.ZONE_AT[place], canvas.width, rows)

            def in_the_zone(box: geo.Box, zone: str = place, w: int = w) -> bool:
                return places[box.y][box.x] == zone and places[box.y][box.x + w - 1] == zone

            boxes[place] = geo.free_spot(geo.around(cx - w // 2, cy + 1 - (h - 1) // 2), w, h,
                                         canvas.width, canvas.height, taken, in_the_zone)
        return boxes

    def _draw_sea_and_land(self, width: int, height: int) -> Canvas:
        """What the drawn map shows whatever the state: the legend, the coasts, the patrol zones'
        seas (drawn once per size and theme)."""
        rows = height - 1
        canvas = Canvas(width, height, Style())
        self._legend(canvas, 0)
        coast = geo.coast(width, rows)
        sea, land, coast_style = self.style("sea"), self.style("land"), self.style("coast")
        land_bg = land.bgcolor
        sea_bg = sea.bgcolor
        for y in range(rows):
            upper, lower = coast.land[2 * y], coast.land[2 * y + 1]
            for x in range(width):
                if upper[x] and lower[x]:
                    canvas.styles[y + 1][x] = land
                elif upper[x] or lower[x]:
                    canvas.chars[y + 1][x] = "▀"
                    canvas.styles[y + 1][x] = Style(color=land_bg if upper[x] else sea_bg,
                                                    bgcolor=sea_bg if upper[x] else land_bg)
                else:
                    canvas.styles[y + 1][x] = sea
        del coast_style
        for zone in d.PATROL_ZONES:
            self._zone_area(canvas, coast, zone, width, rows)
        return canvas

    @staticmethod
    def _zone_radii(width: int, rows: int) -> tuple[float, float]:
        return max(5.0, width * 0.055), max(1.6, rows * 0.1)

    def _zone_area(self, canvas: Canvas, coast: geo.Coast, zone: str, width: int,
                   rows: int) -> None:
        """A patrol zone's sea: an oval of lighter blue off its harbor, halves at its edge."""
        cx, cy = geo.cell_of(*geo.ZONE_AT[zone], width, rows)
        rx, ry = self._zone_radii(width, rows)
        zone_style, sea_bg = self.style("zone"), self.style("sea").bgcolor
        for y in range(int(cy - ry) - 1, int(cy + ry) + 2):
            for x in range(int(cx - rx), int(cx + rx) + 1):
                if not (0 <= y < rows and 0 <= x < width and coast.is_sea(x, y)):
                    continue
                upper, lower = (((x + 0.5 - cx - 0.5) / rx) ** 2
                                + ((y + half - cy - 0.5) / ry) ** 2 <= 1.0
                                for half in (0.25, 0.75))
                if upper and lower:
                    canvas.mark(x, x + 1, y + 1, zone_style, zone)
                elif upper or lower:
                    canvas.chars[y + 1][x] = "▀" if upper else "▄"
                    canvas.styles[y + 1][x] = Style(color=zone_style.bgcolor, bgcolor=sea_bg)
                    canvas.places[y + 1][x] = zone

    def _zone_lines(self, zone: str, width: int, rows: int) -> list[list[Run]]:
        """A patrol zone's label: its key and name, then its pieces."""
        rx, _ = self._zone_radii(width, rows)
        name = zone_name(zone)
        lines: list[list[Run]] = [[(PLACE_KEYS[zone], self.style("key")),
                                   (f" {name}", self.style("label"))]]
        return lines + [self._runs(t) for t in pack(self.tokens(zone), max(int(2 * rx) - 2,
                                                                             len(name) + 2))]

    def _harbor_lines(self, harbor: str) -> list[list[Run]]:
        """A harbor's label: its name, then its pieces."""
        return [self._name_runs(harbor)] + [self._runs(t) for t in pack(self.tokens(harbor), 12)]

    def _write_lines(self, canvas: Canvas, place: str, box: geo.Box,
                     lines: list[list[Run]]) -> None:
        """A place's label in its box, the first line marked if the place changed or is asked."""
        for r, runs in enumerate(lines):
            end = self._write(canvas, box.x, box.y + r, runs, place)
            if r == 0 and (mark := self._mark_style(place)):
                canvas.mark(box.x, end, box.y, mark)


def _width_of(lines: list[list[Run]]) -> int:
    return max(sum(len(t) for t, _ in runs) for runs in lines)


def _text_runs(text: Text) -> list[Run]:
    """A Text's characters split where their style changes."""
    plain = text.plain
    if not text.spans:
        return [(plain, Style.parse(str(text.style)) if text.style else Style())]
    bounds = sorted({0, len(plain), *(s.start for s in text.spans), *(s.end for s in text.spans)})
    out: list[Run] = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        style = Style()
        for span in text.spans:
            if span.start <= a < span.end:
                style += span.style if isinstance(span.style, Style) else Style.parse(span.style)
        out.append((plain[a:b], style))
    return out


class TrackStrip(Widget):
    """One line: the Year Turn Track (what arrives each year) and the supplies."""

    DEFAULT_CSS = """
    TrackStrip { height: 1; background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.line = Text("")

    def show(self, state: GameState, map_panel: MapPanel) -> None:
        wide = self.app.size.width >= FULL_MAP_SIZE[0]
        line = Text.assemble(("Year Turn Track " if wide else "Year ", "bold"))
        for year, space in zip(d.TRACK_YEARS, d.TRACK, strict=True):
            line.append(f"{year}", style="bold underline" if year == state.year + 1 else paint("muted"))
            line.append(" ")
            line.append_text(Text(" ").join(map_panel.tokens(space)) or Text("–", style=paint("muted")))
            line.append("  " if wide else " ")
        line.append("│ US supply " if wide else "│ Supply ", style="bold")
        line.append_text(Text(" ").join(map_panel.tokens(d.US_SUPPLY)))
        if wide:
            line.append(" │ Tripolitan supply ", style="bold")
            line.append_text(Text(" ").join(map_panel.tokens(d.TRIPOLITAN_SUPPLY)))
        if line != self.line:
            self.line = line
            self.refresh()

    def render(self) -> Text:
        return self.line
