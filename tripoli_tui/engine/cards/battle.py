"""The battle cards of both sides, each defined once, with the T-bot's trigger for its own.

The combat procedures offer a battle card when its printed trigger comes up (the card's
requirement says when); the T-bot then plays its own if the card's trigger holds (ruling TB-16).
"""

from __future__ import annotations

from .. import data as d
from .. import queries as q
from ..core import (
    Proc,
    end_game,
    hits,
    log,
    log_roll,
    place_from_supply,
    random_index,
    roll,
    to_supply,
)
from ..decisions import KEEP_DIE, Decision, DieFacts, KeepDie
from ..procedures.combat import american_ground_units
from ..queries import Check, Fact
from ..state import GameState
from ..words import agree
from . import tripolitan_common  # noqa: F401 (the common cards are defined before the battle cards)
from .american import define as define_american
from .late_war import in_reach, kept_for_the_assault, kept_for_the_treaty, spent_in_1806
from .registry import (
    BATTLE,
    CAPTURE_ROLL,
    GROUND_COMBAT,
    INTERCEPTED,
    INTERCEPTION,
    LANDING,
    MERCHANT_CAPTURED,
    NAVAL_BATTLE,
    RAID_DIE,
    RUNS_AGROUND,
    BattleUse,
    Bonus,
    Worth,
)
from .tripolitan import Chosen, TbotChoice, TbotStep, define

US, TR = d.US, d.TRIPOLITANIA

# --- American battle cards (offered by the combat procedures at their moment) --------------

def _marines_land(state: GameState, place: str) -> Proc[None]:
    n = place_from_supply(state, d.MARINE, "tripoli", 3)
    log(state, US, f"{d.pieces_name(d.MARINE, n)} land in Tripoli.")
    return
    yield


def _marines_in(state: GameState, city: str) -> bool:
    return state.pieces[city][d.MARINE] > 0


define_american("lieutenant_sterett_in_pursuit", "Lieutenant Sterett in Pursuit", BATTLE,
                "Battle: when you make an interception roll, each American frigate rolls three dice.",
                "An interception roll with an American frigate in the patrol zone.",
       battle=BattleUse(INTERCEPTION, bonus=Bonus(frigate_dice=1)),
       worth=Worth(130, spent_in_1806))  # played at the first interception: more corsairs sunk
       # in 1801, when most of Tripoli's gold is taken
PREBLE_SAVED = True
"""(Heuristic player) Preble's Boys Take Aim is kept for the Assault while the Assault may still
come."""


def _prebles_now(state: GameState) -> bool:
    saving = (PREBLE_SAVED and state.us_active_event != "assault_on_tripoli"
              and "assault_on_tripoli" not in state.us_removed)
    return not saving


define_american("prebles_boys_take_aim", "Preble's Boys Take Aim", BATTLE,
                "Battle: in a naval battle in a harbor, each American frigate rolls three dice "
                "(first round only in the Assault).",
                "A naval battle in a harbor.",
       battle=BattleUse(NAVAL_BATTLE, bonus=Bonus(frigate_dice=1)),
       worth=Worth(300, kept_for_the_assault(450), play_battle=_prebles_now))
def _decatur_kept(state: GameState) -> int | None:
    """(Heuristic player) Worth little with neither raid in hand or pile; kept for them in
    1805-1806 while the Treaty is in reach."""
    targets = in_reach(state, "burn_the_philadelphia") or in_reach(state, "launch_the_intrepid")
    return _decatur_for_the_treaty(state) if targets else 5


_decatur_for_the_treaty = kept_for_the_treaty(250)


define_american("the_daring_stephen_decatur", "The Daring Stephen Decatur", BATTLE,
                "Battle: with Burn the Philadelphia or Launch the Intrepid, roll two dice and keep "
                "the better.",
                "Burn the Philadelphia or Launch the Intrepid is your active event card.",
       battle=BattleUse(RAID_DIE, bonus=Bonus(american_dice=1)),
       worth=Worth(40, _decatur_kept))
define_american("send_in_the_marines", "Send in the Marines", BATTLE,
                "Battle: place three Marines from the supply in Tripoli to fight in the ground combat.",
                "Assault on Tripoli is your active event card.",
       battle=BattleUse(LANDING, effect=_marines_land),
       worth=Worth(420, kept_for_the_assault(800), assault_marines=3))
define_american("lieutenant_obannon_leads_the_charge", "Lieutenant O'Bannon Leads the Charge", BATTLE,
                "Battle: at the start of a ground combat, one Marine rolls three dice every round.",
                "A ground combat with a Marine in the American force.",
       battle=BattleUse(GROUND_COMBAT, _marines_in, Bonus(marine_dice=2)),
       worth=Worth(330, kept_for_the_assault(500)))
define_american("marine_sharpshooters", "Marine Sharpshooters", BATTLE,
                "Battle: for this ground combat, Marines hit on a 5 or 6.",
                "A ground combat with a Marine in the American force.",
       battle=BattleUse(GROUND_COMBAT, _marines_in, Bonus(marine_hit=5)),
       worth=Worth(330, kept_for_the_assault(500)))

