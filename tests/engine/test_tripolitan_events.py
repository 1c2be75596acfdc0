"""Every Tripolitan card played as the T-bot's event, from small explicit positions.

Each test states the position, fixes the dice, scripts the choices and checks the exact result.
"""

from __future__ import annotations

import pytest

from tests.engine.exact import board
from tests.engine.positions import bare_state, drive, give_hand, pieces_at, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine import queries as q
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event, solitaire_condition
from tripoli_tui.engine.decisions import (
    ChooseLocation,
    KeepDie,
)
from tripoli_tui.engine.mechanics.combat import ground_combat
from tripoli_tui.engine.state import GameState

PZ = "tripoli_patrol_zone"
US_SUPPLY, TR_SUPPLY = "us_supply", "tripolitan_supply"


def event(state: GameState, card: str):  # type: ignore[no-untyped-def]
    return play_tripolitan_event(state, card)


# --- Yusuf Qaramanli -------------------------------------------------------------

def test_yusuf_raids_every_harbor_in_the_chosen_order() -> None:
    s = bare_state(1803, "summer")
    place(s, "tripoli", "corsair", 3)
    place(s, "algiers", "allied_corsair", 3)
    place(s, "tunis", "allied_corsair", 2)
    s.event_card_line.remove("yusuf_qaramanli")
    # Tripoli: 3 capture dice; Algiers: 3; Tunis: 2 (no patrol zone holds a frigate).
    s.forced_dice = [5, 1, 1, 6, 6, 2, 1, 2]
    run = drive(s, event(s, "yusuf_qaramanli"), [
        "choose tripoli", "decline",            # Happy Hunting declined
        "decline",                              # Merchant Ship Converted declined
        "choose algiers", "decline",            # Merchant Ship Converted declined
    ])
    assert run.finished and not run.game_over
    first = run.decisions[0]
    assert first.kind == "yusuf_raid_order"
    assert first.options == (ChooseLocation("tripoli"), ChooseLocation("algiers"),
                             ChooseLocation("tunis"))
    # Tunis is the only harbor left: raided without asking.
    assert [dec.kind for dec in run.decisions] == [
        "yusuf_raid_order", "battle_card", "battle_card", "yusuf_raid_order", "battle_card"]
    assert s.gold == 3
    assert s.forced_dice == []
    assert pieces_at(s, "tripoli") == {"corsair": 3}
    assert pieces_at(s, "algiers") == {"allied_corsair": 3}
    assert pieces_at(s, "tunis") == {"allied_corsair": 2}
    assert s.tbot_removed == ["yusuf_qaramanli"]
    assert s.tbot_active_event == "yusuf_qaramanli"
    assert s.battle_card_line[:2] == ["happy_hunting", "merchant_ship_converted"]
    assert board(s) == {
        'algiers': {'allied_corsair': 3},
        'tunis': {'allied_corsair': 2},
        'tripoli': {'corsair': 3},
    }


def test_yusuf_stops_the_instant_tripoli_reaches_twelve_gold() -> None:
    s = bare_state(1805, "spring")
    s.gold = 11
    place(s, "tripoli", "corsair", 1)
    place(s, "tangier", "allied_corsair", 3)
    s.battle_card_line.remove("happy_hunting")
    s.forced_dice = [6, 6, 6, 6]
    run = drive(s, event(s, "yusuf_qaramanli"), ["choose tripoli"])
    assert run.game_over
    assert s.gold == 12
    assert s.result.winner == "tripolitania" and s.result.how == "gold"
    assert s.forced_dice == [6, 6, 6]          # Tangier never raided
    assert "merchant_ship_converted" in s.battle_card_line
    assert board(s) == {'tangier': {'allied_corsair': 3}, 'tripoli': {'corsair': 1}}


