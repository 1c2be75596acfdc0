"""The Mediterranean as data: coasts, harbors and patrol zones in degrees, drawn to any size.

Longitude is stretched where the board is crowded (the Strait of Gibraltar) and squeezed where it
is empty, as the printed board does; latitude is linear. Everything here is pure and cached by size.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

WEST, EAST, NORTH, SOUTH = -8.5, 33.5, 41.0, 30.0
"""The window of the map, in degrees."""

LON_STRETCH: tuple[tuple[float, float], ...] = (
    (-8.5, 0.0), (-5.5, 0.085), (3.0, 0.245), (10.2, 0.40), (13.2, 0.50), (14.5, 0.545),
    (20.1, 0.69), (22.6, 0.765), (29.9, 0.935), (33.5, 1.0),
)
"""Longitude → fraction of the width: the strait gets room, the empty stretches less."""

LAND: tuple[tuple[tuple[float, float], ...], ...] = (
    # Europe: Iberia, then (along the top, outside the window) Italy, the Balkans and Anatolia.
    ((-9.5, 42.0), (-9.5, 37.05), (-7.4, 37.17), (-6.9, 37.2), (-6.3, 36.5), (-5.6, 36.0),
     (-5.35, 36.14), (-4.4, 36.7), (-3.5, 36.72), (-2.4, 36.8), (-2.2, 36.72), (-1.0, 37.6),
     (-0.7, 37.6), (-0.5, 38.3), (0.23, 38.73), (-0.33, 39.45), (0.0, 39.98), (0.9, 40.7),
     (2.2, 41.4), (2.5, 42.0), (12.2, 42.0), (12.2, 41.7), (13.0, 41.25), (14.25, 40.8),
     (15.0, 40.3), (15.7, 40.0), (16.0, 39.0), (15.65, 38.0), (16.1, 38.0), (16.6, 38.4),
     (17.1, 38.9), (16.5, 39.7), (17.2, 40.45), (17.97, 40.05), (18.35, 39.8), (18.5, 40.15),
     (17.95, 40.65), (16.9, 41.1), (15.9, 41.6), (15.9, 42.0), (19.4, 42.0), (19.45, 41.3),
     (19.5, 40.45), (19.3, 40.4), (20.0, 39.7), (20.7, 38.9), (21.1, 38.3), (21.3, 37.6),
     (21.7, 36.8), (22.1, 36.8), (22.4, 36.4), (22.6, 36.8), (23.2, 36.45), (22.8, 37.5),
     (24.0, 37.65), (24.0, 38.5), (23.5, 39.0), (22.9, 40.6), (23.5, 42.0), (26.0, 42.0),
     (26.2, 40.0), (26.1, 39.5), (26.9, 39.0), (26.4, 38.4), (27.1, 38.4), (27.2, 37.85),
     (27.4, 37.0), (28.3, 36.8), (29.1, 36.6), (29.6, 36.2), (30.1, 36.3), (30.7, 36.9),
     (31.5, 36.7), (32.0, 36.5), (32.8, 36.0), (34.0, 36.3), (34.0, 42.0)),
    # Africa, from the Atlantic coast of Morocco to the Nile delta and Sinai.
    ((-9.5, 29.0), (-9.5, 32.9), (-8.5, 33.25), (-7.6, 33.6), (-6.8, 34.05), (-6.2, 35.0),
     (-5.95, 35.75), (-5.8, 35.78), (-5.35, 35.9), (-5.3, 35.6), (-4.4, 35.2), (-2.95, 35.45),
     (-2.2, 35.1), (-0.6, 35.7), (0.1, 35.9), (1.3, 36.5), (3.0, 36.8), (3.9, 36.9),
     (5.1, 36.75), (6.3, 37.1), (7.75, 36.9), (8.7, 36.95), (9.8, 37.35), (10.25, 37.1),
     (10.3, 36.8), (11.05, 37.08), (10.75, 36.45), (10.65, 35.8), (11.05, 35.5), (10.8, 34.7),
     (10.1, 33.9), (11.0, 33.75), (11.5, 33.15), (12.1, 32.9), (13.2, 32.9), (14.3, 32.65),
     (15.1, 32.4), (16.6, 31.2), (18.0, 30.6), (19.0, 30.3), (19.6, 30.4), (20.0, 31.0),
     (20.05, 32.1), (20.6, 32.5), (21.6, 32.9), (22.0, 32.95), (22.64, 32.77), (23.1, 32.5),
     (23.95, 32.1), (25.05, 31.75), (25.15, 31.55), (27.25, 31.35), (28.6, 30.95),
     (29.9, 31.2), (30.4, 31.45), (31.1, 31.6), (31.8, 31.5), (32.3, 31.25), (32.9, 31.1),
     (33.5, 31.2), (34.0, 31.3), (34.0, 29.0)),
    # Islands: Sardinia, Sicily, Malta, Crete, Cyprus, Mallorca, Menorca, Ibiza.
    ((8.2, 41.0), (9.2, 41.25), (9.7, 40.9), (9.65, 40.0), (9.6, 39.2), (9.0, 39.1),
     (8.6, 38.9), (8.4, 39.1), (8.4, 39.7), (8.5, 40.4), (8.15, 40.6)),
    ((12.45, 38.1), (13.4, 38.2), (14.5, 38.05), (15.6, 38.28), (15.2, 37.5), (15.3, 37.0),
     (15.1, 36.65), (14.4, 36.8), (14.0, 37.1), (13.2, 37.4), (12.5, 37.65)),
    ((14.2, 35.8), (14.65, 35.8), (14.65, 36.05), (14.2, 36.05)),
    ((23.5, 35.3), (23.6, 35.6), (24.3, 35.55), (25.0, 35.45), (25.8, 35.3), (26.3, 35.25),
     (26.2, 35.0), (25.0, 34.95), (24.0, 35.2)),
    ((32.3, 34.9), (32.4, 35.1), (33.0, 35.35), (34.0, 35.4), (34.6, 35.7), (34.0, 35.1),
     (33.9, 34.95), (33.0, 34.6), (32.7, 34.65)),
    ((2.35, 39.6), (3.1, 39.95), (3.45, 39.75), (3.2, 39.35), (2.7, 39.5)),
    ((3.8, 40.0), (4.3, 39.85), (4.2, 40.05)),
    ((1.2, 38.9), (1.6, 39.05), (1.55, 38.85)),
)
"""Coasts as closed polygons of (longitude, latitude) points."""

HARBOR_AT: dict[str, tuple[float, float]] = {
    "gibraltar": (-5.35, 36.14), "tangier": (-5.8, 35.78), "algiers": (3.06, 36.8),
    "tunis": (10.2, 36.8), "malta": (14.45, 35.92), "tripoli": (13.19, 32.9),
    "benghazi": (20.05, 32.12), "derne": (22.64, 32.77), "alexandria": (29.9, 31.2),
}
"""Where each harbor stands."""

LABEL_SIDE: dict[str, str] = {
    "gibraltar": "above", "tangier": "below", "algiers": "below", "tunis": "below",
    "malta": "right", "tripoli": "below", "benghazi": "below-left", "derne": "below",
    "alexandria": "below",
}
"""Where a harbor's name and pieces go: on the land beside it (Malta's in the sea to its east)."""

ZONE_AT: dict[str, tuple[float, float]] = {
    "tangier_patrol_zone": (-7.3, 34.6), "gibraltar_patrol_zone": (-2.5, 36.1),
    "algiers_patrol_zone": (3.6, 37.75), "tunis_patrol_zone": (10.9, 37.75),
    "tripoli_patrol_zone": (14.6, 33.95),
}
"""The centre of each patrol zone: the sea off its harbor."""


def x_of(lon: float) -> float:
    """Fraction of the width (0..1) at a longitude."""
    xs = [p[0] for p in LON_STRETCH]
    i = min(max(bisect_right(xs, lon) - 1, 0), len(xs) - 2)
    (l0, f0), (l1, f1) = LON_STRETCH[i], LON_STRETCH[i + 1]
    return f0 + (lon - l0) / (l1 - l0) * (f1 - f0)


def y_of(lat: float) -> float:
    """Fraction of the height (0 at the top) at a latitude."""
    return (NORTH - lat) / (NORTH - SOUTH)


def cell_of(lon: float, lat: float, width: int, height: int) -> tuple[int, int]:
    """The cell (column, row) of a point on a map of `width` x `height` cells."""
    return column_of(lon, width), min(max(int(y_of(lat) * height), 0), height - 1)


def _spans(polygon: tuple[tuple[float, float], ...], lat: float) -> list[float]:
    """Where a polygon's edges cross a latitude, as fractions of the width, sorted."""
    out = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 <= lat) != (y1 <= lat):
            out.append(x_of(x0 + (lat - y0) / (y1 - y0) * (x1 - x0)))
    return sorted(out)


