"""The Tripolitan unique and solitaire-only cards, each defined once (see `cards.tripolitan`)."""

from __future__ import annotations

from functools import cache

from .. import data as d
from .. import queries as q
from ..core import (
    Proc,
    ask,
    gain_gold,
    log,
    log_later,
    log_roll,
    move,
    no_decision,
    place_from_supply,
    roll,
    sink_us_frigate,
)
from ..decisions import KEEP_DIE, KeepDie
from ..procedures.battle_cards import offer_battle_cards
from ..procedures.combat import harbor_battle
from ..queries import Check
from ..state import GameState
from ..words import agree
from .registry import ALWAYS, PLAY, QUEUE, RUNS_AGROUND, SOLITAIRE, UNIQUE
from .tripolitan import TR, US, Effect, define, play_immediately, short
from .tripolitan_common import STORMS_CHOICE, STORMS_LINE, storms, storms_condition


def _sweden_condition(s: GameState) -> Check:
    return _sweden_check(s.year, s.pieces["tripoli_patrol_zone"][d.SWEDISH_FRIGATE])


@cache
def _sweden_check(year: int, swedes: int) -> Check:
    return q.AllOf(q.OneFact(year >= 1803, "year", year, "1803 or later (ruling TB-4)"),
                   q.OneFact(swedes >= 1, "Swedish frigates in the Tripoli patrol zone", swedes,
                             "at least 1"))


def _sweden(state: GameState) -> None:
    n = move(state, d.SWEDISH_FRIGATE, "tripoli_patrol_zone", d.US_SUPPLY, 2)
    log(state, TR, f"Sweden pays tribute: {d.pieces_name(d.SWEDISH_FRIGATE, n)} "
        f"{agree(n, 'leaves', 'leave')}.")
    gain_gold(state, 2, "Sweden Pays Tribute")


define("sweden_pays_tribute", "Sweden Pays Tribute", UNIQUE,
       "The Swedish frigates return to the supply, and Tripoli gains two gold.",
       "Play if it is 1803.",
       "1803 or later, and Swedish frigates in the Tripoli patrol zone.",
       condition=_sweden_condition, effect=no_decision(_sweden), instruction=PLAY,
       rulings="TB-4 (1803 or later, and Swedish frigates in the Tripoli patrol zone)",
       line_place=4)


def _acquires_condition(s: GameState) -> Check:
    return _acquires_check(q.red_corsairs_in_supply(s))


@cache
def _acquires_check(n: int) -> Check:
    return q.OneFact(n >= 2, "Tripolitan corsairs in the supply", n, "at least 2")


def _acquires(state: GameState) -> None:
    n = place_from_supply(state, d.CORSAIR, "tripoli", 2)
    log(state, TR, f"Tripoli acquires {d.pieces_name(d.CORSAIR, n)}{short(n, 2)}.")


define("tripoli_acquires_corsairs", "Tripoli Acquires Corsairs", UNIQUE,
       "Two Tripolitan corsairs from the supply to the harbor of Tripoli.",
       "If there are at least two Tripolitan corsairs available in the Supply, play "
       "immediately. Otherwise, add to the end of the event card line and draw another card.",
       condition=_acquires_condition, effect=no_decision(_acquires), instruction=QUEUE,
       rulings="TB-6, TB-2, G-1")


_philadelphia_condition = q.at_least_one("American frigates in the Tripoli patrol zone",
                                           lambda s: q.us_frigates_in(s, "tripoli_patrol_zone"))


def _philadelphia(state: GameState) -> Proc[None]:
    zone = "tripoli_patrol_zone"
    if not state.pieces[zone][d.US_FRIGATE]:
        log(state, TR, "No American frigate in the Tripoli patrol zone: nothing happens.")
        return
    played = yield from offer_battle_cards(
        state, RUNS_AGROUND, "The Philadelphia Runs Aground is the active event card.")
    dice = roll(state, 1 + played.tripoli_dice)
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


