"""The map as a map at every size: the sea its own area with the patrol zones off their harbors,
the coasts, the harbors west to east; every word on it readable and whole."""

from __future__ import annotations

import re

import pytest

from tests.engine.positions import place
from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, position
from tripoli_tui.engine import data as d
from tripoli_tui.tui.widgets import geography as geo
from tripoli_tui.tui.widgets.board import MapPanel

SIZES = [(80, 24), (99, 40), (100, 32), (120, 40), (140, 31), (160, 50), (200, 60), (250, 70)]
"""From the smallest terminal to a big one: the compact map (narrower or lower than 100x32) and
the drawn map at each of its sizes."""
HALF_CELLS = " ▀▄"
FRAMES = "┌─┐│└┘"
"""A patrol zone's box (lines of the map, not words)."""


def busy_position():
    """Pieces at every place, the zones' and Tripoli's crowded, an ally at war, Derne taken."""
    s = position("naval_movement")
    for zone in d.PATROL_ZONES:  # more frigates than the game has: the map shows what it is given
        s.pieces[zone]["us_frigate"] = 2
    place(s, "tripoli_patrol_zone", "swedish_frigate", 2)
    place(s, "tripoli_patrol_zone", "gunboat", 2)
    place(s, "tripoli_patrol_zone", "corsair", 3)
    place(s, "tripoli", "tripolitan_frigate", 2)
    place(s, "malta", "gunboat", 1)
    place(s, "tunis", "allied_corsair", 2)
    place(s, "derne", "marine", 2)
    place(s, "derne", "arab_infantry", 3)
    s.derne_captured = True
    s.assault_damaged = {d.US_FRIGATE: 1, d.TRIPOLITAN_FRIGATE: 0}  # drawn as in the Assault
    return s


async def drawn_map(size, state=None):
    """The map panel and its canvas at `size`, drawn by the app for `state` (the busy position
    if None: drawn once a size, the drawing read, never changed, by the tests that share it)."""
    if state is None and size in _BUSY_DRAWN:
        return _BUSY_DRAWN[size]
    app = make_app(game_of(state or busy_position()))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.screen.query_one(MapPanel)
        drawn = board, board._canvas
    if state is None:
        _BUSY_DRAWN[size] = drawn
    return drawn


_BUSY_DRAWN: dict[tuple[int, int], tuple[MapPanel, object]] = {}
"""The busy position's map at each size, as drawn_map gave it."""


def cells_of(canvas, place_name: str) -> list[tuple[int, int]]:
    return [(x, y) for y in range(canvas.height) for x in range(canvas.width)
            if canvas.places[y][x] == place_name]


def text_of(canvas, place_name: str) -> str:
    """The characters drawn for a place, row by row."""
    rows: dict[int, list[str]] = {}
    for x, y in cells_of(canvas, place_name):
        rows.setdefault(y, []).append(canvas.chars[y][x])
    return "\n".join("".join(chars) for _, chars in sorted(rows.items()))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_words_on_the_sea_are_on_a_plate(size):
    """The sea and the zones are a map's blue, no background for text (in 16 colours the sea is
    grey and the zones cyan): every character written on them sits on the plate, which the
    contrast tests check with every side's colour."""
    board, canvas = await drawn_map(size)
    sea, zone, plate = (board.style(n).bgcolor for n in ("sea", "zone", "plate"))
    changed = board.style("changed").bgcolor
    on_the_water = [(x, y, canvas.chars[y][x]) for y in range(canvas.height)
                    for x in range(canvas.width)
                    if canvas.chars[y][x] not in HALF_CELLS + FRAMES
                    and canvas.styles[y][x].bgcolor in (sea, zone)]
    assert not on_the_water, on_the_water[:10]
    words = sum(1 for y in range(canvas.height) for x in range(canvas.width)
                if canvas.styles[y][x].bgcolor in (plate, changed) and canvas.chars[y][x] != " ")
    assert words > 10  # the zones' keys and pieces, Malta's name


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_every_place_shows_its_pieces(size):
    board, canvas = await drawn_map(size)
    for location, expected in (("tripoli_patrol_zone", ("F2", "g2", "S2", "c3")),
                               ("tripoli", ("T2", "c5", "i4")), ("malta", ("g1",)),
                               ("tunis", ("a2",)), ("derne", ("M2", "A3")),
                               ("gibraltar", ("F3",))):
        shown = text_of(canvas, location)
        for token in expected:
            assert token in shown, (location, token, shown)


