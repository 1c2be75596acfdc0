"""The drawn map, from 100x32: the coasts, the islands and the patrol zones as sea areas, every
label placed whole where it covers no other. The sea and land are drawn once per size and theme;
the state is drawn over a copy."""

from __future__ import annotations

from rich.style import Style

from tripoli_tui.engine import data as d

from . import geography as geo
from .canvas import Canvas, Run, pack, text_runs, width_of
from .map_ink import MapInk, zone_name
from .place_keys import PLACE_KEYS


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
        labels = {**{zone: _zone_lines(ink, zone, width, rows) for zone in d.PATROL_ZONES},
                  **{harbor: _harbor_lines(ink, harbor) for harbor in d.HARBORS}}
        sizes = tuple((place, width_of(lines), len(lines)) for place, lines in labels.items())
        if self.placed is None or self.placed[0] != (key, sizes):
            self.placed = ((key, sizes), _place_labels(canvas, markers, sizes, rows))
        for harbor, (hx, hy) in markers.items():
            ink.write(canvas, hx, hy + 1, ink.marked_name(harbor)[:1], harbor)
        for place, box in self.placed[1].items():
            _write_lines(ink, canvas, place, box, labels[place])
        return canvas


def _place_labels(canvas: Canvas, markers: dict[str, tuple[int, int]],
                  sizes: tuple[tuple[str, int, int], ...], rows: int) -> dict[str, geo.Box]:
    """Where each label goes, whole and covering no other nor a harbor's marker: the zones' in
    their open sea first (at their centre or as near it as they fit inside the zone), then the
    harbors' beside their markers (their own side first: they have more sides)."""
    taken = [geo.Box(hx, hy + 1, 1, 1) for hx, hy in markers.values()]
    places = canvas.places
    boxes = {}
    for place, w, h in sizes:
        if place in markers:
            hx, hy = markers[place]
            boxes[place] = geo.free_spot(geo.label_spots(geo.LABEL_SIDE[place], hx, hy + 1, w, h),
                                         w, h, canvas.width, canvas.height, taken)
            continue
        cx, cy = geo.cell_of(*geo.ZONE_AT[place], canvas.width, rows)

        def in_the_zone(box: geo.Box, zone: str = place, w: int = w) -> bool:
            return places[box.y][box.x] == zone and places[box.y][box.x + w - 1] == zone

        boxes[place] = geo.free_spot(geo.around(cx - w // 2, cy + 1 - (h - 1) // 2), w, h,
                                     canvas.width, canvas.height, taken, in_the_zone)
    return boxes


def _sea_and_land(ink: MapInk, width: int, height: int) -> Canvas:
    """What the drawn map shows whatever the state: the legend, the coasts, the patrol zones'
    seas (drawn once per size and theme)."""
    rows = height - 1
    canvas = Canvas(width, height, Style())
    ink.legend(canvas, 0)
    coast = geo.coast(width, rows)
    sea, land = ink.style("sea"), ink.style("land")
    land_bg, sea_bg = land.bgcolor, sea.bgcolor
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
    for zone in d.PATROL_ZONES:
        _zone_area(ink, canvas, coast, zone, width, rows)
    return canvas


def _zone_radii(width: int, rows: int) -> tuple[float, float]:
    return max(5.0, width * 0.055), max(1.6, rows * 0.1)


def _zone_area(ink: MapInk, canvas: Canvas, coast: geo.Coast, zone: str, width: int,
               rows: int) -> None:
    """A patrol zone's sea: an oval of lighter blue off its harbor, halves at its edge."""
    cx, cy = geo.cell_of(*geo.ZONE_AT[zone], width, rows)
    rx, ry = _zone_radii(width, rows)
    zone_style, sea_bg = ink.style("zone"), ink.style("sea").bgcolor
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


def _zone_lines(ink: MapInk, zone: str, width: int, rows: int) -> list[list[Run]]:
    """A patrol zone's label: its key and name, then its pieces."""
    rx, _ = _zone_radii(width, rows)
    name = zone_name(zone)
    lines: list[list[Run]] = [[(PLACE_KEYS[zone], ink.style("key")),
                               (f" {name}", ink.style("label"))]]
    return lines + [text_runs(t) for t in pack(ink.tokens(zone), max(int(2 * rx) - 2,
                                                                      len(name) + 2))]


def _harbor_lines(ink: MapInk, harbor: str) -> list[list[Run]]:
    """A harbor's label: its name, then its pieces."""
    return [ink.name_runs(harbor)] + [text_runs(t) for t in pack(ink.tokens(harbor), 12)]


def _write_lines(ink: MapInk, canvas: Canvas, place: str, box: geo.Box,
                 lines: list[list[Run]]) -> None:
    """A place's label in its box, the first line marked if the place changed or is asked."""
    for r, runs in enumerate(lines):
        end = ink.write(canvas, box.x, box.y + r, runs, place)
        if r == 0 and (mark := ink.mark_style(place)):
            canvas.mark(box.x, end, box.y, mark)
