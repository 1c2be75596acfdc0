"""The drawn map, from 100x32: the coasts and the islands, each patrol zone a bounded box in the
sea off its harbor with its counters inside, each harbor a port (the American bases a star) with
its name and counters beside it on the land, every label placed whole where it covers no other.
The sea and land are drawn once per size and theme; the state is drawn over a copy."""

from __future__ import annotations

from rich.style import Style

from tripoli_tui.engine import data as d

from . import geography as geo
from .canvas import Canvas, Run, pack, text_runs, width_of
from .map_ink import MapInk, zone_name
from .place_keys import PLACE_KEYS

ZONES_WEST_TO_EAST = tuple(sorted(d.PATROL_ZONES, key=lambda zone: geo.ZONE_AT[zone][0]))
"""The zones' boxes are placed from the Atlantic east (the Tangier zone has only the ocean)."""


class DrawnMap:
    """Draws the map at a size, keeping what does not change with the state."""

    def __init__(self) -> None:
        self.sea_and_land: tuple[tuple[int, int], Canvas] | None = None
        """The sea and land for a size, drawn once (the state is drawn over a copy)."""
        self.placed: tuple[object, dict[str, geo.Box]] | None = None
        """Where the labels went, for a size and the labels' sizes (found again when they change)."""

    def draw(self, ink: MapInk, width: int, height: int) -> Canvas:
        rows = height - 1
        key = (width, height)
        if self.sea_and_land is None or self.sea_and_land[0] != key:
            self.sea_and_land = (key, _sea_and_land(ink, width, height))
        canvas = self.sea_and_land[1].copy()
        markers = {h: geo.cell_of(*geo.HARBOR_AT[h], width, rows) for h in d.HARBORS}
        labels = {**{zone: _zone_lines(ink, zone, width) for zone in ZONES_WEST_TO_EAST},
                  **{harbor: _harbor_lines(ink, harbor) for harbor in d.HARBORS}}
        sizes = tuple((place, *_box_size(place, lines, width, rows))
                      for place, lines in labels.items())
        if self.placed is None or self.placed[0] != (key, sizes):
            self.placed = ((key, sizes), _place_labels(width, height, markers, sizes))
        for harbor, (hx, hy) in markers.items():
            ink.write(canvas, hx, hy + 1, ink.marked_name(harbor)[:1], harbor)
        for place, box in self.placed[1].items():
            if place in markers:
                _write_lines(ink, canvas, place, box, labels[place])
            else:
                _zone_box(ink, canvas, place, box, labels[place])
        return canvas