def test_yusuf_with_empty_tripoli_makes_no_raid_from_it() -> None:
    s = bare_state(1805, "spring")
    place(s, "tunis", "allied_corsair", 3)
    s.forced_dice = [1, 1, 1]
    run = drive(s, event(s, "yusuf_qaramanli"), ["choose tripoli"])
    assert run.finished
    assert s.forced_dice == []
    assert any("No corsairs in Tripoli: no raid (ruling S-1)" in e.text for e in s.log)
    assert "happy_hunting" in s.battle_card_line
    assert board(s) == {'tunis': {'allied_corsair': 3}}


# --- Murad Reis Breaks Out ----------------------------------------------------------

def test_murad_reis_only_the_gibraltar_zone_intercepts() -> None:
    s = bare_state(1801, "winter")
    place(s, "gibraltar", "corsair", 2)
    place(s, "gibraltar_patrol_zone", "us_frigate", 1)
    place(s, PZ, "us_frigate", 1)
    place(s, PZ, "swedish_frigate", 2)
    s.event_card_line.remove("murad_reis_breaks_out")
    s.forced_dice = [6, 1, 6, 6, 6, 6, 6, 6]
    run = drive(s, event(s, "murad_reis_breaks_out"))
    assert run.finished and run.decisions == []   # no raid: no battle cards, no capture dice
    assert s.forced_dice == [6, 6, 6, 6, 6, 6]      # only the Gibraltar zone's 2 dice rolled
    assert pieces_at(s, "gibraltar") == {}
    assert pieces_at(s, "tripoli") == {"corsair": 1}
    assert s.pieces[TR_SUPPLY]["corsair"] == 8
    assert s.gold == 0
    assert s.tbot_removed == ["murad_reis_breaks_out"]
    assert board(s) == {
        'tripoli': {'corsair': 1},
        'gibraltar_patrol_zone': {'us_frigate': 1},
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
    }


def test_murad_reis_with_sterett() -> None:
    s = bare_state(1801, "winter")
    place(s, "gibraltar", "corsair", 2)
    place(s, "gibraltar_patrol_zone", "us_frigate", 1)
    give_hand(s, "lieutenant_sterett_in_pursuit")
    s.forced_dice = [1, 1, 6]
    run = drive(s, event(s, "murad_reis_breaks_out"),
                ["battle-card lieutenant_sterett_in_pursuit"])
    assert run.finished
    assert s.forced_dice == []
    assert pieces_at(s, "tripoli") == {"corsair": 1}
    assert s.us_hand == [] and s.us_removed == ["lieutenant_sterett_in_pursuit"]
    assert board(s) == {'tripoli': {'corsair': 1}, 'gibraltar_patrol_zone': {'us_frigate': 1}}


# --- Constantinople Sends Aid ----------------------------------------------------------

def test_constantinople_sends_aid_full_supply() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "corsair", 2)
    run = drive(s, event(s, "constantinople_sends_aid"))
    assert run.finished and run.decisions == []
    assert pieces_at(s, "tripoli") == {"tripolitan_frigate": 1, "corsair": 4,
                                       "tripolitan_infantry": 2}
    assert s.tbot_removed == ["constantinople_sends_aid"]
    assert board(s) == {
        'tripoli': {'tripolitan_frigate': 1, 'corsair': 4, 'tripolitan_infantry': 2},
    }


def test_constantinople_sends_aid_short_supply_r21() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "tripolitan_frigate", 1)
    place(s, "track_1806", "tripolitan_frigate", 1)   # on the track: not in the supply
    place(s, "tripoli", "corsair", 6)
    place(s, "gibraltar", "corsair", 2)               # 1 corsair left in supply
    place(s, "derne", "tripolitan_infantry", 19)      # 1 infantry left in supply
    drive(s, event(s, "constantinople_sends_aid"))
    assert pieces_at(s, "tripoli") == {"tripolitan_frigate": 1, "corsair": 7,
                                       "tripolitan_infantry": 1}
    assert pieces_at(s, TR_SUPPLY) == {"allied_corsair": 9}
    assert s.pieces["track_1806"]["tripolitan_frigate"] == 1
    assert s.log[-1].text == (
        "Constantinople sends 0 Tripolitan frigates, 1 Tripolitan corsair and 1 Tripolitan "
        "infantry to Tripoli (the supply holds no more: ruling E-1).")
    assert board(s) == {
        'gibraltar': {'corsair': 2},
        'tripoli': {'tripolitan_frigate': 1, 'corsair': 7, 'tripolitan_infantry': 1},
        'derne': {'tripolitan_infantry': 19},
        'track_1806': {'tripolitan_frigate': 1},
    }