@dataclass(frozen=True)
class Coast:
    """Land and sea of a map of `width` x `height` cells, two samples (upper, lower) per cell."""

    width: int
    height: int
    land: tuple[tuple[bool, ...], ...]
    """`land[r][x]` for the 2*height half rows."""

    def is_land(self, x: int, y: int) -> bool:
        """Whether most of cell (x, y) is land (both halves, or the upper one)."""
        return self.land[2 * y][x] and self.land[2 * y + 1][x]

    def is_sea(self, x: int, y: int) -> bool:
        return not self.land[2 * y][x] and not self.land[2 * y + 1][x]


@lru_cache(maxsize=8)
def coast(width: int, height: int) -> Coast:
    """Rasterise the coasts by scanlines: each half row is filled between edge crossings."""
    return Coast(width, height, tuple(
        _land_row(width, NORTH - (r + 0.5) / (2 * height) * (NORTH - SOUTH), LAND)
        for r in range(2 * height)))


def _land_row(width: int, lat: float, polygons: tuple[tuple[tuple[float, float], ...], ...]
              ) -> tuple[bool, ...]:
    """Which cells of a row `width` cells wide are land at a latitude (filled between the
    polygons' edge crossings)."""
    row = [False] * width
    for polygon in polygons:
        crossings = _spans(polygon, lat)
        for a, b in zip(crossings[::2], crossings[1::2], strict=False):
            for x in range(max(0, int(a * width + 0.5)), min(width, int(b * width + 0.5))):
                row[x] = True
    return tuple(row)