async def test_the_compact_map_is_the_mediterranean():
    """At 80x24: Europe's coast with Gibraltar on top, then the sea (two rows at least, its own
    colour) with each patrol zone off its harbor and Malta in it, then Africa's coast with its
    harbors west to east; captured Derne and Tunis at war marked."""
    board, canvas = await drawn_map((80, 24))
    sea, zone, land = (board.style(n).bgcolor for n in ("sea", "zone", "land"))

    def rows(place_name):
        return sorted({y for _, y in cells_of(canvas, place_name)})

    def columns(place_name):
        return sorted({x for x, _ in cells_of(canvas, place_name)})

    coast_row = min(rows("tripoli"))
    sea_rows = range(1, coast_row)
    assert len(sea_rows) >= 2
    assert rows("gibraltar") == [0]
    assert set(rows("malta")) <= set(sea_rows)
    assert canvas.styles[min(rows("malta"))][max(columns("malta")) + 1].bgcolor == sea
    africa = [h for h in d.HARBORS if h not in ("gibraltar", "malta")]
    starts = []
    for harbor in africa:
        assert min(rows(harbor)) == coast_row, harbor
        assert all(canvas.styles[y][x].bgcolor == land or canvas.chars[y][x] != " "
                   for x, y in cells_of(canvas, harbor)), harbor
        starts.append(min(columns(harbor)))
    assert starts == sorted(starts)  # west to east
    for harbor, patrol_zone in d.ZONE_OF.items():
        zone_cells = cells_of(canvas, patrol_zone)
        assert {y for _, y in zone_cells} <= set(sea_rows), patrol_zone
        assert sum(canvas.styles[y][x].bgcolor == zone for x, y in zone_cells) >= 6, patrol_zone
        near = columns(harbor) if harbor != "gibraltar" else columns(harbor)[:3]
        assert min(columns(patrol_zone)) - 3 <= near[0] <= max(columns(patrol_zone)) + 3, \
            (patrol_zone, columns(patrol_zone), near)
    open_sea = [x for x in range(canvas.width) if not canvas.places[coast_row - 1][x]]
    assert all(canvas.styles[coast_row - 1][x].bgcolor == sea for x in open_sea)
    assert "⚔" in text_of(canvas, "tunis")
    derne = [canvas.styles[y][x] for x, y in cells_of(canvas, "derne")
             if canvas.chars[y][x] in "Derne" and y == coast_row]
    assert derne and all(style.reverse for style in derne)


def test_europe_row_is_drawn_from_the_coasts():
    """The compact map's northern row: Spain in the west, Turkey in the east, sea between."""
    upper = geo.land_along(80, geo.EUROPE_ROW[0])
    assert upper[0] and upper[-1] and not upper[30]


def label_of(location: str, compact: bool) -> str:
    """What a place's label says: a harbor's name; a zone's key and name ('N Tangier zone'),
    on the compact map its key and 'zone' where the zone is wide enough (its key at least)."""
    from tripoli_tui.tui.widgets.place_keys import PLACE_KEYS

    if location in d.HARBORS:
        return d.place_name(location)
    if compact:
        return PLACE_KEYS[location]
    return f"{PLACE_KEYS[location]} {d.place_name(location).removesuffix(' patrol zone')} zone"


