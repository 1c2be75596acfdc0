"""Send in the Marines, the American deck's battle card 25: its texts, the moment the rules offer
it, its effect and the heuristic player's worth."""

from __future__ import annotations

from ... import data as d
from ...core import Proc, log, place_from_supply
from ...state import GameState
from ..late_war import kept_for_the_assault
from ..registry import BATTLE, LANDING, US, BattleUse, Worth
from . import define


def _marines_land(state: GameState, place: str) -> Proc[None]:
    n = place_from_supply(state, d.MARINE, "tripoli", 3)
    log(state, US, f"{d.pieces_name(d.MARINE, n)} land in Tripoli.")
    return
    yield


CARD = define("send_in_the_marines", "Send in the Marines", BATTLE,
              "Battle: place three Marines from the supply in Tripoli to fight in the ground combat.",
              "Assault on Tripoli is your active event card.",
              battle=BattleUse(LANDING, effect=_marines_land),
              worth=Worth(420, kept_for_the_assault(800), assault_marines=3), number=25)