define("the_philadelphia_runs_aground", "The Philadelphia Runs Aground", UNIQUE,
       "Roll a die for an American frigate in the Tripoli patrol zone. 1-2: it returns to "
       "Malta. 3-4: it is sunk. 5-6: it is sunk and a Tripolitan frigate joins Tripoli.",
       "If there is a frigate in the naval patrol zone of Tripoli, play immediately. "
       "Otherwise, add to the end of the event card line and draw another card.",
       condition=_philadelphia_condition, effect=_philadelphia, instruction=QUEUE,
       rulings="E-5, G-4 (American frigates only), TB-2")


def _declares_war_text(harbor: str, n: int) -> str:
    return (f"{d.ALLY_NAME[harbor]} declares war: {d.pieces_name(d.ALLIED_CORSAIR, n)} "
            f"in {d.place_name(harbor)}{short(n, 3)}.")


def _declares_war(harbor: str) -> Effect:
    def effect(state: GameState) -> Proc[None]:
        n = place_from_supply(state, d.ALLIED_CORSAIR, harbor, 3)
        log_later(state, TR, _declares_war_text, (harbor, n))
        if state.pieces[harbor][d.US_FRIGATE] and state.pieces[harbor][d.ALLIED_CORSAIR]:
            yield from harbor_battle(state, harbor, active=TR)
    return effect


_DECLARES_WAR_LINE = "Algiers/Morocco/Tunis Declare War: Play immediately."
define("algiers_declares_war", "Algiers Declares War", UNIQUE,
       "Three allied corsairs to the harbor of Algiers; a battle follows if American frigates "
       "are there.", _DECLARES_WAR_LINE,
       condition=play_immediately, effect=_declares_war("algiers"), instruction=ALWAYS,
       rulings="S-4, G-1")
define("morocco_declares_war", "Morocco Declares War", UNIQUE,
       "Three allied corsairs to the harbor of Tangier; a battle follows if American frigates "
       "are there.", _DECLARES_WAR_LINE,
       condition=play_immediately, effect=_declares_war("tangier"), instruction=ALWAYS,
       rulings="S-4, G-1")
define("tunis_declares_war", "Tunis Declares War", UNIQUE,
       "Three allied corsairs to the harbor of Tunis; a battle follows if American frigates "
       "are there.", _DECLARES_WAR_LINE,
       condition=play_immediately, effect=_declares_war("tunis"), instruction=ALWAYS,
       rulings="S-4, G-1")


# --- solitaire-only cards -----------------------------------------------------------------

define("second_storms", "Second Storms", SOLITAIRE,
       "As Storms: choose a patrol zone with American frigates; roll a die for each. The first "
       "6 sinks a frigate; each other 6 damages one.",
       STORMS_LINE,
       condition=storms_condition, effect=storms, instruction=QUEUE,
       rulings="TB-13, E-2, TB-2", choice=STORMS_CHOICE)


def five_corsair_check(state: GameState) -> Check:
    """The Five Corsair Check, made when no event card line card can be played."""
    return _five_corsair_check(state.pieces["tripoli"][d.CORSAIR])


@cache
def _five_corsair_check(n: int) -> Check:
    return q.OneFact(n >= 5, "corsairs in the harbor of Tripoli", n, "at least 5")


define("five_corsair_check", "Five Corsair Check", SOLITAIRE,
       "If five or more corsairs are in the harbor of Tripoli, raid from Tripoli without "
       "discarding.", "Checked when no event card line card can be played.")
define("raid_or_build", "Raid or Build", SOLITAIRE,
       "Raid from a harbor (Algiers, Tangier, Tunis, Tripoli) with at least three corsairs and "
       "more corsairs than frigates in its patrol zone; otherwise build a corsair in Tripoli.",
       "Performed when a drawn card says so or the draw pile is empty.")