def rows_of_place(canvas, location: str) -> list[str]:
    """Each row's run of characters drawn for a place, other places' cells as gaps."""
    return ["".join(canvas.chars[y][x] if canvas.places[y][x] == location else "\0"
                    for x in range(canvas.width)) for y in range(canvas.height)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("busy", [False, True], ids=["start", "busy"])
async def test_every_label_is_drawn_whole(size, busy):
    """Every harbor's name and every zone's label whole, each kind of piece at a place a
    counter with its count, once, in the counter's colours: no label written over another (at
    120x40 the Gibraltar zone showed as 'G zone')."""
    from tripoli_tui.engine.game import Game

    state = busy_position() if busy else Game.new(3).state
    board, canvas = await drawn_map(size, None if busy else state)  # (None: the busy one)
    compact = size[0] < 100 or size[1] < 32
    for location in d.MAP_LOCATIONS:
        rows = rows_of_place(canvas, location)
        label = label_of(location, compact)
        assert any(label in row for row in rows), (location, label, [r for r in rows if
                                                                     r.strip("\0 ")])
        for token in counters_at(state, location):  # its cells the place's, nothing beside
            whole = re.compile(rf"(?<![\w✕]){re.escape(token)}(?![\w✕])")
            found = [(y, m) for y in range(canvas.height)
                     for m in whole.finditer("".join(canvas.chars[y]))
                     if all(canvas.places[y][x] == location for x in range(m.start(), m.end()))]
            assert len(found) == 1, (location, token, found)
            y, m = found[0]
            assert all(canvas.styles[y][x].reverse for x in range(m.start(), m.end())), (
                location, token, "not drawn as a counter")


def counters_at(state, location: str) -> list[str]:
    """What the counters at a place say, from the state itself: a letter and a count a kind,
    the frigates damaged in the Assault a counter of their own marked ✕."""
    from tripoli_tui.tui.widgets.glyphs import GLYPHS

    out = [f"{GLYPHS[piece]}{n}" for piece, n in state.pieces[location].items() if n]
    if location == "tripoli":
        out += [f"{GLYPHS[piece]}{n}✕" for piece, n in state.assault_damaged.items() if n]
    return out


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_a_harbors_marker_is_not_underlined_with_its_key_letter(size):
    """Only the key letter of a name is underlined: the ◉ before Gibraltar's 'G' was too. The
    American bases are stars, the other harbors ports."""
    board, canvas = await drawn_map(size)
    markers = {canvas.places[y][x]: (canvas.chars[y][x], canvas.styles[y][x])
               for y in range(canvas.height) for x in range(canvas.width)
               if canvas.chars[y][x] in "◉★" and canvas.places[y][x]}
    assert {place: char for place, (char, _) in markers.items()} == {
        harbor: "★" if harbor in ("gibraltar", "malta") else "◉" for harbor in d.HARBORS}
    assert not any(style.underline for _, style in markers.values())


@pytest.mark.parametrize("size", [s for s in SIZES if s[0] >= 100 and s[1] >= 32],
                         ids=lambda s: f"{s[0]}x{s[1]}")
async def test_each_patrol_zone_is_a_closed_box_in_the_sea_with_its_counters_inside(size):
    """A patrol zone is the printed map's box: a whole frame, every cell of it and inside it the
    zone's (a click anywhere in it is on the zone), its label and counters inside the frame,
    in the sea off its harbor (near the zone's centre); no two boxes meet."""
    board, canvas = await drawn_map(size)
    boxes = []
    for zone in d.PATROL_ZONES:
        corners = [(x, y) for x, y in cells_of(canvas, zone) if canvas.chars[y][x] == "┌"]
        assert len(corners) == 1, (zone, corners)
        x0, y0 = corners[0]
        x1 = "".join(canvas.chars[y0]).index("┐", x0)
        y1 = next(y for y in range(y0, canvas.height) if canvas.chars[y][x0] == "└")
        assert canvas.chars[y1][x1] == "┘", zone
        inside = {(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)}
        assert inside <= set(cells_of(canvas, zone)), zone
        assert set(cells_of(canvas, zone)) <= inside, zone  # its words all inside
        boxes.append(inside)
        cx, _ = geo.cell_of(*geo.ZONE_AT[zone], canvas.width, canvas.height - 1)
        # (at 100x32 five boxes crowd the western sea: one may stand 20 columns off)
        assert abs((x0 + x1) / 2 - cx) <= max(20, canvas.width * 0.12), (zone, x0, x1, cx)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a & b


def test_a_label_whose_own_spots_are_taken_goes_to_the_nearest_free_spot_on_the_map() -> None:
    """free_spot: a label's own spots first; when all are taken, the free spot nearest the first
    of them anywhere on the map (a row away counting as three columns); with none at all, the
    first spot moved onto the map. (A crowded map reaches the second: no screen test does.)"""
    taken = [geo.Box(10, 5, 6, 1)]
    assert geo.free_spot([(20, 5)], 4, 1, 40, 10, taken) == geo.Box(20, 5, 4, 1)  # its own
    nearest = geo.free_spot([(10, 5), (11, 5)], 4, 1, 40, 10, taken)
    assert nearest == geo.Box(10, 4, 4, 1)  # both its own are taken: the row above (3) before
    # the first free cell past the box on its row (7 columns away)
    assert nearest in taken  # and now taken too
    full = [geo.Box(0, 1, 40, 9)]
    assert geo.free_spot([(-3, 0)], 4, 1, 40, 10, full) == geo.Box(0, 1, 4, 1)  # moved onto it
