"""The whole board of a position, for tests that assert an exact result.

`board(state)` lists every location outside the two supplies that holds a piece. The supplies
follow from it (every piece is somewhere and the totals never change: check_invariants), so a test
that compares `board` compares the whole position of the pieces.
"""

from __future__ import annotations

from tests.engine.positions import pieces_at
from tripoli_tui.engine import data as d
from tripoli_tui.engine.state import GameState

SUPPLIES = (d.US_SUPPLY, d.TRIPOLITAN_SUPPLY)


def board(state: GameState) -> dict[str, dict[str, int]]:
    """Every non-empty location outside the supplies, with its non-zero piece counts."""
    return {loc: pieces_at(state, loc) for loc in d.ALL_LOCATIONS
            if loc not in SUPPLIES and pieces_at(state, loc)}
