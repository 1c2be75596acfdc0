"""Pirate raids (S-1) and the Tripolitan battle cards at their printed conditions."""

from __future__ import annotations

import dataclasses

import pytest

from tests.engine.exact import board
from tests.engine.positions import bare_state, drive, give_hand, pieces_at, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event
from tripoli_tui.engine.decisions import (
    BuildCorsair,
    Decline,
    PlayBattleCard,
    Raid,
)
from tripoli_tui.engine.mechanics import combat, raids
from tripoli_tui.engine.state import GameState

PZ = "tripoli_patrol_zone"
TR_SUPPLY = "tripolitan_supply"


def offered(run, card: str) -> bool:  # type: ignore[no-untyped-def]
    return any(dec.kind == "battle_card" and PlayBattleCard(card) in dec.options
               for dec in run.decisions)


# --- interception -------------------------------------------------------------------

def test_interception_with_swedes_and_american_frigates() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 4)
    place(s, PZ, "us_frigate", 1)
    place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line = []
    # 6 interception dice (2 per Swede, 2 per US frigate), then 2 survivors' capture dice.
    s.forced_dice = [6, 1, 1, 1, 6, 2, 5, 4]
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == []
    assert s.forced_dice == []
    assert pieces_at(s, "tripoli") == {"corsair": 2}
    assert s.pieces[TR_SUPPLY]["corsair"] == 7
    assert s.gold == 1
    assert board(s) == {
        'tripoli': {'corsair': 2},
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
    }


def test_sterett_boosts_american_frigates_not_swedes() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 4)
    place(s, PZ, "us_frigate", 1)
    place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line = []
    give_hand(s, "lieutenant_sterett_in_pursuit")
    s.forced_dice = [1, 1, 1, 1, 1, 1, 6] + [1, 1, 1]
    run = drive(s, raids.pirate_raid(s, "tripoli"),
                ["battle-card lieutenant_sterett_in_pursuit"])
    assert run.finished
    assert s.forced_dice == []
    assert pieces_at(s, "tripoli") == {"corsair": 3}
    assert s.us_removed == ["lieutenant_sterett_in_pursuit"]
    assert board(s) == {
        'tripoli': {'corsair': 3},
        'tripoli_patrol_zone': {'us_frigate': 1, 'swedish_frigate': 2},
    }


def test_sterett_not_offered_with_only_swedes() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 3)
    place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line = []
    give_hand(s, "lieutenant_sterett_in_pursuit")
    s.forced_dice = [1, 1, 1, 1, 1, 1, 1]
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == []
    assert s.forced_dice == []
    assert s.us_hand == ["lieutenant_sterett_in_pursuit"]
    assert board(s) == {'tripoli': {'corsair': 3}, 'tripoli_patrol_zone': {'swedish_frigate': 2}}


def test_captures_on_5_and_6_only() -> None:
    s = bare_state(1802, "summer")
    place(s, "tangier", "allied_corsair", 4)
    s.battle_card_line = []
    s.forced_dice = [4, 5, 6, 3]
    drive(s, raids.pirate_raid(s, "tangier"))
    assert s.gold == 2
    assert pieces_at(s, "tangier") == {"allied_corsair": 4}
    assert board(s) == {'tangier': {'allied_corsair': 4}}


def test_twelve_gold_mid_raid_ends_the_game() -> None:
    s = bare_state(1802, "summer")
    s.gold = 10
    place(s, "tripoli", "corsair", 4)
    s.forced_dice = [6, 6, 6, 6]
    run = drive(s, raids.pirate_raid(s, "tripoli"), ["decline"])   # Happy Hunting
    assert run.game_over
    assert s.gold == 12
    assert s.result is not None and dataclasses.asdict(s.result) == {
        "winner": "tripolitania", "how": "gold", "text": s.result.text,
        "year": 1802, "season": 1, "us_points": 18, "tripolitan_points": 12,
        "gold_at_end": 12, "frigates_sunk_at_end": 0}
    assert "merchant_ship_converted" in s.battle_card_line    # never reached
    assert board(s) == {'tripoli': {'corsair': 4}}