# --- Sweden Pays Tribute -----------------------------------------------------------------

def test_sweden_pays_tribute() -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "swedish_frigate", 2)
    place(s, PZ, "us_frigate", 1)
    s.gold = 3
    run = drive(s, event(s, "sweden_pays_tribute"))
    assert run.finished
    assert pieces_at(s, PZ) == {"us_frigate": 1}
    assert s.pieces[US_SUPPLY]["swedish_frigate"] == 2
    assert s.gold == 5
    assert s.tbot_removed == ["sweden_pays_tribute"]
    assert board(s) == {'tripoli_patrol_zone': {'us_frigate': 1}}


def test_sweden_pays_tribute_can_win_the_game() -> None:
    s = bare_state(1804, "fall")
    place(s, PZ, "swedish_frigate", 2)
    s.gold = 10
    run = drive(s, event(s, "sweden_pays_tribute"))
    assert run.game_over and s.gold == 12 and s.result.how == "gold"
    assert s.pieces[US_SUPPLY]["swedish_frigate"] == 2
    assert board(s) == {}


# --- The Philadelphia Runs Aground (E-5) and Uncharted Waters (TB-22) ----------------------

def philadelphia_position() -> GameState:
    s = bare_state(1803, "fall")
    place(s, PZ, "us_frigate", 2)
    place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line.remove("uncharted_waters")
    return s


def test_philadelphia_1_2_refloats_to_malta() -> None:
    s = philadelphia_position()
    s.forced_dice = [2]
    run = drive(s, event(s, "the_philadelphia_runs_aground"))
    assert run.finished and run.decisions == []
    assert pieces_at(s, PZ) == {"us_frigate": 1, "swedish_frigate": 2}
    assert pieces_at(s, "malta") == {"us_frigate": 1}
    assert s.frigates_sunk == 0
    assert s.tbot_removed == ["the_philadelphia_runs_aground"]
    assert board(s) == {
        'malta': {'us_frigate': 1},
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
    }


def test_philadelphia_3_4_sinks() -> None:
    s = philadelphia_position()
    s.forced_dice = [4]
    drive(s, event(s, "the_philadelphia_runs_aground"))
    assert pieces_at(s, PZ) == {"us_frigate": 1, "swedish_frigate": 2}
    assert s.frigates_sunk == 1
    assert pieces_at(s, "tripoli") == {}
    assert board(s) == {
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
        'sunk_us_frigates': {'us_frigate': 1},
    }


def test_philadelphia_5_6_sinks_and_adds_a_tripolitan_frigate() -> None:
    s = philadelphia_position()
    s.forced_dice = [5]
    drive(s, event(s, "the_philadelphia_runs_aground"))
    assert s.frigates_sunk == 1
    assert pieces_at(s, "tripoli") == {"tripolitan_frigate": 1}
    assert s.pieces[TR_SUPPLY]["tripolitan_frigate"] == 1
    assert board(s) == {
        'tripoli': {'tripolitan_frigate': 1},
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
        'sunk_us_frigates': {'us_frigate': 1},
    }


def test_philadelphia_5_6_with_no_tripolitan_frigate_in_supply() -> None:
    s = philadelphia_position()
    place(s, "tripoli", "tripolitan_frigate", 1)
    place(s, "track_1804", "tripolitan_frigate", 1)
    s.forced_dice = [6]
    drive(s, event(s, "the_philadelphia_runs_aground"))
    assert s.frigates_sunk == 1
    assert pieces_at(s, "tripoli") == {"tripolitan_frigate": 1}
    assert s.pieces["track_1804"]["tripolitan_frigate"] == 1
    assert board(s) == {
        'tripoli': {'tripolitan_frigate': 1},
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
        'track_1804': {'tripolitan_frigate': 1},
        'sunk_us_frigates': {'us_frigate': 1},
    }


