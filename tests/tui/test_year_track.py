"""The Year Turn Track under the map marks the current year (issue 34, point 10: it marked the
next), 1801 included, the years gone by muted, the years ahead with the pieces waiting in them."""

from __future__ import annotations

import pytest
from rich.style import Style

from tests.tui.conftest import make_app
from tests.tui.helpers import press
from tripoli_tui.engine import data as d
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.widgets.track import TrackStrip


def year_styles(strip: TrackStrip) -> dict[int, Style]:
    """Each year drawn on the track, and the style it is drawn in."""
    line = strip.line
    found = {}
    for year in range(1801, 1807):
        at = line.plain.index(str(year))
        found[year] = line.get_style_at_offset(strip.app.console, at)
    return found


@pytest.mark.parametrize("year", [1801, 1803, 1806])
async def test_the_track_marks_the_current_year(year: int) -> None:
    game = Game.new(5)
    game.state.year = year  # (the strip reads the year alone: no turn is played here)
    app = make_app(game, walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot)
        strip = app.screen.query_one(TrackStrip)
        styles = year_styles(strip)
        marked = [y for y, style in styles.items() if style.reverse]
        assert marked == [year], (marked, strip.line.plain)
        assert all(styles[y].reverse is not True for y in range(1801, 1807) if y != year)
        assert strip.line.plain.startswith("Year 1801 1802 ")  # every year, 1801 first


async def test_the_track_follows_the_year_as_it_turns() -> None:
    game = Game.new(5)
    app = make_app(game, walkthrough=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot)
        strip = app.screen.query_one(TrackStrip)
        for _ in range(40):  # play the American turns by their last option until 1802
            if game.state.year == 1802:
                break
            pending = game.pending
            assert pending is not None and pending.side == d.US
            await app.screen.submit(pending.options[-1])  # type: ignore[attr-defined]
            await press(pilot)
        assert game.state.year == 1802
        styles = year_styles(strip)
        assert [y for y, s in styles.items() if s.reverse] == [1802]