# --- the compact map: the same sea in a few rows ------------------------------------------

COMPACT_ZONES: dict[str, tuple[float, float, bool]] = {
    "tangier_patrol_zone": (WEST, -5.6, False), "gibraltar_patrol_zone": (-5.4, 0.0, False),
    "algiers_patrol_zone": (0.0, 7.0, False), "tunis_patrol_zone": (7.0, 11.8, False),
    "tripoli_patrol_zone": (11.8, 18.0, True),
}
"""Each patrol zone's stretch of sea on the compact map, west and east longitude, and whether it
lies below the first sea row (the Tripoli zone is south of Malta, which has that row)."""

EUROPE_ROW = (38.9, 37.5)
"""The latitudes the compact map's northern coast row shows, upper and lower half."""

ISLAND_ROW = (35.5, 35.1)
"""The latitudes the compact map's first sea row shows its islands at (Crete, Cyprus)."""

ISLANDS = LAND[2:]
"""The islands' coasts (the two continents are the first two)."""


@lru_cache(maxsize=16)
def land_along(width: int, lat: float, polygons: tuple[tuple[tuple[float, float], ...], ...] = LAND
               ) -> tuple[bool, ...]:
    """Which cells of a row `width` cells wide are land at a latitude (kept per width)."""
    return _land_row(width, lat, polygons)


