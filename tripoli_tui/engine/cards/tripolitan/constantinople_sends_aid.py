"""Constantinople Sends Aid, the Tripolitan deck's core card 3: its texts, the T-bot's condition
and instruction, effect."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import log, no_decision, place_from_supply
from ...state import GameState
from ..registry import CORE, PLAY
from . import TR, define, short


def _sends_aid(state: GameState) -> None:
    f = place_from_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli", 1)
    c = place_from_supply(state, d.CORSAIR, "tripoli", 2)
    i = place_from_supply(state, d.TRIPOLITAN_INFANTRY, "tripoli", 2)
    log(state, TR, f"Constantinople sends {d.pieces_name(d.TRIPOLITAN_FRIGATE, f)}, "
        f"{d.pieces_name(d.CORSAIR, c)} and {d.pieces_name(d.TRIPOLITAN_INFANTRY, i)} to Tripoli"
        f"{short(f + c + i, 5, 'E-1')}.")


CARD = define("constantinople_sends_aid", "Constantinople Sends Aid", CORE,
              "One Tripolitan frigate and two corsairs to the harbor of Tripoli, two infantry to the "
              "city of Tripoli, all from the supply.",
              "Play if Derne has been captured by Hamet's Army.",
              "Hamet's Army has captured Derne.",
              condition=q.derne_captured,
              effect=no_decision(_sends_aid), instruction=PLAY,
              rulings="E-1, G-5 (capture is permanent)", line_place=2, number=3)
