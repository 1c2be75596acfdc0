"""Merchant Ship Converted, the Tripolitan deck's battle card 24: its texts, the moment the rules
offer it, the T-bot's trigger, its effect."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import Proc, log, place_from_supply
from ...queries import Check, Fact
from ...state import GameState
from ..registry import (
    BATTLE,
    MERCHANT_CAPTURED,
    BattleUse,
)
from . import TR, define, offered


def _corsair_in_supply(state: GameState, place: str) -> bool:
    return q.red_corsairs_in_supply(state) > 0


def _merchant_stands(state: GameState, harbor: str, raiders: int) -> list[tuple[str, str]]:
    if not q.red_corsairs_in_supply(state):
        return [("mid_turn.card", "Merchant Ship Converted is offered only with a "
                 "Tripolitan corsair in the supply")]
    return []


def _converted(state: GameState, place: str) -> Proc[None]:
    place_from_supply(state, d.CORSAIR, "tripoli", 1)
    log(state, TR, "A converted merchant ship joins Tripoli's corsairs.")
    return
    yield


def _merchant_ship(state: GameState) -> Check:
    supply = q.red_corsairs_in_supply(state)
    return Check(supply >= 1, (
        offered("the raid captured a merchant ship, TB-18"),
        Fact("Tripolitan corsairs in the supply", str(supply), "at least 1")))


CARD = define("merchant_ship_converted", "Merchant Ship Converted", BATTLE,
              "Battle: after a raid captures a merchant ship, a Tripolitan corsair from the supply "
              "joins the harbor of Tripoli.",
              "Play on the first successful Tripolitan Pirate Raid.",
              rulings="TB-16, TB-18 (any harbor, a corsair in the "
              "supply)", trigger=_merchant_ship,
              when_played="play it (+1 corsair in Tripoli)",
              battle=BattleUse(MERCHANT_CAPTURED, _corsair_in_supply, effect=_converted,
                               position_problems=_merchant_stands), number=24, line_place=2)