def test_philadelphia_sinking_the_fourth_frigate_ends_the_game_before_the_prize() -> None:
    s = philadelphia_position()
    place(s, "sunk_us_frigates", "us_frigate", 3)
    s.forced_dice = [6]
    run = drive(s, event(s, "the_philadelphia_runs_aground"))
    assert run.game_over and s.result.how == "frigates_sunk"
    assert pieces_at(s, "tripoli") == {}
    assert board(s) == {
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
        'sunk_us_frigates': {'us_frigate': 4},
    }


def test_uncharted_waters_keeps_the_chosen_die() -> None:
    s = bare_state(1803, "fall")
    place(s, PZ, "us_frigate", 1)
    s.forced_dice = [2, 5]
    run = drive(s, event(s, "the_philadelphia_runs_aground"),
                ["battle-card uncharted_waters", "keep 5"])
    assert run.finished
    assert run.decisions[1].kind == "keep_die"
    assert run.decisions[1].options == (KeepDie(2), KeepDie(5))
    assert s.frigates_sunk == 1
    assert pieces_at(s, "tripoli") == {"tripolitan_frigate": 1}
    assert "uncharted_waters" not in s.battle_card_line
    assert s.tbot_removed == ["the_philadelphia_runs_aground", "uncharted_waters"]
    assert board(s) == {
        'tripoli': {'tripolitan_frigate': 1},
        'sunk_us_frigates': {'us_frigate': 1},
    }


def test_uncharted_waters_with_a_double_asks_nothing() -> None:
    s = bare_state(1803, "fall")
    place(s, PZ, "us_frigate", 1)
    s.forced_dice = [1, 1]
    run = drive(s, event(s, "the_philadelphia_runs_aground"), ["battle-card uncharted_waters"])
    assert run.finished and len(run.decisions) == 1
    assert pieces_at(s, "malta") == {"us_frigate": 1}
    assert board(s) == {'malta': {'us_frigate': 1}}


# --- Storms and Second Storms (TB-13, E-2, E-3) ----------------------------------------------

def test_storms_zone_choice_offers_every_zone_with_an_american_frigate() -> None:
    s = bare_state(1804, "spring")
    place(s, "tangier_patrol_zone", "us_frigate", 2)
    place(s, PZ, "us_frigate", 2)
    place(s, "gibraltar_patrol_zone", "us_frigate", 1)
    place(s, PZ, "swedish_frigate", 2)
    s.forced_dice = [6, 6]
    run = drive(s, event(s, "storms"), ["choose tripoli_patrol_zone"])
    assert {o.text() for o in run.decisions[0].options} == {
        "choose tangier_patrol_zone", "choose tripoli_patrol_zone",
        "choose gibraltar_patrol_zone"}
    assert s.frigates_sunk == 1
    assert pieces_at(s, PZ) == {"swedish_frigate": 2}
    assert s.pieces["track_1805"]["us_frigate"] == 1
    assert s.tbot_discard == ["storms"]
    assert board(s) == {
        'gibraltar_patrol_zone': {'us_frigate': 1},
        'tangier_patrol_zone': {'us_frigate': 2},
        'tripoli_patrol_zone': {'swedish_frigate': 2},
        'track_1805': {'us_frigate': 1},
        'sunk_us_frigates': {'us_frigate': 1},
    }


def test_storms_extra_sixes_are_lost_n05() -> None:
    s = bare_state(1802, "summer")
    place(s, "algiers_patrol_zone", "us_frigate", 2)
    s.forced_dice = [6, 6]
    drive(s, event(s, "storms"))
    assert s.frigates_sunk == 1
    assert s.pieces["track_1803"]["us_frigate"] == 1
    assert pieces_at(s, "algiers_patrol_zone") == {}
    assert board(s) == {'track_1803': {'us_frigate': 1}, 'sunk_us_frigates': {'us_frigate': 1}}


