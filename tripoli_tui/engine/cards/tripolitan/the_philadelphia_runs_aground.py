"""The Philadelphia Runs Aground, the Tripolitan deck's unique card 18: its texts, the T-bot's
condition and instruction, effect."""

from __future__ import annotations

from ... import data as d
from ... import queries as q
from ...core import (
    Proc,
    ask,
    log,
    log_roll,
    move,
    place_from_supply,
    roll,
    sink_us_frigate,
)
from ...decisions import KEEP_DIE, KeepDie
from ...mechanics.battle_cards import offer_battle_cards
from ...state import GameState
from ..registry import QUEUE, RUNS_AGROUND, UNIQUE, US
from . import TR, define

_philadelphia_condition = q.at_least_one("American frigates in the Tripoli patrol zone",
                                           lambda s: q.us_frigates_in(s, "tripoli_patrol_zone"))


def _philadelphia(state: GameState) -> Proc[None]:
    zone = "tripoli_patrol_zone"
    if not state.pieces[zone][d.US_FRIGATE]:
        log(state, TR, "No American frigate in the Tripoli patrol zone: nothing happens.")
        return
    played = yield from offer_battle_cards(
        state, RUNS_AGROUND, "The Philadelphia Runs Aground is the active event card.")
    dice = yield from roll(state, 1 + played.tripoli_dice, TR, "The Philadelphia Runs Aground")
    value = dice[0]
    if played.cards:
        card = played.cards[0]
        choice = yield from ask(TR, KEEP_DIE, f"{card.name}: keep which die of "
                                f"{dice[0]} and {dice[1]}?",
                                [KeepDie(v) for v in dict.fromkeys(dice)], auto=True,
                                card=card.id, dice=dice)
        assert isinstance(choice, KeepDie)
        value = choice.value
    log_roll(state, TR, "The Philadelphia Runs Aground", dice, f"{value} is used")
    if value <= 2:
        move(state, d.US_FRIGATE, zone, "malta")
        log(state, US, "The frigate is refloated and returns to Malta.")
    else:
        sink_us_frigate(state, zone)
        if value >= 5:
            n = place_from_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli", 1)
            log(state, TR, "The Philadelphia is taken into Tripoli's navy." if n
                else "No Tripolitan frigate is left in the supply to add.")


CARD = define("the_philadelphia_runs_aground", "The Philadelphia Runs Aground", UNIQUE,
              "Roll a die for an American frigate in the Tripoli patrol zone. 1-2: it returns to "
              "Malta. 3-4: it is sunk. 5-6: it is sunk and a Tripolitan frigate joins Tripoli.",
              "If there is a frigate in the naval patrol zone of Tripoli, play immediately. "
              "Otherwise, add to the end of the event card line and draw another card.",
              condition=_philadelphia_condition, effect=_philadelphia, instruction=QUEUE,
              rulings="E-5, G-4 (American frigates only), TB-2", number=18)
