"""The Daring Stephen Decatur, the American deck's battle card 24: its texts, the moment the rules
offer it, its effect and the heuristic player's worth."""

from __future__ import annotations

from ...state import GameState
from ..late_war import in_reach, kept_for_the_treaty
from ..registry import BATTLE, RAID_DIE, BattleUse, Bonus, Worth
from . import define


def _decatur_kept(state: GameState) -> int | None:
    """(Heuristic player) Worth little with neither raid in hand or pile; kept for them in
    1805-1806 while the Treaty is in reach."""
    targets = in_reach(state, "burn_the_philadelphia") or in_reach(state, "launch_the_intrepid")
    return _decatur_for_the_treaty(state) if targets else 5


_decatur_for_the_treaty = kept_for_the_treaty(250)


CARD = define("the_daring_stephen_decatur", "The Daring Stephen Decatur", BATTLE,
              "Battle: with Burn the Philadelphia or Launch the Intrepid, roll two dice and keep "
              "the better.",
              "Burn the Philadelphia or Launch the Intrepid is your active event card.",
              battle=BattleUse(RAID_DIE, bonus=Bonus(american_dice=1)),
              worth=Worth(40, _decatur_kept), number=24)