def test_second_storms_in_1806_damaged_frigates_go_to_supply() -> None:
    s = bare_state(1806, "summer")
    place(s, "tunis_patrol_zone", "us_frigate", 3)
    s.forced_dice = [6, 3, 6]
    drive(s, event(s, "second_storms"))
    assert s.frigates_sunk == 1
    assert s.pieces[US_SUPPLY]["us_frigate"] == 8 - 3 + 1
    assert pieces_at(s, "tunis_patrol_zone") == {"us_frigate": 1}
    assert s.tbot_discard == ["second_storms"]
    assert board(s) == {
        'tunis_patrol_zone': {'us_frigate': 1},
        'sunk_us_frigates': {'us_frigate': 1},
    }


def test_storms_with_no_six_does_nothing() -> None:
    s = bare_state(1802, "summer")
    place(s, PZ, "us_frigate", 2)
    s.forced_dice = [5, 1]
    drive(s, event(s, "storms"))
    assert s.frigates_sunk == 0 and pieces_at(s, PZ) == {"us_frigate": 2}
    assert board(s) == {'tripoli_patrol_zone': {'us_frigate': 2}}


def test_storms_fourth_sinking_ends_the_game_at_once() -> None:
    s = bare_state(1805, "fall")
    place(s, "sunk_us_frigates", "us_frigate", 3)
    place(s, PZ, "us_frigate", 2)
    s.forced_dice = [6, 6]
    run = drive(s, event(s, "storms"))
    assert run.game_over and s.result.how == "frigates_sunk"
    assert pieces_at(s, PZ) == {"us_frigate": 1}        # the second six is never applied
    assert s.pieces["track_1806"]["us_frigate"] == 0
    assert board(s) == {
        'tripoli_patrol_zone': {'us_frigate': 1},
        'sunk_us_frigates': {'us_frigate': 4},
    }


# --- Tripoli Acquires Corsairs --------------------------------------------------------------

def test_tripoli_acquires_corsairs() -> None:
    s = bare_state(1802, "spring")
    place(s, "tripoli", "corsair", 3)
    drive(s, event(s, "tripoli_acquires_corsairs"))
    assert pieces_at(s, "tripoli") == {"corsair": 5}
    assert s.pieces[TR_SUPPLY]["corsair"] == 4
    assert s.tbot_removed == ["tripoli_acquires_corsairs"]
    assert board(s) == {'tripoli': {'corsair': 5}}


def test_tripoli_acquires_corsairs_short_supply() -> None:
    s = bare_state(1802, "spring")
    place(s, "tripoli", "corsair", 6)
    place(s, "gibraltar", "corsair", 2)
    drive(s, event(s, "tripoli_acquires_corsairs"))
    assert pieces_at(s, "tripoli") == {"corsair": 7}
    assert s.pieces[TR_SUPPLY]["corsair"] == 0
    assert s.log[-1].text == ("Tripoli acquires 1 Tripolitan corsair "
                              "(the supply holds no more: ruling G-1).")
    assert board(s) == {'gibraltar': {'corsair': 2}, 'tripoli': {'corsair': 7}}


# --- Tripoli Attacks (E-4) -----------------------------------------------------------------

def tripoli_attacks_position(year: int = 1803, season: str = "summer") -> GameState:
    s = bare_state(year, season)
    place(s, "tripoli", "corsair", 3)
    place(s, "tripoli", "tripolitan_frigate", 1)
    place(s, "gibraltar", "corsair", 2)
    place(s, PZ, "us_frigate", 1)
    place(s, PZ, "swedish_frigate", 2)
    return s