def _box_size(place: str, lines: list[list[Run]], width: int, rows: int) -> tuple[int, int]:
    """A label's cells: a harbor's as its words; a zone's box its frame with its name in the top
    edge and its counters inside, a cell of sea each side, wider and taller on a big map (a zone
    is an area)."""
    if place in d.HARBORS:
        return width_of(lines), len(lines)
    return (max(width_of(lines) + 4, int(width * 0.1)),
            max(len(lines) + 1, min(5, 1 + rows // 10)))


def _place_labels(width: int, height: int, markers: dict[str, tuple[int, int]],
                  sizes: tuple[tuple[str, int, int], ...]) -> dict[str, geo.Box]:
    """Where each label goes, whole and covering no other nor a harbor's marker: the zones'
    boxes in the sea first (centred off their harbors, or as near as they fit mostly at sea), then
    the harbors' beside their markers (their own side first: they have more sides)."""
    rows = height - 1
    land = _land_counts(geo.coast(width, rows))
    taken = [geo.Box(hx, hy + 1, 1, 1) for hx, hy in markers.values()]
    boxes = {}
    for place, w, h in sizes:
        if place in markers:
            hx, hy = markers[place]
            boxes[place] = geo.free_spot(geo.label_spots(geo.LABEL_SIDE[place], hx, hy + 1, w, h),
                                         w, h, width, height, taken)
            continue
        cx, cy = geo.cell_of(*geo.ZONE_AT[place], width, rows)

        def at_sea(box: geo.Box) -> bool:
            x0, y0, x1, y1 = box.x, box.y - 1, box.x + box.w, box.y - 1 + box.h
            return 4 * (land[y1][x1] - land[y0][x1] - land[y1][x0] + land[y0][x0]) <= box.w * box.h

        boxes[place] = geo.free_spot(geo.around(cx - w // 2, cy + 1 - (h - 1) // 2), w, h,
                                     width, height, taken, at_sea)
    return boxes


def _land_counts(coast: geo.Coast) -> list[list[int]]:
    """`counts[y][x]`: how many cells above and left of (x, y) are not all sea (the land under a
    box is told from its four corners)."""
    counts = [[0] * (coast.width + 1) for _ in range(coast.height + 1)]
    for y in range(coast.height):
        for x in range(coast.width):
            counts[y + 1][x + 1] = (counts[y][x + 1] + counts[y + 1][x] - counts[y][x]
                                    + (not coast.is_sea(x, y)))
    return counts


def _sea_and_land(ink: MapInk, width: int, height: int) -> Canvas:
    """What the drawn map shows whatever the state: the legend, the coasts, the patrol zones'
    seas (drawn once per size and theme)."""
    rows = height - 1
    canvas = Canvas(width, height, Style())
    ink.legend(canvas, 0)
    coast = geo.coast(width, rows)
    sea, land = ink.style("sea"), ink.style("land")
    half = Style(color=land.bgcolor, bgcolor=sea.bgcolor)
    for y in range(rows):
        upper, lower = coast.land[2 * y], coast.land[2 * y + 1]
        for x in range(width):
            if upper[x] and lower[x]:
                canvas.styles[y + 1][x] = land
            elif upper[x] or lower[x]:  # the half of land drawn, on the sea: one pen along a
                canvas.chars[y + 1][x] = "▀" if upper[x] else "▄"  # coast, whichever half
                canvas.styles[y + 1][x] = half
            else:
                canvas.styles[y + 1][x] = sea
    return canvas


def _zone_lines(ink: MapInk, zone: str, width: int) -> list[list[Run]]:
    """A patrol zone's label: its key and name, then its counters."""
    name = zone_name(zone)
    lines: list[list[Run]] = [[(PLACE_KEYS[zone], ink.style("key")),
                               (f" {name}", ink.style("label"))]]
    return lines + [text_runs(t) for t in pack(ink.tokens(zone), max(int(width * 0.1) - 4,
                                                                      len(name) + 2))]


def _zone_box(ink: MapInk, canvas: Canvas, zone: str, box: geo.Box,
              lines: list[list[Run]]) -> None:
    """A patrol zone as the printed map's box: a frame in the zones' colour with the zone's key
    and name in its top edge, round a plate with its counters (the whole box answers a click on
    the zone)."""
    frame = Style(color=ink.style("zone").bgcolor)
    plate = Style(bgcolor=ink.style("plate").bgcolor)
    x0, y0, x1, y1 = box.x, box.y, box.x + box.w - 1, box.y + box.h - 1
    for y in range(y0, y1 + 1):
        if y in (y0, y1):
            left, fill, right = ("┌", "─", "┐") if y == y0 else ("└", "─", "┘")
        else:
            left, fill, right = "│", " ", "│"
            canvas.mark(x0 + 1, x1, y, plate)
        canvas.put(x0, y, [(left + fill * (box.w - 2) + right, frame)], zone)
    title, *counters = lines
    _write_lines(ink, canvas, zone, geo.Box(x0 + 1, y0, box.w - 2, 1), [[(" ", Style()), *title,
                                                                         (" ", Style())]])
    _write_lines(ink, canvas, zone, geo.Box(x0 + 2, y0 + 1, box.w - 4, box.h - 2), counters)


def _harbor_lines(ink: MapInk, harbor: str) -> list[list[Run]]:
    """A harbor's label: its name, then its counters."""
    return [ink.name_runs(harbor)] + [text_runs(t) for t in pack(ink.tokens(harbor), 12)]


def _write_lines(ink: MapInk, canvas: Canvas, place: str, box: geo.Box,
                 lines: list[list[Run]]) -> None:
    """A place's label in its box, the first line marked if the place changed or is asked."""
    for r, runs in enumerate(lines):
        end = ink.write(canvas, box.x, box.y + r, runs, place)
        if r == 0 and (mark := ink.mark_style(place)):
            canvas.mark(box.x, end, box.y, mark)
