"""The game's fixed tables: places, pieces and cards, as plain data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

YEARS: Final = (1801, 1802, 1803, 1804, 1805, 1806)
SEASONS: Final = ("spring", "summer", "fall", "winter")

# --- places -----------------------------------------------------------------

HARBORS: Final = (
    "gibraltar", "tangier", "algiers", "tunis", "malta",
    "tripoli", "benghazi", "derne", "alexandria",
)
"""The nine harbors, west to east as on the board."""

PATROL_ZONES: Final = (
    "gibraltar_patrol_zone", "tangier_patrol_zone", "algiers_patrol_zone",
    "tunis_patrol_zone", "tripoli_patrol_zone",
)
"""The five naval patrol zones, west to east."""

MAP_LOCATIONS: Final = HARBORS + PATROL_ZONES
"""The fourteen places a frigate may move to."""

TRACK_YEARS: Final = (1802, 1803, 1804, 1805, 1806)
TRACK: Final = tuple(f"track_{y}" for y in TRACK_YEARS)
"""Spaces of the Year Turn Track (nothing ever waits on 1801)."""

US_SUPPLY: Final = "us_supply"
TRIPOLITAN_SUPPLY: Final = "tripolitan_supply"
SUNK: Final = "sunk_us_frigates"
"""American frigates sunk and held by Tripoli."""

ALL_LOCATIONS: Final = MAP_LOCATIONS + TRACK + (US_SUPPLY, TRIPOLITAN_SUPPLY, SUNK)

FRIENDLY_HARBORS: Final = ("gibraltar", "malta", "alexandria")
ALLY_HARBORS: Final = ("tangier", "algiers", "tunis")
"""Harbors of Tripoli's potential allies, in the T-bot's canonical west-to-east order."""
CITIES: Final = ("tripoli", "benghazi", "derne", "alexandria")
TRIPOLITAN_CITIES: Final = ("tripoli", "benghazi", "derne")

ZONE_OF: Final = {
    "gibraltar": "gibraltar_patrol_zone",
    "tangier": "tangier_patrol_zone",
    "algiers": "algiers_patrol_zone",
    "tunis": "tunis_patrol_zone",
    "tripoli": "tripoli_patrol_zone",
}
"""The patrol zone outside each harbor that has one."""

CANONICAL_HARBORS: Final = ("tripoli", "tangier", "algiers", "tunis", "gibraltar")
"""The T-bot's tie-break order (rules digest a.1, ruling P3)."""
CANONICAL_ZONES: Final = tuple(ZONE_OF[h] for h in CANONICAL_HARBORS)

ALLY_NAME: Final = {"tangier": "Morocco", "algiers": "Algiers", "tunis": "Tunis"}
ALLY_ADJECTIVE: Final = {"tangier": "Moroccan", "algiers": "Algerine", "tunis": "Tunisian"}

PLACE_NAMES: Final = {
    **{h: h.capitalize() for h in HARBORS},
    **{ZONE_OF[h]: f"{h.capitalize()} patrol zone" for h in ZONE_OF},
    **{f"track_{y}": f"Year Turn Track {y}" for y in TRACK_YEARS},
    US_SUPPLY: "American supply",
    TRIPOLITAN_SUPPLY: "Tripolitan supply",
    SUNK: "sunk (held by Tripoli)",
}


def place_name(location: str) -> str:
    """The printed name of a location, for prompts and the log."""
    return PLACE_NAMES[location]


def track_space(year: int) -> str:
    """The Year Turn Track space of a year."""
    return f"track_{year}"


# --- pieces -----------------------------------------------------------------

US_FRIGATE: Final = "us_frigate"
GUNBOAT: Final = "gunboat"
SWEDISH_FRIGATE: Final = "swedish_frigate"
MARINE: Final = "marine"
ARAB_INFANTRY: Final = "arab_infantry"
TRIPOLITAN_FRIGATE: Final = "tripolitan_frigate"
CORSAIR: Final = "corsair"
"""A Tripolitan (red) corsair."""
ALLIED_CORSAIR: Final = "allied_corsair"
"""An Algerine, Moroccan or Tunisian (orange) corsair; its harbor says whose it is."""
TRIPOLITAN_INFANTRY: Final = "tripolitan_infantry"

