"""The battle cards of both sides, each defined once, with the T-bot's trigger for its own.

The combat procedures offer a battle card when its printed trigger comes up (the card's
requirement says when); the T-bot then plays its own if the card's trigger holds (ruling R13).
"""

from __future__ import annotations

from .. import data as d
from .. import queries as q
from ..state import GameState
from .american import define as define_american
from .registry import BATTLE
from .tripolitan import define

# --- American battle cards (offered by the combat procedures at their trigger) --------------

define_american("lieutenant_sterett_in_pursuit", "Lieutenant Sterett in Pursuit", BATTLE,
                "Battle: when you make an interception roll, each American frigate rolls three dice.",
                "An interception roll with an American frigate in the patrol zone.")
define_american("prebles_boys_take_aim", "Preble's Boys Take Aim", BATTLE,
                "Battle: in a naval battle in a harbor, each American frigate rolls three dice "
                "(first round only in the Assault).",
                "A naval battle in a harbor.")
define_american("the_daring_stephen_decatur", "The Daring Stephen Decatur", BATTLE,
                "Battle: with Burn the Philadelphia or Launch the Intrepid, roll two dice and keep "
                "the better.",
                "Burn the Philadelphia or Launch the Intrepid is your active event card.")
define_american("send_in_the_marines", "Send in the Marines", BATTLE,
                "Battle: place three Marines from the supply in Tripoli to fight in the ground combat.",
                "Assault on Tripoli is your active event card.")
define_american("lieutenant_obannon_leads_the_charge", "Lieutenant O'Bannon Leads the Charge", BATTLE,
                "Battle: at the start of a ground combat, one Marine rolls three dice every round.",
                "A ground combat with a Marine in the American force.")
define_american("marine_sharpshooters", "Marine Sharpshooters", BATTLE,
                "Battle: for this ground combat, Marines hit on a 5 or 6.",
                "A ground combat with a Marine in the American force.")

# --- the T-bot's battle cards --------------------------------------------------------------

OFFERED = "the engine offers it: the card's printed condition holds now"


def _active(card: str) -> str:
    return d.card_name(card) if card else "none"


def _happy_hunting(state: GameState) -> tuple[list[str], bool]:
    left = state.pieces["tripoli"][d.CORSAIR]
    return ([f"{OFFERED} (a pirate raid from Tripoli, R14)",
             f"Tripolitan corsairs past interception in the harbor of Tripoli: {left}, "
             "needed at least 1",
             "first such raid: Happy Hunting is still in the battle card line"], left >= 1)


define("happy_hunting", "Happy Hunting", BATTLE,
       "Battle: in a pirate raid from Tripoli, roll three extra capture dice.",
       "Play on the first Tripolitan Pirate Raid.",
       rulings="T-bot battle cards; rules digest e.4; R13, R14 (first raid from Tripoli with a "
       "corsair past interception)", trigger=_happy_hunting)


def _merchant_ship(state: GameState) -> tuple[list[str], bool]:
    supply = q.red_corsairs_in_supply(state)
    return ([f"{OFFERED} (the raid captured a merchant ship, R15)",
             f"Tripolitan corsairs in the supply: {supply}, needed at least 1"], supply >= 1)


define("merchant_ship_converted", "Merchant Ship Converted", BATTLE,
       "Battle: after a raid captures a merchant ship, a Tripolitan corsair from the supply "
       "joins the harbor of Tripoli.",
       "Play on the first successful Tripolitan Pirate Raid.",
       rulings="T-bot battle cards; rules digest e.4; R13, R15 (any harbor, a corsair in the "
       "supply)", trigger=_merchant_ship)


def _uncharted_waters(state: GameState) -> tuple[list[str], bool]:
    event = state.tbot_active_event
    return ([f"the T-bot's active event card: {_active(event)}, needed The Philadelphia Runs "
             "Aground"], event == "the_philadelphia_runs_aground")


define("uncharted_waters", "Uncharted Waters", BATTLE,
       "Battle: for The Philadelphia Runs Aground, roll two dice and keep the better.",
       "Play if The Philadelphia Runs Aground is the T-bot's active event card.",
       rulings="T-bot battle cards; rules digest e.4; R13, R19", trigger=_uncharted_waters)


def ground_battle_city(state: GameState) -> str:
    """The city where Hamet's Army and Tripolitan infantry meet ('' for none)."""
    for city in d.TRIPOLITAN_CITIES:
        p = state.pieces[city]
        if (p[d.ARAB_INFANTRY] or p[d.MARINE]) and p[d.TRIPOLITAN_INFANTRY]:
            return city
    return ""


def _mercenaries_desert(state: GameState) -> tuple[list[str], bool]:
    event = state.us_active_event
    city = ground_battle_city(state)
    arabs = state.pieces[city][d.ARAB_INFANTRY] if city else 0
    where = d.place_name(city) if city else "none"
    holds = event == "general_eaton_attacks_derne" and city == "derne" and arabs >= 1
    return ([f"the American active event card: {_active(event)}, needed General Eaton Attacks "
             "Derne (R18, R20)",
             f"ground combat in: {where}, needed Derne",
             f"Arab infantry in the battle: {arabs}, needed at least 1"], holds)


define("mercenaries_desert", "Mercenaries Desert", BATTLE,
       "Battle: at the start of a ground combat, roll a die per Arab infantry; each 6 sends one "
       "back to the supply.",
       "Play if General Eaton Attacks Derne is the American active event card.",
       rulings="T-bot battle cards; rules digest e.4; R13, R18, R20", trigger=_mercenaries_desert)


def _signal_books(state: GameState) -> tuple[list[str], bool]:
    hand = len(state.us_hand)
    return ([f"{OFFERED} (an American frigate made the interception roll, R16)",
             f"year: {state.year}, needed 1805 or 1806",
             f"cards in the American hand: {hand}, needed at least 1"],
            state.year >= 1805 and hand >= 1)


define("us_signal_books_overboard", "US Signal Books Overboard", BATTLE,
       "Battle: after an interception roll by American frigates, a random card from the "
       "American hand goes to the discard pile.",
       "Play on the first Tripolitan Pirate Raid in 1805 or 1806.",
       rulings="T-bot battle cards; rules digest e.4; R13, R16", trigger=_signal_books)


def _guns_of_tripoli(state: GameState) -> tuple[list[str], bool]:
    event = state.us_active_event
    assault = event == "assault_on_tripoli"
    ships = q.red_ships_in_tripoli(state)
    in_season = state.year == 1806 or (state.year == 1805 and state.season != 3)
    facts = [f"the American active event card: {_active(event)} (Assault on Tripoli: always play)",
             f"date: {state.when}, needed Spring, Summer or Fall 1805, or 1806, unless the "
             "Assault",
             f"Tripolitan ships in the harbor of Tripoli: {ships}, needed at least 1 (R17, R34)"]
    return facts, (assault or in_season) and ships >= 1


define("the_guns_of_tripoli", "The Guns of Tripoli", BATTLE,
       "Battle: in a naval battle in the harbor of Tripoli, Tripoli rolls twelve extra dice "
       "(first round only in the Assault).",
       "Play in any attack on Tripoli in 1805 or 1806 except for the Winter of 1805 (unless "
       "the American active event card is Assault on Tripoli). Always play if the American "
       "active event card is Assault on Tripoli.",
       rulings="T-bot battle cards; rules digest e.4; R13, R17, R34", trigger=_guns_of_tripoli)