def test_fully_intercepted_raid_r29() -> None:
    s = bare_state(1805, "spring")
    place(s, "tripoli", "corsair", 2)
    place(s, PZ, "us_frigate", 1)
    give_hand(s, "naval_movement")
    s.forced_dice = [6, 6]
    run = drive(s, raids.pirate_raid(s, "tripoli"), ["decline"])
    assert run.finished
    assert offered(run, "us_signal_books_overboard")
    assert not offered(run, "happy_hunting")
    assert not offered(run, "merchant_ship_converted")
    assert len(run.decisions) == 1
    assert pieces_at(s, "tripoli") == {}
    assert s.gold == 0
    assert "happy_hunting" in s.battle_card_line
    assert board(s) == {'tripoli_patrol_zone': {'us_frigate': 1}}


def test_empty_harbor_makes_no_raid() -> None:
    s = bare_state(1805, "spring")
    place(s, PZ, "us_frigate", 2)
    give_hand(s, "lieutenant_sterett_in_pursuit")
    s.forced_dice = [6]
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == []
    assert s.forced_dice == [6]
    assert s.battle_card_line == ["happy_hunting", "merchant_ship_converted", "uncharted_waters",
                                  "mercenaries_desert", "us_signal_books_overboard",
                                  "the_guns_of_tripoli"]
    assert board(s) == {'tripoli_patrol_zone': {'us_frigate': 2}}


# --- Happy Hunting ------------------------------------------------------------------------

def test_happy_hunting_adds_three_capture_dice() -> None:
    s = bare_state(1801, "spring")
    place(s, "tripoli", "corsair", 3)
    s.battle_card_line = ["happy_hunting"]
    s.forced_dice = [1, 1, 1, 5, 6, 1]
    run = drive(s, raids.pirate_raid(s, "tripoli"), ["battle-card happy_hunting"])
    assert run.finished
    assert s.forced_dice == []
    assert s.gold == 2
    assert s.battle_card_line == [] and s.tbot_removed == ["happy_hunting"]
    assert board(s) == {'tripoli': {'corsair': 3}}


def test_happy_hunting_not_offered_on_allied_raids() -> None:
    s = bare_state(1801, "spring")
    place(s, "algiers", "allied_corsair", 3)
    s.battle_card_line = ["happy_hunting"]
    s.forced_dice = [1, 1, 1]
    run = drive(s, raids.pirate_raid(s, "algiers"))
    assert run.finished and run.decisions == []
    assert s.battle_card_line == ["happy_hunting"]
    assert board(s) == {'algiers': {'allied_corsair': 3}}


# --- Merchant Ship Converted (TB-18) -------------------------------------------------------

def test_merchant_ship_converted_after_a_successful_allied_raid() -> None:
    s = bare_state(1802, "spring")
    place(s, "tunis", "allied_corsair", 3)
    place(s, "tripoli", "corsair", 2)
    s.battle_card_line = ["merchant_ship_converted"]
    s.forced_dice = [5, 1, 1]
    run = drive(s, raids.pirate_raid(s, "tunis"), ["battle-card merchant_ship_converted"])
    assert run.finished
    assert s.gold == 1
    assert pieces_at(s, "tripoli") == {"corsair": 3}
    assert pieces_at(s, "tunis") == {"allied_corsair": 3}
    assert s.tbot_removed == ["merchant_ship_converted"]
    assert board(s) == {'tunis': {'allied_corsair': 3}, 'tripoli': {'corsair': 3}}


def test_merchant_ship_converted_not_offered_without_a_capture() -> None:
    s = bare_state(1802, "spring")
    place(s, "tripoli", "corsair", 3)
    s.battle_card_line = ["merchant_ship_converted"]
    s.forced_dice = [1, 2, 4]
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == []
    assert s.battle_card_line == ["merchant_ship_converted"]
    assert board(s) == {'tripoli': {'corsair': 3}}