# --- the T-bot's battle cards --------------------------------------------------------------

def _from_tripoli(state: GameState, harbor: str) -> bool:
    return harbor == "tripoli"


def _happy_hunting_stands(state: GameState, harbor: str, raiders: int) -> list[tuple[str, str]]:
    if harbor != "tripoli" or raiders == 0:
        return [("mid_turn.raid", "Happy Hunting is offered in a raid from Tripoli with "
                 "a corsair past the interception roll in its harbor")]
    return []


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


def _arabs_face_infantry(state: GameState, city: str) -> bool:
    p = state.pieces[city]
    return p[d.ARAB_INFANTRY] > 0 and p[d.TRIPOLITAN_INFANTRY] > 0


def _desert(state: GameState, city: str) -> Proc[None]:
    dice = roll(state, state.pieces[city][d.ARAB_INFANTRY])
    n = hits(dice)
    log_roll(state, TR, "Mercenaries Desert", dice,
             f"{n} Arab infantry {agree(n, 'deserts', 'desert')}")
    to_supply(state, d.ARAB_INFANTRY, city, n)
    if american_ground_units(state, city) == 0:
        end_game(state, TR, "hamets_army_eliminated",
                 "Hamet's Army has melted away: Tripolitania wins.")
    return
    yield


def _american_hand(state: GameState, harbor: str) -> bool:
    return bool(state.us_hand)


def _books_stand(state: GameState, harbor: str, raiders: int) -> list[tuple[str, str]]:
    problems = []
    zone = d.ZONE_OF[harbor]
    if not state.pieces[zone][d.US_FRIGATE]:
        problems.append(("mid_turn.raid", f"US Signal Books Overboard is offered after an "
                         f"American frigate's interception roll: none is in the "
                         f"{d.place_name(zone)}"))
    if not state.us_hand:
        problems.append(("cards.us_hand", "US Signal Books Overboard is offered only when "
                         "the American hand holds a card"))
    return problems


def _books_overboard(state: GameState, harbor: str) -> Proc[None]:
    card = state.us_hand.pop(random_index(state, len(state.us_hand)))
    state.us_discard.append(card)
    log(state, TR, f"US Signal Books Overboard: {d.card_name(card)} is discarded from "
        "the American hand.")
    return
    yield


def _tripoli_ships(state: GameState, harbor: str) -> bool:
    p = state.pieces[harbor]
    return harbor == "tripoli" and p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE] > 0


def _offered(why: str) -> Fact:
    """The fact every battle card played at a printed moment starts from: that moment is now."""
    return Fact("the card's printed moment", f"now ({why})")


def active_card_name(card: str) -> str:
    """An active event card's printed name, 'none' when there is none."""
    return d.card_name(card) if card else "none"


def _happy_hunting(state: GameState) -> Check:
    left = state.pieces["tripoli"][d.CORSAIR]
    return Check(left >= 1, (
        _offered("a pirate raid from Tripoli, TB-17"),
        Fact("Tripolitan corsairs past interception in the harbor of Tripoli", str(left),
             "at least 1"),
        Fact("first such raid", "Happy Hunting is still in the battle card line")))


define("happy_hunting", "Happy Hunting", BATTLE,
       "Battle: in a pirate raid from Tripoli, roll three extra capture dice.",
       "Play on the first Tripolitan Pirate Raid.",
       rulings="TB-16, TB-17 (first raid from Tripoli with a "
       "corsair past interception)", trigger=_happy_hunting,
       when_played="play it (+3 capture dice)",
       battle=BattleUse(CAPTURE_ROLL, _from_tripoli, Bonus(tripoli_dice=3),
                        position_problems=_happy_hunting_stands))


def _merchant_ship(state: GameState) -> Check:
    supply = q.red_corsairs_in_supply(state)
    return Check(supply >= 1, (
        _offered("the raid captured a merchant ship, TB-18"),
        Fact("Tripolitan corsairs in the supply", str(supply), "at least 1")))


define("merchant_ship_converted", "Merchant Ship Converted", BATTLE,
       "Battle: after a raid captures a merchant ship, a Tripolitan corsair from the supply "
       "joins the harbor of Tripoli.",
       "Play on the first successful Tripolitan Pirate Raid.",
       rulings="TB-16, TB-18 (any harbor, a corsair in the "
       "supply)", trigger=_merchant_ship,
       when_played="play it (+1 corsair in Tripoli)",
       battle=BattleUse(MERCHANT_CAPTURED, _corsair_in_supply, effect=_converted,
                        position_problems=_merchant_stands))


def _keep_die(state: GameState, pending: Decision) -> Chosen:
    """Ruling TB-22: keep the higher die."""
    values = [o.value for o in pending.options if isinstance(o, KeepDie)]
    dice = pending.info.dice if isinstance(pending.info, DieFacts) else values
    best = max(values)
    return Chosen(KeepDie(best), (f"dice rolled: {' and '.join(str(v) for v in dice)}",),
                  f"keep the {best}", f"Uncharted Waters: the T-bot keeps the {best}.")


