"""The Guns of Tripoli, the Tripolitan deck's battle card 26: its texts, the moment the rules offer
it, the T-bot's trigger, its effect."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...queries import Check, Fact
from ...state import GameState
from ..registry import (
    BATTLE,
    NAVAL_BATTLE,
    BattleUse,
    Bonus,
    Worth,
)
from . import active_card_name, define


def _tripoli_ships(state: GameState, harbor: str) -> bool:
    p = state.pieces[harbor]
    return harbor == "tripoli" and p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE] > 0


def _guns_of_tripoli(state: GameState) -> Check:
    event = state.us_active_event
    assault = event == "assault_on_tripoli"
    ships = q.red_ships_in_tripoli(state)
    in_season = state.year == 1806 or (state.year == 1805 and state.season != 3)
    return q.AllOf(
        Check(assault or in_season, (
            Fact("the American active event card",
                 f"{active_card_name(event)} (Assault on Tripoli: always play)"),
            Fact("date", state.when,
                 "Spring, Summer or Fall 1805, or 1806 (any season in the Assault on Tripoli)"))),
        q.OneFact(ships >= 1, "Tripolitan ships in the harbor of Tripoli", ships,
                  "at least 1 (TB-20, C-9)"))


CARD = define("the_guns_of_tripoli", "The Guns of Tripoli", BATTLE,
              "Battle: in a naval battle in the harbor of Tripoli, Tripoli rolls twelve extra dice "
              "(first round only in the Assault).",
              "Play in any attack on Tripoli in 1805 or 1806 except for the Winter of 1805 (unless "
              "the American active event card is Assault on Tripoli). Always play if the American "
              "active event card is Assault on Tripoli.",
              rulings="TB-16, TB-20, C-9", trigger=_guns_of_tripoli,
              when_played="play it (+12 dice in the first round)",
              battle=BattleUse(NAVAL_BATTLE, _tripoli_ships, Bonus(tripoli_dice=12)),
              worth=Worth(assault_enemy=4), number=26, line_place=6)