def test_merchant_ship_converted_not_offered_with_no_corsair_in_supply() -> None:
    s = bare_state(1802, "spring")
    place(s, "tripoli", "corsair", 7)
    place(s, "gibraltar", "corsair", 2)
    s.battle_card_line = ["merchant_ship_converted"]
    s.forced_dice = [6] * 7
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == []
    assert s.gold == 7
    assert pieces_at(s, "tripoli") == {"corsair": 7}
    assert s.battle_card_line == ["merchant_ship_converted"]
    assert board(s) == {'gibraltar': {'corsair': 2}, 'tripoli': {'corsair': 7}}


# --- US Signal Books Overboard (TB-19) -------------------------------------------------------

def test_signal_books_discards_the_one_card_in_hand() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "corsair", 3)
    place(s, PZ, "us_frigate", 1)
    s.battle_card_line = ["us_signal_books_overboard"]
    give_hand(s, "tribute_paid")
    s.forced_dice = [1, 1, 1, 1, 1]
    run = drive(s, raids.pirate_raid(s, "tripoli"),
                ["battle-card us_signal_books_overboard"])
    assert run.finished
    assert s.us_hand == [] and s.us_discard == ["tribute_paid"]
    assert s.us_core == ["thomas_jefferson", "swedish_frigates_arrive", "hamets_army_created"]
    assert s.tbot_removed == ["us_signal_books_overboard"]
    assert s.forced_dice == []
    assert board(s) == {'tripoli': {'corsair': 3}, 'tripoli_patrol_zone': {'us_frigate': 1}}


def test_signal_books_not_offered_on_an_empty_hand() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "corsair", 3)
    place(s, PZ, "us_frigate", 1)
    s.battle_card_line = ["us_signal_books_overboard"]
    s.forced_dice = [1, 1, 1, 1, 1]
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == []
    assert s.battle_card_line == ["us_signal_books_overboard"]
    assert board(s) == {'tripoli': {'corsair': 3}, 'tripoli_patrol_zone': {'us_frigate': 1}}


def test_signal_books_not_offered_when_only_swedes_intercept() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "corsair", 3)
    place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line = ["us_signal_books_overboard"]
    give_hand(s, "tribute_paid")
    s.forced_dice = [1] * 7
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == []
    assert s.us_hand == ["tribute_paid"]
    assert board(s) == {'tripoli': {'corsair': 3}, 'tripoli_patrol_zone': {'swedish_frigate': 2}}


def test_signal_books_then_happy_hunting_on_one_raid() -> None:
    s = bare_state(1806, "spring")
    place(s, "tripoli", "corsair", 3)
    place(s, PZ, "us_frigate", 1)
    give_hand(s, "naval_movement")
    s.forced_dice = [1, 1] + [1, 1, 1, 1, 1, 1]
    run = drive(s, raids.pirate_raid(s, "tripoli"),
                ["battle-card us_signal_books_overboard", "battle-card happy_hunting"])
    assert run.finished
    assert [dec.info.card for dec in run.decisions] == ["us_signal_books_overboard",
                                                          "happy_hunting"]
    assert s.forced_dice == []
    assert s.us_discard == ["naval_movement"]
    assert board(s) == {'tripoli': {'corsair': 3}, 'tripoli_patrol_zone': {'us_frigate': 1}}


# --- Mercenaries Desert --------------------------------------------------------------------

def test_mercenaries_desert_before_the_first_round() -> None:
    s = bare_state(1804, "fall")
    place(s, "derne", "arab_infantry", 3)
    place(s, "derne", "tripolitan_infantry", 1)
    s.us_active_event = "general_eaton_attacks_derne"
    # Mercenaries: 1 die per Arab; then a round: 2 Arab dice, 1 Tripolitan die.
    s.forced_dice = [6, 1, 1] + [6, 1] + [1]
    run = drive(s, combat.ground_combat(s, "derne"), ["battle-card mercenaries_desert"])
    assert run.finished and not run.game_over
    assert s.forced_dice == []
    assert pieces_at(s, "derne") == {"arab_infantry": 2}
    assert s.derne_captured
    assert s.tbot_removed == ["mercenaries_desert"]
    assert board(s) == {'derne': {'arab_infantry': 2}}