def column_of(lon: float, width: int) -> int:
    """The column of a longitude on a map `width` cells wide."""
    return min(max(int(x_of(lon) * width), 0), width - 1)


def spread(wanted: list[tuple[int, int]], width: int) -> list[int]:
    """Starts for labels in west-to-east order, each (wanted start, length), so that none overlaps
    the next (one cell apart) and all fit in `width`: pushed east, then back west from the edge."""
    starts: list[int] = []
    for start, _ in wanted:
        starts.append(max(start, starts[-1] + wanted[len(starts) - 1][1] + 1) if starts else start)
    limit = width
    for i in range(len(starts) - 1, -1, -1):
        starts[i] = max(0, min(starts[i], limit - wanted[i][1]))
        limit = starts[i] - 1
    return starts


# --- labels that never cover each other ------------------------------------------------------

class Box(NamedTuple):
    """Cells taken on a map: from column x, row y, w wide and h high."""

    x: int
    y: int
    w: int
    h: int

    def meets(self, other: Box) -> bool:
        """Whether the two overlap or touch side by side (words need a cell between them)."""
        return (self.x - 1 < other.x + other.w and other.x - 1 < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)


def label_spots(side: str, hx: int, hy: int, w: int, h: int) -> Iterator[tuple[int, int]]:
    """Where a harbor's label (w x h) may go around its marker at (hx, hy), its own side first,
    then the other sides, each also nudged along."""
    sides = {
        "right": (hx + 2, hy), "below": (hx - 2, hy + 1), "below-left": (hx + 2 - w, hy + 1),
        "above": (hx - 4, hy - h), "left": (hx - w - 1, hy), "above-right": (hx + 1, hy - h),
        "below-right": (hx + 1, hy + 1), "above-left": (hx - w, hy - h),
    }
    order = [side, *(s for s in sides if s != side)]
    for nudge in (0, 1, -1, 2, -2, 3, -3, 4, -4, 6, -6, 8, -8):
        for name in order:
            x, y = sides[name]
            yield x + nudge, y


@lru_cache(maxsize=1)
def _offsets() -> tuple[tuple[int, int], ...]:
    """Steps from a spot, nearest first (a row away counts as three columns)."""
    steps = [(dx, dy) for dx in range(-20, 21) for dy in range(-4, 5)]
    return tuple(sorted(steps, key=lambda s: (abs(s[0]) + 3 * abs(s[1]), abs(s[1]))))


def around(x: int, y: int) -> Iterator[tuple[int, int]]:
    """(x, y), then spots ever further from it."""
    return ((x + dx, y + dy) for dx, dy in _offsets())


def free_spot(spots: Iterable[tuple[int, int]], w: int, h: int, width: int, height: int,
              taken: list[Box], inside: Callable[[Box], bool] | None = None) -> Box:
    """The first of `spots` (a label's top left corner) where a w x h label lies whole on the
    map (below its legend row), meets no box taken and, if told, is `inside` its place (else the
    first such spot anywhere); it is taken. With none, the nearest such spot to the first of
    `spots` anywhere on the map (a crowded map); with none at all, the first spot moved onto
    the map."""
    spots = list(spots)
    x0, y0 = spots[0]

    def candidate_lists() -> Iterator[list[tuple[int, int]]]:
        yield spots  # then the whole map, sorted only when no spot of its own will do
        yield sorted(((x, y) for y in range(1, height - h + 1) for x in range(width - w + 1)),
                     key=lambda s: abs(s[0] - x0) + 3 * abs(s[1] - y0))

    for candidates in candidate_lists():
        for wanted in ((inside, None) if inside is not None else (None,)):
            for x, y in candidates:
                if not (0 <= x <= width - w and 1 <= y <= height - h):
                    continue
                box = Box(x, y, w, h)
                if (wanted is None or wanted(box)) and not any(box.meets(t) for t in taken):
                    taken.append(box)
                    return box
    box = Box(min(max(x0, 0), width - w), min(max(y0, 1), height - h), w, h)
    taken.append(box)
    return box