def test_tripoli_attacks_one_round_with_hit_allocation() -> None:
    s = tripoli_attacks_position()
    # Tripoli is active and rolls first: 5 dice (3 corsairs, a frigate's 2); then the US 2 dice.
    s.forced_dice = [6, 1, 1, 1, 1, 6, 6]
    run = drive(s, event(s, "tripoli_attacks"), ["hit frigate", "hit corsair"])
    assert run.finished
    assert [o.text() for o in run.decisions[0].options] == ["hit frigate", "hit corsair"]
    assert [o.text() for o in run.decisions[1].options] == ["hit corsair", "hit damaged_frigate"]
    assert len(run.decisions) == 2               # the single US hit is allocated without asking
    assert s.forced_dice == []
    assert pieces_at(s, "tripoli") == {"corsair": 2}
    assert pieces_at(s, PZ) == {"swedish_frigate": 2}
    assert pieces_at(s, "track_1804") == {"us_frigate": 1, "tripolitan_frigate": 1}
    assert pieces_at(s, "gibraltar") == {"corsair": 2}
    assert pieces_at(s, "malta") == {}
    assert s.pieces[TR_SUPPLY]["corsair"] == 5
    assert s.tbot_discard == ["tripoli_attacks"]
    assert board(s) == {
        'gibraltar': {'corsair': 2},
        'tripoli': {'corsair': 2},
        'tripoli_patrol_zone': {'swedish_frigate': 2},
        'track_1804': {'us_frigate': 1, 'tripolitan_frigate': 1},
    }


def test_tripoli_attacks_undamaged_survivor_goes_to_malta() -> None:
    s = tripoli_attacks_position()
    s.forced_dice = [1, 1, 1, 1, 1, 6, 1]
    run = drive(s, event(s, "tripoli_attacks"), ["hit corsair"])
    assert run.finished
    assert pieces_at(s, "malta") == {"us_frigate": 1}
    assert pieces_at(s, "tripoli") == {"corsair": 2, "tripolitan_frigate": 1}
    assert pieces_at(s, PZ) == {"swedish_frigate": 2}
    assert board(s) == {
        'gibraltar': {'corsair': 2},
        'malta': {'us_frigate': 1},
        'tripoli': {'tripolitan_frigate': 1, 'corsair': 2},
        'tripoli_patrol_zone': {'swedish_frigate': 2},
    }


def test_tripoli_attacks_1806_damaged_frigates_go_to_supply() -> None:
    s = tripoli_attacks_position(1806, "spring")
    s.forced_dice = [6, 1, 1, 1, 1, 6, 1]
    drive(s, event(s, "tripoli_attacks"), ["hit frigate"])
    assert pieces_at(s, "tripoli") == {"corsair": 3}
    assert s.pieces[TR_SUPPLY]["tripolitan_frigate"] == 2
    assert s.pieces[US_SUPPLY]["us_frigate"] == 8
    assert s.frigates_sunk == 0
    assert board(s) == {
        'gibraltar': {'corsair': 2},
        'tripoli': {'corsair': 3},
        'tripoli_patrol_zone': {'swedish_frigate': 2},
    }


def test_tripoli_attacks_can_sink_the_fourth_frigate() -> None:
    s = tripoli_attacks_position()
    place(s, "sunk_us_frigates", "us_frigate", 3)
    s.forced_dice = [6, 6, 1, 1, 1, 1, 1]
    run = drive(s, event(s, "tripoli_attacks"))   # both hits on the lone frigate: no choice
    assert run.game_over and s.result.how == "frigates_sunk"
    assert board(s) == {   # the survivors still sail home in the final position
        'gibraltar': {'corsair': 2},
        'tripoli': {'tripolitan_frigate': 1, 'corsair': 3},
        'tripoli_patrol_zone': {'swedish_frigate': 2},
        'sunk_us_frigates': {'us_frigate': 4},
    }


# --- Troops to Derne / Benghazi / Tripoli (G-6) ----------------------------------------------

def test_troops_to_derne_emptied_but_controlled_city() -> None:
    s = bare_state(1804, "summer")
    assert not s.derne_captured
    drive(s, event(s, "troops_to_derne"))
    assert pieces_at(s, "derne") == {"tripolitan_infantry": 2}
    assert s.tbot_discard == ["troops_to_derne"]
    assert board(s) == {'derne': {'tripolitan_infantry': 2}}