PIECE_TOTALS: Final = {
    US_FRIGATE: 8, GUNBOAT: 3, MARINE: 4, ARAB_INFANTRY: 10, SWEDISH_FRIGATE: 2,
    TRIPOLITAN_FRIGATE: 2, CORSAIR: 9, ALLIED_CORSAIR: 9, TRIPOLITAN_INFANTRY: 20,
}
PIECES: Final = tuple(PIECE_TOTALS)
US_PIECES: Final = (US_FRIGATE, GUNBOAT, MARINE, ARAB_INFANTRY, SWEDISH_FRIGATE)
PIECE_NAMES: Final = {
    US_FRIGATE: ("American frigate", "American frigates"),
    GUNBOAT: ("gunboat", "gunboats"),
    SWEDISH_FRIGATE: ("Swedish frigate", "Swedish frigates"),
    MARINE: ("Marine", "Marines"),
    ARAB_INFANTRY: ("Arab infantry", "Arab infantry"),
    TRIPOLITAN_FRIGATE: ("Tripolitan frigate", "Tripolitan frigates"),
    CORSAIR: ("Tripolitan corsair", "Tripolitan corsairs"),
    ALLIED_CORSAIR: ("allied corsair", "allied corsairs"),
    TRIPOLITAN_INFANTRY: ("Tripolitan infantry", "Tripolitan infantry"),
}
GOLD_TOTAL: Final = 12
FRIGATES_SUNK_TO_WIN: Final = 4
HAND_LIMIT: Final = 8
MAX_GUNBOATS: Final = 3


def pieces_name(piece: str, count: int) -> str:
    """'2 Tripolitan corsairs', '1 gunboat'."""
    singular, plural = PIECE_NAMES[piece]
    return f"{count} {singular if count == 1 else plural}"


def supply_of(piece: str) -> str:
    """The supply box a piece comes from and returns to."""
    return US_SUPPLY if piece in US_PIECES else TRIPOLITAN_SUPPLY


# --- cards ------------------------------------------------------------------

US: Final = "us"
TRIPOLITANIA: Final = "tripolitania"
SIDE_NAMES: Final = {US: "United States", TRIPOLITANIA: "Tripolitania"}

CORE: Final = "core"
UNIQUE: Final = "unique"
COMMON: Final = "common"
VICTORY: Final = "victory"
BATTLE: Final = "battle"
SOLITAIRE: Final = "solitaire"


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card title (copies share a card id)."""

    id: str
    name: str
    deck: str
    kind: str
    copies: int
    text: str
    """The card's effect, in our own words."""
    requirement: str = ""
    """What must hold to play it as an event, in our own words ('' if nothing)."""
    tbot: str = ""
    """The T-bot's solitaire instruction for this card ('' for American cards)."""


def _us(cid: str, name: str, kind: str, text: str, requirement: str = "", copies: int = 1) -> Card:
    return Card(cid, name, US, kind, copies, text, requirement)


def _tr(cid: str, name: str, kind: str, text: str, tbot: str, requirement: str = "",
        copies: int = 1) -> Card:
    return Card(cid, name, TRIPOLITANIA, kind, copies, text, requirement, tbot)


