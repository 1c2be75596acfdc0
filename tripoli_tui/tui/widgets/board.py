"""The map: the Mediterranean west to east with every harbor, patrol zone and piece on it.

Two drawings, chosen by the room there is: the compact map for small terminals (compact_map.py)
and from 100x32 the drawn map (drawn_map.py). Either is drawn once per change into cached strips;
`location_at` answers clicks. Words drawn on the sea sit on a plate of their own: the sea and the
zones are a map's blue (grey and cyan in 16 colours), not backgrounds for text.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget

from tripoli_tui.engine.state import GameState

from .canvas import Canvas
from .compact_map import draw_compact
from .drawn_map import DrawnMap
from .map_ink import MapInk

clock = time.monotonic
"""The time now, in seconds (a test's clock in tests of the moment a change stays lit)."""

FULL_MAP_SIZE = (100, 32)
"""From this terminal size on (width, height) the map is drawn; below it, the compact strip."""


class MapPanel(Widget):
    """Renders the board from a GameState; lights for a moment the places where something just
    happened (with animations off, TEXTUAL_ANIMATIONS=none, they stay lit until the next change:
    nothing on the map changes of itself)."""

    LIT_FOR = 1.5
    """Seconds the places a change touched stay lit."""

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
        """The places lit now (the last change's, for a moment)."""
        self.asked: frozenset[str] = frozenset()
        self._canvas: Canvas | None = None
        self._strips: list[Strip] = []
        self._drawn_for: tuple[object, ...] = ()
        self._styles: dict[str, Style] = {}
        self._seen: tuple[object, ...] = ()
        self._lit_for: tuple[frozenset[str], tuple[object, ...]] = (frozenset(), ())
        """The change (its places and the pieces after it) last lit: lit once, not at each redraw."""
        self._unlight: Timer | None = None
        self._lit_until = 0.0
        self.drawn_map = DrawnMap()
        """The drawn map, with what it keeps between states."""

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
        """Draw `state`, lighting `changed` places for a moment (they just changed) and marking
        `asked` ones (a decision)."""
        pieces = tuple(tuple(c.values()) for c in state.pieces.values())
        if (changed, pieces) != self._lit_for:  # a new change: lit, and unlit in a moment
            self._lit_for = (changed, pieces)
            if self._unlight is not None:
                self._unlight.stop()
                self._unlight = None
            if changed and self.is_mounted and self.app.animation_level != "none":
                self._lit_until = clock() + self.LIT_FOR
                self._unlight = self.set_timer(self.LIT_FOR, self.unlight)
        else:  # the same change drawn again (another part of the screen changed): lit as it was
            changed = self.changed
        self._show(state, pieces, changed, asked)

    def unlight(self) -> None:
        """The moment is over: the places that changed are drawn as the others (the timer is set
        again if the clock says it is not over yet)."""
        if (left := self._lit_until - clock()) > 0:
            self._unlight = self.set_timer(max(left, 0.02), self.unlight)
            return
        self._unlight = None
        if self.state is not None:
            self._show(self.state, self._lit_for[1], frozenset(), self.asked)

    def _show(self, state: GameState, pieces: tuple[object, ...], changed: frozenset[str],
              asked: frozenset[str]) -> None:
        seen = (pieces, state.year,
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
        """Rows of the drawn map: a little over half the terminal, and in a tall one all but the
        28 rows the cards, the hand with a card's text and the log need (at 200x60 a third of
        the screen stood empty under the hand)."""
        height = self.app.size.height
        return max(12, int(height * 0.55) - 2, height - 28)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._draw(width)
        return len(self._strips)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.forget_drawings()

    def forget_drawings(self) -> None:
        """Draw everything afresh next time (a new theme: its colours)."""
        self._styles = {}
        self._drawn_for = ()
        self.drawn_map = DrawnMap()

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
        ink = self.ink()
        canvas = self.drawn_map.draw(ink, width, self.full_height()) if full else draw_compact(
            ink, width)
        self._canvas = canvas
        self._strips = canvas.strips()

    def style(self, name: str) -> Style:
        """The style of a component class (map--NAME), read from the CSS once per theme."""
        if not self._styles:
            self._styles = {c: self.get_component_rich_style(c, partial=True)
                            for c in self.COMPONENT_CLASSES}
        return self._styles["map--" + name]

    def ink(self) -> MapInk:
        """What the map is drawn with now."""
        assert self.state is not None
        return MapInk(self.state, self.changed, self.asked, self.style)

    def tokens(self, location: str) -> list[Text]:
        """The non-empty piece counts at a place, in map order, in their side's colour."""
        return self.ink().tokens(location)
