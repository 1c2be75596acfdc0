"""Five Corsair Check, the Tripolitan deck's solitaire-only card 29: its texts, the T-bot's
condition and instruction, effect."""

from __future__ import annotations

from functools import cache

from ... import data as d
from ... import queries as q
from ...queries import Check
from ...state import GameState
from ..registry import SOLITAIRE
from . import define


def five_corsair_check(state: GameState) -> Check:
    """The Five Corsair Check, made when no event card line card can be played."""
    return _five_corsair_check(state.pieces["tripoli"][d.CORSAIR])


@cache
def _five_corsair_check(n: int) -> Check:
    return q.OneFact(n >= 5, "corsairs in the harbor of Tripoli", n, "at least 5")


CARD = define("five_corsair_check", "Five Corsair Check", SOLITAIRE,
              "If five or more corsairs are in the harbor of Tripoli, raid from Tripoli without "
              "discarding.", "Checked when no event card line card can be played.", number=29)