UNCHARTED_DIE = TbotChoice(TbotStep(
    "U-die", "Uncharted Waters: which die", "Roll two dice and choose the preferred result.",
    "Uncharted Waters card; ruling TB-22 (the higher die)", KEEP_DIE, "keep the higher die",
    "which die"), _keep_die)


def _uncharted_waters(state: GameState) -> Check:
    event = state.tbot_active_event
    return Check(event == "the_philadelphia_runs_aground", (
        Fact("the T-bot's active event card", active_card_name(event), "The Philadelphia Runs Aground"),))


define("uncharted_waters", "Uncharted Waters", BATTLE,
       "Battle: for The Philadelphia Runs Aground, roll two dice and keep the better.",
       "Play if The Philadelphia Runs Aground is the T-bot's active event card.",
       rulings="TB-16, TB-22", trigger=_uncharted_waters, choice=UNCHARTED_DIE,
       when_played="play it (roll two dice, keep the higher)",
       battle=BattleUse(RUNS_AGROUND, bonus=Bonus(tripoli_dice=1)))


def ground_battle_city(state: GameState) -> str:
    """The city where Hamet's Army and Tripolitan infantry meet ('' for none)."""
    for city in d.TRIPOLITAN_CITIES:
        p = state.pieces[city]
        if (p[d.ARAB_INFANTRY] or p[d.MARINE]) and p[d.TRIPOLITAN_INFANTRY]:
            return city
    return ""


def _mercenaries_desert(state: GameState) -> Check:
    event = state.us_active_event
    city = ground_battle_city(state)
    arabs = state.pieces[city][d.ARAB_INFANTRY] if city else 0
    return q.AllOf(
        q.OneFact(event == "general_eaton_attacks_derne", "the American active event card",
                  active_card_name(event), "General Eaton Attacks Derne (TB-21, A-11)"),
        q.OneFact(city == "derne", "ground combat in", d.place_name(city) if city else "none",
                  "Derne"),
        q.OneFact(arabs >= 1, "Arab infantry in the battle", arabs, "at least 1"))


define("mercenaries_desert", "Mercenaries Desert", BATTLE,
       "Battle: at the start of a ground combat, roll a die per Arab infantry; each 6 sends one "
       "back to the supply.",
       "Play if General Eaton Attacks Derne is the American active event card.",
       rulings="TB-16, TB-21, A-11", trigger=_mercenaries_desert,
       when_played="play it (a die per Arab infantry, each 6 deserts)",
       battle=BattleUse(GROUND_COMBAT, _arabs_face_infantry, effect=_desert))


def _signal_books(state: GameState) -> Check:
    hand = len(state.us_hand)
    return q.AllOf(
        Check(True, (_offered("an American frigate made the interception roll, TB-19"),)),
        q.OneFact(state.year >= 1805, "year", state.year, "1805 or 1806"),
        q.OneFact(hand >= 1, "cards in the American hand", hand, "at least 1"))


define("us_signal_books_overboard", "US Signal Books Overboard", BATTLE,
       "Battle: after an interception roll by American frigates, a random card from the "
       "American hand goes to the discard pile.",
       "Play on the first Tripolitan Pirate Raid in 1805 or 1806.",
       rulings="TB-16, TB-19", trigger=_signal_books,
       when_played="play it (a random American card is discarded)",
       battle=BattleUse(INTERCEPTED, _american_hand, effect=_books_overboard,
                        position_problems=_books_stand))


def _guns_of_tripoli(state: GameState) -> Check:
    event = state.us_active_event
    assault = event == "assault_on_tripoli"
    ships = q.red_ships_in_tripoli(state)
    in_season = state.year == 1806 or (state.year == 1805 and state.season != 3)
    return q.AllOf(
        Check(assault or in_season, (
            Fact("the American active event card",
                 f"{active_card_name(event)} (Assault on Tripoli: always play)"),
            Fact("date", state.when, "Spring, Summer or Fall 1805, or 1806, unless the Assault"))),
        q.OneFact(ships >= 1, "Tripolitan ships in the harbor of Tripoli", ships,
                  "at least 1 (TB-20, C-9)"))


define("the_guns_of_tripoli", "The Guns of Tripoli", BATTLE,
       "Battle: in a naval battle in the harbor of Tripoli, Tripoli rolls twelve extra dice "
       "(first round only in the Assault).",
       "Play in any attack on Tripoli in 1805 or 1806 except for the Winter of 1805 (unless "
       "the American active event card is Assault on Tripoli). Always play if the American "
       "active event card is Assault on Tripoli.",
       rulings="TB-16, TB-20, C-9", trigger=_guns_of_tripoli,
       when_played="play it (+12 dice in the first round)",
       battle=BattleUse(NAVAL_BATTLE, _tripoli_ships, Bonus(tripoli_dice=12)),
       worth=Worth(assault_enemy=4))
