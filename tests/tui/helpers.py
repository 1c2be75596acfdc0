"""Positions and key helpers for the pilot tests."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList

from tests.engine.positions import bare_state, give_hand, place
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.state import GameState


def position(*cards: str, year: int = 1801, season: str = "spring") -> GameState:
    """A small start of an American turn: three frigates in Gibraltar, corsairs in Tripoli."""
    s = bare_state(year, season)
    place(s, "gibraltar", "us_frigate", 3)
    place(s, "tripoli", "corsair", 5)
    place(s, "tripoli", "tripolitan_infantry", 4)
    give_hand(s, *cards)
    return s


def game_of(state: GameState) -> Game:
    return Game(state)


KEY_CHARACTERS = {"enter": "\r", "escape": "\x1b", "question_mark": "?", "ctrl+p": "\x10"}


def post_keys(app: App[object], *keys: str) -> None:
    """Keys queued at once, as a terminal delivers a burst (a fast typist, a paste, SSH): all
    posted before the first is handled. A key with no printable character (pagedown) carries
    none, or it would be typed as text."""
    for key in keys:
        app.post_message(events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None)))


async def press(pilot: Pilot, *keys: str) -> None:
    """Press keys one at a time, letting the screen settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def option_lines(options: OptionList, index: int) -> list[str]:
    """The lines option `index` of a list is drawn on, as far as they are in sight (highlight it
    first to scroll it into sight)."""
    return [strip.text.rstrip() for strip in map(options.render_line, range(options.size.height))
            if any(style is not None and style.meta.get("option") == index
                   for _, style, _ in strip)]


def pending_kind(game: Game) -> str:
    return game.pending.kind if game.pending else "over"


def on_map(app, location: str) -> tuple[int, int]:
    """Screen offset of a cell of the map showing `location`."""
    from tripoli_tui.tui.widgets.board import MapPanel

    board = app.screen.query_one(MapPanel)
    region = board.content_region
    for y in range(region.height):
        for x in range(region.width):
            if board.location_at(x, y) == location:
                return region.x + x, region.y + y
    raise AssertionError(f"{location} is not on the map")
