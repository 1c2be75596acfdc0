"""Happy Hunting, the Tripolitan deck's battle card 25: its texts, the moment the rules offer it,
the T-bot's trigger, its effect."""

from __future__ import annotations

from ... import data as d
from ...queries import Check, Fact
from ...state import GameState
from ..registry import (
    BATTLE,
    CAPTURE_ROLL,
    BattleUse,
    Bonus,
)
from . import define, offered


def _from_tripoli(state: GameState, harbor: str) -> bool:
    return harbor == "tripoli"


def _happy_hunting_stands(state: GameState, harbor: str, raiders: int) -> list[tuple[str, str]]:
    if harbor != "tripoli" or raiders == 0:
        return [("mid_turn.raid", "Happy Hunting is offered in a raid from Tripoli with "
                 "a corsair past the interception roll in its harbor")]
    return []


def _happy_hunting(state: GameState) -> Check:
    left = state.pieces["tripoli"][d.CORSAIR]
    return Check(left >= 1, (
        offered("a pirate raid from Tripoli, TB-17"),
        Fact("Tripolitan corsairs past interception in the harbor of Tripoli", str(left),
             "at least 1"),
        Fact("first such raid", "Happy Hunting is still in the battle card line")))


CARD = define("happy_hunting", "Happy Hunting", BATTLE,
              "Battle: in a pirate raid from Tripoli, roll three extra capture dice.",
              "Play on the first Tripolitan Pirate Raid.",
              rulings="TB-16, TB-17 (first raid from Tripoli with a "
              "corsair past interception)", trigger=_happy_hunting,
              when_played="play it (+3 capture dice)",
              battle=BattleUse(CAPTURE_ROLL, _from_tripoli, Bonus(tripoli_dice=3),
                               position_problems=_happy_hunting_stands), number=25, line_place=1)