_CARDS: Final = (
    # American core cards
    _us("thomas_jefferson", "Thomas Jefferson", CORE,
        "Move up to eight American frigates, each from any location to any location. "
        "Battles and bombardments follow; gunboats from Malta may join."),
    _us("swedish_frigates_arrive", "Swedish Frigates Arrive", CORE,
        "Place the two Swedish frigates in the Tripoli patrol zone. They only intercept "
        "corsairs leaving Tripoli (2 dice each) and never move or fight."),
    _us("hamets_army_created", "Hamet's Army Created", CORE,
        "Place 1 Marine and 5 Arab infantry from the supply in Alexandria: Hamet's Army.",
        "1804 or later, and an American frigate in the harbor of Alexandria."),
    # American victory cards
    _us("treaty_of_peace_and_amity", "Treaty of Peace and Amity", VICTORY,
        "The United States wins the game at once.",
        "Fall 1805 or later; Algiers, Tangier and Tunis all at peace; Derne captured by "
        "Hamet's Army; no Tripolitan frigate in the harbor of Tripoli."),
    _us("assault_on_tripoli", "Assault on Tripoli", VICTORY,
        "Every American frigate on the map and every gunboat sails into the harbor of Tripoli "
        "and fights until one fleet is gone; then bombardment and ground combat in Tripoli "
        "(Hamet's Army joins from Benghazi; Send in the Marines may land 3 Marines). "
        "Victory or Death!",
        "Fall 1805 or later."),
    # American common cards
    _us("naval_movement", "Naval Movement", COMMON,
        "Move up to four American frigates, each from any location to any location. "
        "Battles and bombardments follow; gunboats from Malta may join.", copies=4),
    _us("early_deployment", "Early Deployment", COMMON,
        "Take one American frigate from next year's space of the Year Turn Track and place it "
        "in any naval patrol zone.",
        "An American frigate waiting on next year's space of the Year Turn Track."),
    _us("a_show_of_force", "A Show of Force", COMMON,
        "Move exactly three American frigates into the harbor of an active ally: its corsairs "
        "return to the supply and it is at peace. No battle.",
        "An active ally, and at least three American frigates on the map."),
    _us("tribute_paid", "Tribute Paid", COMMON,
        "Move one American frigate into the harbor of an active ally: its corsairs return to "
        "the supply and it is at peace. Tripoli gains two gold. No battle.",
        "An active ally, and an American frigate on the map."),
    _us("constantinople_demands_tribute", "Constantinople Demands Tribute", COMMON,
        "Tripoli returns two gold to the bank (one if it holds only one).",
        "Tripoli holds at least one gold."),
    _us("hamet_recruits_bedouins", "Hamet Recruits Bedouins", COMMON,
        "Add two Arab infantry from the supply to Hamet's Army, wherever it is.",
        "Hamet's Army is on the map and an Arab infantry is in the supply."),
    _us("bainbridge_supplies_intel", "Bainbridge Supplies Intel", COMMON,
        "Take any card from the American discard pile into your hand, or play it at once as an "
        "event (its requirement must hold).",
        "A card in the American discard pile."),
    # American unique cards
    _us("congress_authorizes_action", "Congress Authorizes Action", UNIQUE,
        "Place two American frigates from the supply on next year's space of the Year Turn Track.",
        "1805 or earlier, and an American frigate in the supply."),
    _us("corsairs_confiscated", "Corsairs Confiscated", UNIQUE,
        "Every corsair in the harbor of Gibraltar returns to the supply, and Murad Reis Breaks "
        "Out is removed from the game.",
        "A Tripolitan corsair in the harbor of Gibraltar."),
    _us("burn_the_philadelphia", "Burn the Philadelphia", UNIQUE,
        "Roll a die. 1-2: nothing. 3-4: a Tripolitan frigate in Tripoli is damaged (next year's "
        "track). 5-6: a Tripolitan frigate in Tripoli is sunk.",
        "A Tripolitan frigate in the harbor of Tripoli."),
    _us("launch_the_intrepid", "Launch the Intrepid", UNIQUE,
        "Roll a die against the harbor of Tripoli. 1-2: nothing. 3-4: a Tripolitan corsair is "
        "sunk. 5-6: a Tripolitan frigate is sunk, or two corsairs if there is no frigate.",
        "A Tripolitan ship in the harbor of Tripoli."),
    _us("general_eaton_attacks_derne", "General Eaton Attacks Derne", UNIQUE,
        "Hamet's Army marches from Alexandria to Derne; up to three frigates (and gunboats) may "
        "sail there and bombard; then ground combat until one side is gone.",
        "Hamet's Army in Alexandria."),
    _us("general_eaton_attacks_benghazi", "General Eaton Attacks Benghazi", UNIQUE,
        "Hamet's Army marches from Derne to Benghazi; up to three frigates (and gunboats) may "
        "sail there and bombard; then ground combat until one side is gone.",
        "Hamet's Army in Derne."),
    # American battle cards
    _us("lieutenant_sterett_in_pursuit", "Lieutenant Sterett in Pursuit", BATTLE,
        "Battle: when you make an interception roll, each American frigate rolls three dice.",
        "An interception roll with an American frigate in the patrol zone."),
    _us("prebles_boys_take_aim", "Preble's Boys Take Aim", BATTLE,
        "Battle: in a naval battle in a harbor, each American frigate rolls three dice "
        "(first round only in the Assault).",
        "A naval battle in a harbor."),
    _us("the_daring_stephen_decatur", "The Daring Stephen Decatur", BATTLE,
        "Battle: with Burn the Philadelphia or Launch the Intrepid, roll two dice and keep the better.",
        "Burn the Philadelphia or Launch the Intrepid is your active event card."),
    _us("send_in_the_marines", "Send in the Marines", BATTLE,
        "Battle: place three Marines from the supply in Tripoli to fight in the ground combat.",
        "Assault on Tripoli is your active event card."),
    _us("lieutenant_obannon_leads_the_charge", "Lieutenant O'Bannon Leads the Charge", BATTLE,
        "Battle: at the start of a ground combat, one Marine rolls three dice every round.",
        "A ground combat with a Marine in the American force."),
    _us("marine_sharpshooters", "Marine Sharpshooters", BATTLE,
        "Battle: for this ground combat, Marines hit on a 5 or 6.",
        "A ground combat with a Marine in the American force."),
    # Tripolitan core cards
    _tr("yusuf_qaramanli", "Yusuf Qaramanli", CORE,
        "A pirate raid from Tripoli and a separate raid from every active ally's harbor.",
        "1801-1804: play if two allies are active. 1805-1806: play if one ally is active."),
    _tr("murad_reis_breaks_out", "Murad Reis Breaks Out", CORE,
        "Frigates in the Gibraltar patrol zone may intercept the corsairs in Gibraltar; the "
        "survivors sail to the harbor of Tripoli. No pirate raid.",
        "Play if no frigate is in the Gibraltar patrol zone, or if it is Winter 1801."),
    _tr("constantinople_sends_aid", "Constantinople Sends Aid", CORE,
        "One Tripolitan frigate and two corsairs to the harbor of Tripoli, two infantry to the "
        "city of Tripoli, all from the supply.",
        "Play if Derne has been captured by Hamet's Army.",
        "Hamet's Army has captured Derne."),
    # Tripolitan common cards
    _tr("us_supplies_run_low", "US Supplies Run Low", COMMON,
        "One American frigate in a naval patrol zone returns to Malta.",
        "If exactly two American frigates are in the Tripoli patrol zone, play. "
        "Otherwise discard to Raid or Build."),
    _tr("algerine_corsairs_raid", "Algerine Corsairs Raid", COMMON,
        "A pirate raid with the corsairs of Algiers.",
        "Discard to Raid or Build.", copies=2),
    _tr("moroccan_corsairs_raid", "Moroccan Corsairs Raid", COMMON,
        "A pirate raid with the corsairs of Tangier.",
        "Discard to Raid or Build.", copies=2),
    _tr("tunisian_corsairs_raid", "Tunisian Corsairs Raid", COMMON,
        "A pirate raid with the corsairs of Tunis.",
        "Discard to Raid or Build.", copies=2),
    _tr("troops_to_derne", "Troops to Derne", COMMON,
        "Two Tripolitan infantry from the supply to Derne.",
        "If Derne is controlled by Tripoli, play. Otherwise discard to Raid or Build.",
        "Derne not captured by Hamet's Army."),
    _tr("troops_to_benghazi", "Troops to Benghazi", COMMON,
        "Two Tripolitan infantry from the supply to Benghazi.",
        "If Benghazi is controlled by Tripoli, play. Otherwise discard to Raid or Build.",
        "Benghazi not captured by Hamet's Army."),
    _tr("troops_to_tripoli", "Troops to Tripoli", COMMON,
        "Two Tripolitan infantry from the supply to Tripoli.",
        "Play immediately."),
    _tr("storms", "Storms", COMMON,
        "Choose a patrol zone with American frigates; roll a die for each. The first 6 sinks a "
        "frigate; each other 6 damages one.",
        "If a patrol zone holds at least two American frigates, play. Otherwise add to the end "
        "of the event card line and draw again."),
    _tr("tripoli_attacks", "Tripoli Attacks", COMMON,
        "Every Tripolitan ship in the harbor of Tripoli sails into its patrol zone and fights one "
        "round against the American frigates there (Swedes stay out).",
        "If exactly one American frigate is in the Tripoli patrol zone and the Tripolitan ships "
        "in Tripoli are worth at least five dice, play. Otherwise discard to Raid or Build."),
    # Tripolitan unique cards
    _tr("sweden_pays_tribute", "Sweden Pays Tribute", UNIQUE,
        "The Swedish frigates return to the supply, and Tripoli gains two gold.",
        "Play if it is 1803 (or later, with the Swedes in the Tripoli patrol zone).",
        "1803 or later, and Swedish frigates in the Tripoli patrol zone."),
    _tr("tripoli_acquires_corsairs", "Tripoli Acquires Corsairs", UNIQUE,
        "Two Tripolitan corsairs from the supply to the harbor of Tripoli.",
        "If at least two Tripolitan corsairs are in the supply, play. Otherwise add to the end "
        "of the event card line and draw again."),
    _tr("the_philadelphia_runs_aground", "The Philadelphia Runs Aground", UNIQUE,
        "Roll a die for an American frigate in the Tripoli patrol zone. 1-2: it returns to "
        "Malta. 3-4: it is sunk. 5-6: it is sunk and a Tripolitan frigate joins Tripoli.",
        "If a frigate is in the Tripoli patrol zone, play. Otherwise add to the end of the "
        "event card line and draw again."),
    _tr("algiers_declares_war", "Algiers Declares War", UNIQUE,
        "Three allied corsairs to the harbor of Algiers; a battle follows if American frigates "
        "are there.", "Play immediately."),
    _tr("morocco_declares_war", "Morocco Declares War", UNIQUE,
        "Three allied corsairs to the harbor of Tangier; a battle follows if American frigates "
        "are there.", "Play immediately."),
    _tr("tunis_declares_war", "Tunis Declares War", UNIQUE,
        "Three allied corsairs to the harbor of Tunis; a battle follows if American frigates "
        "are there.", "Play immediately."),
    # Tripolitan battle cards
    _tr("happy_hunting", "Happy Hunting", BATTLE,
        "Battle: in a pirate raid from Tripoli, roll three extra capture dice.",
        "Play on the first Tripolitan pirate raid."),
    _tr("merchant_ship_converted", "Merchant Ship Converted", BATTLE,
        "Battle: after a raid captures a merchant ship, a Tripolitan corsair from the supply "
        "joins the harbor of Tripoli.",
        "Play on the first successful Tripolitan pirate raid."),
    _tr("uncharted_waters", "Uncharted Waters", BATTLE,
        "Battle: for The Philadelphia Runs Aground, roll two dice and keep the better.",
        "Play if The Philadelphia Runs Aground is the T-bot's active event card."),
    _tr("mercenaries_desert", "Mercenaries Desert", BATTLE,
        "Battle: at the start of a ground combat, roll a die per Arab infantry; each 6 sends one "
        "back to the supply.",
        "Play if General Eaton Attacks Derne is the American active event card."),
    _tr("us_signal_books_overboard", "US Signal Books Overboard", BATTLE,
        "Battle: after an interception roll by American frigates, a random card from the "
        "American hand goes to the discard pile.",
        "Play on the first Tripolitan pirate raid in 1805 or 1806."),
    _tr("the_guns_of_tripoli", "The Guns of Tripoli", BATTLE,
        "Battle: in a naval battle in the harbor of Tripoli, Tripoli rolls twelve extra dice "
        "(first round only in the Assault).",
        "Play in any attack on Tripoli in 1805-1806 except Winter 1805; always against "
        "Assault on Tripoli."),
    # Solitaire-only cards
    _tr("second_storms", "Second Storms", SOLITAIRE,
        "As Storms: choose a patrol zone with American frigates; roll a die for each. The first "
        "6 sinks a frigate; each other 6 damages one.",
        "If a patrol zone holds at least two American frigates, play. Otherwise add to the end "
        "of the event card line and draw again."),
    _tr("five_corsair_check", "Five Corsair Check", SOLITAIRE,
        "If five or more corsairs are in the harbor of Tripoli, raid from Tripoli without "
        "discarding.", "Checked when no event card line card can be played."),
    _tr("raid_or_build", "Raid or Build", SOLITAIRE,
        "Raid from a harbor (Algiers, Tangier, Tunis, Tripoli) with at least three corsairs and "
        "more corsairs than frigates in its patrol zone; otherwise build a corsair in Tripoli.",
        "Performed when a drawn card says so or the draw pile is empty."),
)

