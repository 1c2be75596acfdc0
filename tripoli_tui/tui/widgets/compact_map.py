"""The compact map, for terminals under 100x32: the Mediterranean in a few rows, Europe's coast
with Gibraltar, the sea with the patrol zones off their harbors and Malta, then Africa's coast
with its harbors west to east."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tripoli_tui.engine import data as d

from . import geography as geo
from .canvas import Canvas, Run, pack, runs_width, text_runs
from .map_ink import MapInk, zone_name
from .place_keys import PLACE_KEYS


def draw_compact(ink: MapInk, width: int) -> Canvas:
    """The compact map `width` cells wide, as tall as its pieces need."""
    sea, land = ink.style("sea"), ink.style("land")
    zones = {zone: _zone(ink, zone, width) for zone in d.PATROL_ZONES}
    sea_rows = max(2, *(len(lines) + south for (_, _, south, lines) in zones.values()))
    africa = [h for h in d.HARBORS if h not in ("gibraltar", "malta")]
    wanted = [(geo.column_of(geo.HARBOR_AT[h][0], width), runs_width(ink.marked_name(h)))
              for h in africa]
    starts = geo.spread(wanted, width)
    ends = [*(s - 1 for s in starts[1:]), width]
    tokens = {h: [text_runs(t) for t in pack(ink.tokens(h), end - start)]
              for h, start, end in zip(africa, starts, ends, strict=True)}
    height = 1 + sea_rows + 1 + max(1, *(len(t) for t in tokens.values()))
    canvas = Canvas(width, height, Style())
    _europe_and_islands(canvas, sea, land)
    for y in range(2, 1 + sea_rows):
        canvas.mark(0, width, y, sea)
    for y in range(1 + sea_rows, height):
        canvas.mark(0, width, y, land)
    for zone, (x0, x1, south, lines) in zones.items():
        top = 2 if south else 1
        for y in range(top, 1 + sea_rows):
            canvas.mark(x0, x1, y, ink.style("zone"), zone)
        for r, runs in enumerate(lines):
            ink.write(canvas, x0 + 1, top + r, runs, zone, x1 - x0 - 1)
        if mark := ink.mark_style(zone):
            canvas.mark(x0, x1, top, mark)
    _label(ink, canvas, "gibraltar", geo.column_of(geo.HARBOR_AT["gibraltar"][0], width), 0,
           [ink.one_line("gibraltar")], land, width)
    _label(ink, canvas, "malta", geo.column_of(geo.HARBOR_AT["malta"][0], width), 1,
           [ink.one_line("malta")], sea, width, island=land)
    for harbor, x0, x1 in zip(africa, starts, ends, strict=True):
        _label(ink, canvas, harbor, x0, 1 + sea_rows, [ink.marked_name(harbor), *tokens[harbor]],
               land, x1, fill=x1)
    return canvas


def _zone(ink: MapInk, zone: str, width: int) -> tuple[int, int, bool, list[list[Run]]]:
    """A patrol zone's columns on the compact map (a sea column left after it), whether it lies
    south of the first sea row, and its lines: its key, then its pieces."""
    west, east, south = geo.COMPACT_ZONES[zone]
    x0, x1 = 0 if west <= geo.WEST else geo.column_of(west, width), geo.column_of(east, width) - 1
    room = max(2, x1 - x0 - 1)
    key = Text(PLACE_KEYS[zone], style=ink.style("key"))
    name = zone_name(zone)
    for words in (f" {name}", " zone"):  # as much of its name as the zone has room for
        if room >= len(words) + 1:
            key.append(words, style=ink.style("label"))
            break
    lines = [text_runs(t) for t in pack([key, *ink.tokens(zone)], room)]
    return x0, x1, south, lines


def _label(ink: MapInk, canvas: Canvas, harbor: str, x: int, y: int, lines: list[list[Run]],
           ground: Style, limit: int, fill: int = 0, island: Style | None = None) -> None:
    """Write a harbor's lines from (x, y) on `ground` (the marker on `island` if given); the
    cells to `fill` answer a click on the harbor too."""
    for r, runs in enumerate(lines):
        length = min(runs_width(runs), limit - x)
        canvas.mark(x, max(x + length, fill), y + r, ground, harbor)
        end = ink.write(canvas, x, y + r, runs, harbor, limit - x)
        if r == 0 and island is not None:
            canvas.mark(x, x + 1, y, island)
        if r == 0 and (mark := ink.mark_style(harbor)):
            canvas.mark(x + 1, end, y, mark)


def _europe_and_islands(canvas: Canvas, sea: Style, land: Style) -> None:
    """The first row: Europe's southern coast; the second: the islands of the eastern sea (land
    drawn in half cells where only half of a cell is land)."""
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