def test_mercenaries_desert_can_eliminate_hamets_army() -> None:
    s = bare_state(1804, "fall")
    place(s, "derne", "arab_infantry", 1)
    place(s, "derne", "tripolitan_infantry", 2)
    s.us_active_event = "general_eaton_attacks_derne"
    s.forced_dice = [6, 6, 6]
    run = drive(s, combat.ground_combat(s, "derne"), ["battle-card mercenaries_desert"])
    assert run.game_over and s.result.how == "hamets_army_eliminated"
    assert s.forced_dice == [6, 6]
    assert pieces_at(s, "derne") == {"tripolitan_infantry": 2}
    assert board(s) == {'derne': {'tripolitan_infantry': 2}}


def test_mercenaries_desert_not_offered_without_arabs() -> None:
    s = bare_state(1805, "fall")
    place(s, "derne", "marine", 1)
    place(s, "derne", "tripolitan_infantry", 1)
    s.forced_dice = [6, 1]
    run = drive(s, combat.ground_combat(s, "derne"))
    assert run.finished and run.decisions == []
    assert s.derne_captured and s.battle_card_line[3] == "mercenaries_desert"
    assert board(s) == {'derne': {'marine': 1}}


# --- The Guns of Tripoli (TB-20) ---------------------------------------------------------------

def test_guns_of_tripoli_add_twelve_dice_in_a_harbor_battle() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "us_frigate", 2)
    place(s, "tripoli", "corsair", 2)
    # The US is active: 4 dice, then Tripoli's 2 + 12.
    s.forced_dice = [1, 1, 1, 1] + [1] * 12 + [6, 1]
    run = drive(s, combat.harbor_battle(s, "tripoli", active="us"),
                ["battle-card the_guns_of_tripoli"])
    assert run.finished
    assert s.forced_dice == []
    assert pieces_at(s, "malta") == {"us_frigate": 1}
    assert s.pieces["track_1806"]["us_frigate"] == 1
    assert pieces_at(s, "tripoli") == {"corsair": 2}
    assert s.tbot_removed == ["the_guns_of_tripoli"]
    assert board(s) == {
        'malta': {'us_frigate': 1},
        'tripoli': {'corsair': 2},
        'track_1806': {'us_frigate': 1},
    }


def test_guns_of_tripoli_not_offered_in_the_tripoli_attacks_battle() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "corsair", 3)
    place(s, "tripoli", "tripolitan_frigate", 1)
    place(s, PZ, "us_frigate", 1)
    s.forced_dice = [1] * 7
    run = drive(s, play_tripolitan_event(s, "tripoli_attacks"))
    assert run.finished and run.decisions == []
    assert "the_guns_of_tripoli" in s.battle_card_line
    assert board(s) == {
        'malta': {'us_frigate': 1},
        'tripoli': {'tripolitan_frigate': 1, 'corsair': 3},
    }


def test_declining_a_battle_card_keeps_it_in_the_line() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "us_frigate", 1)
    place(s, "tripoli", "corsair", 1)
    s.forced_dice = [1, 1, 1]
    run = drive(s, combat.harbor_battle(s, "tripoli", active="us"), ["decline"])
    assert run.decisions[0].options == (PlayBattleCard("the_guns_of_tripoli"), Decline())
    assert "the_guns_of_tripoli" in s.battle_card_line
    assert pieces_at(s, "malta") == {"us_frigate": 1}
    assert board(s) == {'malta': {'us_frigate': 1}, 'tripoli': {'corsair': 1}}



# --- rules that slipped once: each test went red with its rule broken -----------------------