CARDS: Final = {c.id: c for c in _CARDS}
"""Every card title by id."""
CARDS_BY_NAME: Final = {c.name.casefold(): c for c in _CARDS}


def card_name(card_id: str) -> str:
    """The printed name of a card."""
    return CARDS[card_id].name


def card_by_name(name: str) -> Card:
    """The card with this printed name (case-insensitive); KeyError if none."""
    return CARDS_BY_NAME[name.strip().casefold()]


US_CORE_CARDS: Final = ("thomas_jefferson", "swedish_frigates_arrive", "hamets_army_created")
US_DECK: Final = tuple(
    c.id for c in _CARDS for _ in range(c.copies) if c.deck == US and c.kind != CORE
)
"""The 24 cards of the American draw pile at setup, in printed order (shuffled at setup)."""

TBOT_EVENT_LINE_START: Final = (
    "murad_reis_breaks_out", "constantinople_sends_aid", "yusuf_qaramanli", "sweden_pays_tribute",
)
TBOT_BATTLE_LINE_START: Final = (
    "happy_hunting", "merchant_ship_converted", "uncharted_waters", "mercenaries_desert",
    "us_signal_books_overboard", "the_guns_of_tripoli",
)
TBOT_DECK: Final = tuple(
    c.id for c in _CARDS for _ in range(c.copies)
    if c.deck == TRIPOLITANIA and c.kind in (COMMON, UNIQUE, SOLITAIRE)
    and c.id not in TBOT_EVENT_LINE_START and c.id not in ("five_corsair_check", "raid_or_build")
)
"""The 18 cards of the T-bot's draw pile at setup (shuffled at setup)."""

PLAY_OR_QUEUE: Final = frozenset(
    {"the_philadelphia_runs_aground", "storms", "second_storms", "tripoli_acquires_corsairs"}
)
"""Drawn cards the T-bot adds to its event card line when their condition fails."""
PLAY_OR_RAID_OR_BUILD: Final = frozenset(
    {"tripoli_attacks", "troops_to_benghazi", "troops_to_derne", "us_supplies_run_low"}
)
"""Drawn cards the T-bot discards to Raid or Build when their condition fails."""
ALWAYS_PLAY: Final = frozenset(
    {"algiers_declares_war", "morocco_declares_war", "tunis_declares_war", "troops_to_tripoli"}
)
NEVER_PLAY: Final = frozenset(
    {"algerine_corsairs_raid", "moroccan_corsairs_raid", "tunisian_corsairs_raid"}
)
DECLARES_WAR_HARBOR: Final = {
    "algiers_declares_war": "algiers", "morocco_declares_war": "tangier",
    "tunis_declares_war": "tunis",
}