def test_troops_to_benghazi() -> None:
    s = bare_state(1804, "summer")
    place(s, "benghazi", "tripolitan_infantry", 3)
    drive(s, event(s, "troops_to_benghazi"))
    assert pieces_at(s, "benghazi") == {"tripolitan_infantry": 5}
    assert board(s) == {'benghazi': {'tripolitan_infantry': 5}}


def test_troops_to_tripoli_short_supply() -> None:
    s = bare_state(1804, "summer")
    place(s, "tripoli", "tripolitan_infantry", 19)
    drive(s, event(s, "troops_to_tripoli"))
    assert pieces_at(s, "tripoli") == {"tripolitan_infantry": 20}
    assert s.pieces[TR_SUPPLY]["tripolitan_infantry"] == 0
    assert board(s) == {'tripoli': {'tripolitan_infantry': 20}}


# --- US Supplies Run Low (TB-14) --------------------------------------------------------------

def test_us_supplies_run_low_sends_one_of_the_two_to_malta() -> None:
    s = bare_state(1803, "winter")
    place(s, PZ, "us_frigate", 2)
    place(s, PZ, "swedish_frigate", 2)
    place(s, "tunis_patrol_zone", "us_frigate", 1)
    run = drive(s, event(s, "us_supplies_run_low"), ["choose tripoli_patrol_zone"])
    assert run.finished
    assert {o.text() for o in run.decisions[0].options} == {
        "choose tripoli_patrol_zone", "choose tunis_patrol_zone"}
    assert pieces_at(s, PZ) == {"us_frigate": 1, "swedish_frigate": 2}
    assert pieces_at(s, "malta") == {"us_frigate": 1}
    assert pieces_at(s, "tunis_patrol_zone") == {"us_frigate": 1}
    assert s.tbot_discard == ["us_supplies_run_low"]
    assert board(s) == {
        'malta': {'us_frigate': 1},
        'tunis_patrol_zone': {'us_frigate': 1},
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
    }


# --- Algiers / Morocco / Tunis Declares War (S-4) ---------------------------------------------

def test_declares_war_without_american_frigates() -> None:
    s = bare_state(1802, "spring")
    run = drive(s, event(s, "morocco_declares_war"))
    assert run.finished and run.decisions == []
    assert pieces_at(s, "tangier") == {"allied_corsair": 3}
    assert s.pieces[TR_SUPPLY]["allied_corsair"] == 6
    assert s.tbot_removed == ["morocco_declares_war"]
    assert board(s) == {'tangier': {'allied_corsair': 3}}


def test_declares_war_immediate_battle_r30() -> None:
    s = bare_state(1802, "spring")
    place(s, "algiers", "us_frigate", 2)
    place(s, "malta", "gunboat", 1)
    give_hand(s, "prebles_boys_take_aim")
    # Tripoli is active: its 3 corsair dice first, then the US's 4 dice.
    s.forced_dice = [6, 1, 1, 6, 6, 1, 1]
    run = drive(s, event(s, "algiers_declares_war"), ["decline"])
    assert run.finished
    assert run.decisions[0].kind == "battle_card"        # Preble's Boys offered (a harbor)
    assert s.forced_dice == []
    assert pieces_at(s, "algiers") == {"allied_corsair": 1}
    assert s.pieces["track_1803"]["us_frigate"] == 1
    assert pieces_at(s, "malta") == {"us_frigate": 1, "gunboat": 1}
    assert s.pieces[TR_SUPPLY]["allied_corsair"] == 8
    assert s.us_hand == ["prebles_boys_take_aim"]
    assert board(s) == {
        'algiers': {'allied_corsair': 1},
        'malta': {'us_frigate': 1, 'gunboat': 1},
        'track_1803': {'us_frigate': 1},
    }