def dice_logged(state: GameState, what: str) -> list[list[int]]:
    """The dice of every logged roll whose text starts with `what`, in order."""
    return [e.data for e in state.log if e.kind == "dice" and e.text.startswith(what)]

RAIDERS = {"tripoli": "corsair", "tangier": "allied_corsair", "algiers": "allied_corsair",
           "tunis": "allied_corsair"}


def test_interception_hits_beyond_the_raiders_are_lost() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 1)
    place(s, "tripoli", "tripolitan_frigate", 2)
    place(s, PZ, "us_frigate", 2)
    place(s, "gibraltar", "corsair", 1)
    s.battle_card_line = []
    s.forced_dice = [6, 6, 6, 6]
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == [] and s.forced_dice == []
    assert board(s) == {"tripoli": {"tripolitan_frigate": 2}, PZ: {"us_frigate": 2},
                        "gibraltar": {"corsair": 1}}
    assert s.gold == 0
    assert [e.text for e in s.log if e.kind == "dice"] == [
        "Interception from the Tripoli patrol zone: [6] [6] [6] [6] - 1 corsair sunk"]


def test_murad_reis_interception_sinks_no_more_than_the_corsairs_in_gibraltar() -> None:
    s = bare_state(1801, "winter")
    place(s, "gibraltar", "corsair", 1)
    place(s, "gibraltar_patrol_zone", "us_frigate", 3)
    s.forced_dice = [6] * 6
    run = drive(s, play_tripolitan_event(s, "murad_reis_breaks_out"))
    assert run.finished and s.forced_dice == []
    assert board(s) == {"gibraltar_patrol_zone": {"us_frigate": 3}}
    assert s.pieces["tripolitan_supply"]["corsair"] == d.PIECE_TOTALS["corsair"]
    assert [e.text for e in s.log if e.kind == "dice"] == [
        "Interception from the Gibraltar patrol zone: [6] [6] [6] [6] [6] [6] - 1 corsair sunk"]


def test_raid_or_build_counts_corsairs_not_tripolitan_frigates() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 2)
    place(s, "tripoli", "tripolitan_frigate", 2)
    assert raids.raid_or_build_margins(s)[0] == ("tripoli", 2, 0, False)
    assert raids.raid_or_build_options(s) == [BuildCorsair()]
    place(s, "tripoli", "corsair", 1)
    assert raids.raid_or_build_options(s) == [Raid("tripoli")]


@pytest.mark.parametrize("harbor", list(RAIDERS))
def test_only_the_raiding_harbors_patrol_zone_intercepts(harbor: str) -> None:
    s = bare_state(1803, "spring")
    place(s, harbor, RAIDERS[harbor], 3)
    own = d.ZONE_OF[harbor]
    for zone in d.PATROL_ZONES:
        if zone != own:
            place(s, zone, "us_frigate", 1)
    if own != PZ:
        place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line = []
    s.forced_dice = [1, 1, 1]
    run = drive(s, raids.pirate_raid(s, harbor))
    assert run.finished and s.forced_dice == []
    assert dice_logged(s, "Interception") == []
    place(s, own, "us_frigate", 1)
    s.forced_dice = [1, 1] + [1, 1, 1]
    drive(s, raids.pirate_raid(s, harbor))
    assert [e.text.split(":")[0] for e in s.log if e.text.startswith("Interception")] == [
        f"Interception from the {d.place_name(own)}"]
    assert s.forced_dice == []


def test_raid_or_build_with_an_empty_supply_says_nothing_is_built() -> None:
    s = bare_state(1803, "spring")
    place(s, "gibraltar", "corsair", d.PIECE_TOTALS["corsair"])
    run = drive(s, raids.raid_or_build(s), ["build-corsair"])
    assert run.finished
    assert board(s) == {"gibraltar": {"corsair": d.PIECE_TOTALS["corsair"]}}
    assert [e.text for e in s.log] == ["Raid or Build: no corsair is left in the supply to build."]