def test_declares_war_battle_with_prebles_boys() -> None:
    s = bare_state(1802, "spring")
    place(s, "tunis", "us_frigate", 1)
    give_hand(s, "prebles_boys_take_aim")
    s.forced_dice = [1, 1, 1, 6, 6, 6]
    drive(s, event(s, "tunis_declares_war"), ["battle-card prebles_boys_take_aim"])
    assert s.forced_dice == []
    assert pieces_at(s, "tunis") == {}
    assert pieces_at(s, "malta") == {"us_frigate": 1}
    assert s.us_removed == ["prebles_boys_take_aim"]
    assert board(s) == {'malta': {'us_frigate': 1}}


def test_corsairs_raid_cards_are_never_events() -> None:
    s = bare_state(1802, "spring")
    with pytest.raises(RuntimeError, match="never plays"):
        drive(s, event(s, "algerine_corsairs_raid"))



# --- rules that slipped once: each test went red with its rule broken -----------------------

def dice_logged(state: GameState, what: str) -> list[list[int]]:
    """The dice of every logged roll whose text starts with `what`, in order."""
    return [e.data for e in state.log if e.kind == "dice" and e.text.startswith(what)]


def test_storms_requirement_ignores_swedish_frigates() -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "us_frigate", 1)
    place(s, PZ, "swedish_frigate", 2)
    for card in ("storms", "second_storms"):
        assert not solitaire_condition(s, card)
    assert q.storms_zone_counts(s)[0] == (PZ, 1)


@pytest.mark.parametrize("card", ["storms", "second_storms"])
def test_storms_never_strike_a_zone_for_its_swedish_frigates(card: str) -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "swedish_frigate", 2)
    place(s, "algiers_patrol_zone", "us_frigate", 1)
    s.forced_dice = [1]
    run = drive(s, play_tripolitan_event(s, card))
    assert run.finished and run.decisions == []   # one zone offered: the Algiers patrol zone
    assert [e.text for e in s.log if e.kind == "dice"] == [
        "Storms in the Algiers patrol zone: [1] - 0 sixes"]


@pytest.mark.parametrize("card", ["storms", "second_storms"])
def test_storms_roll_one_die_per_american_frigate_not_per_swede(card: str) -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "swedish_frigate", 2)
    place(s, PZ, "us_frigate", 1)
    s.forced_dice = [6, 6, 6]
    run = drive(s, play_tripolitan_event(s, card))
    assert run.finished
    assert dice_logged(s, "Storms") == [[6]]
    assert s.forced_dice == [6, 6]
    assert s.frigates_sunk == 1
    assert board(s) == {PZ: {"swedish_frigate": 2}, d.SUNK: {"us_frigate": 1}}


def test_mercenaries_deserting_every_arab_ends_the_game_for_tripolitania() -> None:
    s = bare_state(1805, "spring")
    place(s, "derne", "arab_infantry", 2)
    place(s, "derne", "tripolitan_infantry", 2)
    s.us_active_event = "general_eaton_attacks_derne"
    s.battle_card_line = ["mercenaries_desert"]
    s.forced_dice = [6, 6]
    run = drive(s, ground_combat(s, "derne"), ["battle-card mercenaries_desert"])
    assert run.game_over and s.forced_dice == []
    assert s.result is not None
    assert (s.result.winner, s.result.how, s.result.text) == (
        d.TRIPOLITANIA, "hamets_army_eliminated", "Hamet's Army has melted away: Tripolitania wins.")


def test_tripoli_attacks_with_every_frigate_and_they_all_come_home() -> None:
    s = bare_state(1804, "summer")
    place(s, PZ, "us_frigate", 1)
    place(s, "tripoli", "corsair", 1)
    place(s, "tripoli", "tripolitan_frigate", 2)
    s.battle_card_line = []
    s.forced_dice = [1] * 2 + [1] * 5
    run = drive(s, play_tripolitan_event(s, "tripoli_attacks"))
    assert run.finished and s.forced_dice == []
    assert [e.data for e in s.log if e.kind == "dice"] == [[1] * 5, [1] * 2]
    assert board(s) == {"tripoli": {"corsair": 1, "tripolitan_frigate": 2}, "malta": {"us_frigate": 1}}
