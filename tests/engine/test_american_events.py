"""One test per American event card, each from a small explicit position to an exact result.

Every card is played through the seasonal turn (`american_play`), so the tests also check where the
card goes afterwards (core / unique / victory out of the game, common to the discard pile) and that
it becomes the American active event card.
"""

from __future__ import annotations

from tests.engine.positions import Run, bare_state, drive, give_hand, pieces_at, place
from tripoli_tui.engine import check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards import decks
from tripoli_tui.engine.decisions import (
    AMERICAN_PLAY,
    BAINBRIDGE,
    MOVE_DESTINATION,
    MOVE_FRIGATE,
    ChooseLocation,
    Done,
    MoveFrom,
    PlayEvent,
    TakeCard,
)
from tripoli_tui.engine.state import GameState
from tripoli_tui.engine.turn import american
from tripoli_tui.engine.turn.american import american_play

US_SUPPLY = d.US_SUPPLY
TR_SUPPLY = d.TRIPOLITAN_SUPPLY


def play(state: GameState, script: list[str]) -> Run:
    """The American seasonal turn with a script (its first entry is the play itself)."""
    return drive(state, american.american_play(state), script)


# --- core cards ----------------------------------------------------------------------

def test_thomas_jefferson_moves_frigates_from_and_to_anywhere_and_leaves_the_game() -> None:
    state = bare_state(1802, "summer")
    place(state, "gibraltar", "us_frigate", 3)
    place(state, "tangier_patrol_zone", "us_frigate", 1)
    run = play(state, ["event thomas_jefferson",
                       "from gibraltar", "to tripoli_patrol_zone",
                       "from gibraltar", "to tripoli_patrol_zone",
                       "from tangier_patrol_zone", "to alexandria",
                       "done"])
    assert run.finished and not run.game_over
    assert pieces_at(state, "gibraltar") == {"us_frigate": 1}
    assert pieces_at(state, "tripoli_patrol_zone") == {"us_frigate": 2}
    assert pieces_at(state, "alexandria") == {"us_frigate": 1}
    assert pieces_at(state, "tangier_patrol_zone") == {}
    assert state.us_core == ["swedish_frigates_arrive", "hamets_army_created"]
    assert state.us_removed == ["thomas_jefferson"]
    assert state.us_discard == []
    assert state.us_active_event == "thomas_jefferson"
    moves = [dec for dec in run.decisions if dec.kind == MOVE_FRIGATE]
    assert moves[0].info.limit == 8


def test_thomas_jefferson_moves_at_most_eight_distinct_frigates() -> None:
    state = bare_state(1803, "spring")
    place(state, "gibraltar", "us_frigate", 8)
    script = ["event thomas_jefferson"]
    for _ in range(8):
        script += ["from gibraltar", "to malta"]
    run = play(state, script)
    # no ninth "from where?" question: the procedure ended by itself after eight moves
    assert run.finished
    assert [dec.kind for dec in run.decisions].count(MOVE_FRIGATE) == 8
    assert pieces_at(state, "malta") == {"us_frigate": 8}
    assert pieces_at(state, "gibraltar") == {}


def test_swedish_frigates_arrive_in_the_tripoli_patrol_zone() -> None:
    state = bare_state(1801, "fall")
    run = play(state, ["event swedish_frigates_arrive"])
    assert run.finished
    assert pieces_at(state, "tripoli_patrol_zone") == {"swedish_frigate": 2}
    assert state.pieces[US_SUPPLY]["swedish_frigate"] == 0
    assert state.us_removed == ["swedish_frigates_arrive"]
    assert state.us_core == ["thomas_jefferson", "hamets_army_created"]


def test_hamets_army_created_places_one_marine_and_five_arabs_in_alexandria() -> None:
    state = bare_state(1804, "spring")
    place(state, "alexandria", "us_frigate", 1)
    run = play(state, ["event hamets_army_created"])
    assert run.finished
    assert pieces_at(state, "alexandria") == {"us_frigate": 1, "marine": 1, "arab_infantry": 5}
    assert state.pieces[US_SUPPLY]["marine"] == 3
    assert state.pieces[US_SUPPLY]["arab_infantry"] == 5
    assert state.us_removed == ["hamets_army_created"]
    assert state.hamet_army_location() == "alexandria"


# --- victory card: the Treaty (the Assault has its own file) ------------------------

def test_treaty_of_peace_and_amity_ends_the_game_in_an_american_victory() -> None:
    state = bare_state(1805, "fall")
    state.derne_captured = True
    place(state, "tripoli", "corsair", 3)          # corsairs do not block the Treaty
    place(state, "track_1806", "tripolitan_frigate", 1)  # a frigate on the track does not either
    state.gold = 7
    give_hand(state, "treaty_of_peace_and_amity")
    run = play(state, ["event treaty_of_peace_and_amity"])
    assert run.game_over
    assert state.result.winner == d.US
    assert state.result.how == "treaty"
    assert state.us_removed == ["treaty_of_peace_and_amity"]
    assert state.us_hand == []


# --- common cards -------------------------------------------------------------------

def test_naval_movement_moves_up_to_four_frigates() -> None:
    state = bare_state(1802, "fall")
    place(state, "gibraltar", "us_frigate", 5)
    give_hand(state, "naval_movement")
    script = ["event naval_movement"]
    for zone in ("tripoli_patrol_zone", "tripoli_patrol_zone", "tunis_patrol_zone", "malta"):
        script += ["from gibraltar", f"to {zone}"]
    run = play(state, script)
    assert run.finished  # the fifth frigate is never asked for
    assert [dec.kind for dec in run.decisions].count(MOVE_FRIGATE) == 4
    assert pieces_at(state, "gibraltar") == {"us_frigate": 1}
    assert pieces_at(state, "tripoli_patrol_zone") == {"us_frigate": 2}
    assert pieces_at(state, "tunis_patrol_zone") == {"us_frigate": 1}
    assert pieces_at(state, "malta") == {"us_frigate": 1}
    assert state.us_discard == ["naval_movement"]
    assert state.us_removed == []
    assert state.us_active_event == "naval_movement"


def test_early_deployment_brings_next_years_frigate_into_a_patrol_zone() -> None:
    state = bare_state(1803, "winter")
    place(state, "track_1804", "us_frigate", 2)
    place(state, "track_1805", "us_frigate", 1)
    give_hand(state, "early_deployment")
    run = play(state, ["event early_deployment", "choose algiers_patrol_zone"])
    assert run.finished
    options = run.decisions[1].options
    assert set(options) == {ChooseLocation(z) for z in d.PATROL_ZONES}
    assert pieces_at(state, "algiers_patrol_zone") == {"us_frigate": 1}
    assert state.pieces["track_1804"]["us_frigate"] == 1
    assert state.pieces["track_1805"]["us_frigate"] == 1
    assert state.us_discard == ["early_deployment"]


def test_a_show_of_force_moves_exactly_three_frigates_and_makes_peace_without_battle() -> None:
    state = bare_state(1803, "summer")
    place(state, "algiers", "allied_corsair", 3)
    place(state, "tunis", "allied_corsair", 3)
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "tripoli_patrol_zone", "us_frigate", 2)
    give_hand(state, "a_show_of_force")
    state.forced_dice = [6, 6, 6, 6, 6, 6]  # no die may be rolled: there is no battle
    run = play(state, ["event a_show_of_force", "choose algiers",
                       "from gibraltar", "from gibraltar", "from tripoli_patrol_zone"])
    assert run.finished
    # exactly three: no "done" was ever offered while choosing the frigates
    assert all(Done() not in dec.options for dec in run.decisions if dec.kind == MOVE_FRIGATE)
    assert [dec.kind for dec in run.decisions].count(MOVE_DESTINATION) == 0
    assert pieces_at(state, "algiers") == {"us_frigate": 3}
    assert pieces_at(state, "tripoli_patrol_zone") == {"us_frigate": 1}
    assert pieces_at(state, "tunis") == {"allied_corsair": 3}
    assert state.pieces[TR_SUPPLY]["allied_corsair"] == 6
    assert state.forced_dice == [6, 6, 6, 6, 6, 6]
    assert state.active_allies() == ["tunis"]
    assert state.us_discard == ["a_show_of_force"]


def test_a_show_of_force_counts_a_frigate_already_in_the_harbor_n02() -> None:
    state = bare_state(1803, "summer")
    place(state, "algiers", "allied_corsair", 3)
    place(state, "algiers", "us_frigate", 1)
    place(state, "gibraltar", "us_frigate", 2)
    give_hand(state, "a_show_of_force")
    run = play(state, ["event a_show_of_force", "choose algiers",
                       "from algiers", "from gibraltar", "from gibraltar"])
    assert run.finished
    first_pick = next(dec for dec in run.decisions if dec.kind == MOVE_FRIGATE)
    assert MoveFrom("algiers") in first_pick.options
    assert pieces_at(state, "algiers") == {"us_frigate": 3}
    assert pieces_at(state, "gibraltar") == {}
    assert state.active_allies() == []


def test_tribute_paid_makes_peace_and_pays_two_gold() -> None:
    state = bare_state(1804, "winter")
    place(state, "tangier", "allied_corsair", 2)
    place(state, "malta", "us_frigate", 1)
    state.gold = 3
    give_hand(state, "tribute_paid")
    run = play(state, ["event tribute_paid", "choose tangier", "from malta"])
    assert run.finished
    assert pieces_at(state, "tangier") == {"us_frigate": 1}
    assert state.pieces[TR_SUPPLY]["allied_corsair"] == 9
    assert state.gold == 5
    assert state.us_discard == ["tribute_paid"]


def test_tribute_paid_can_give_tripoli_its_twelfth_gold() -> None:
    state = bare_state(1805, "spring")
    place(state, "tunis", "allied_corsair", 1)
    place(state, "gibraltar", "us_frigate", 1)
    state.gold = 11
    give_hand(state, "tribute_paid")
    run = play(state, ["event tribute_paid", "choose tunis", "from gibraltar"])
    assert run.game_over
    assert state.gold == 12
    assert state.result.winner == d.TRIPOLITANIA and state.result.how == "gold"


def test_constantinople_demands_tribute_returns_two_gold() -> None:
    state = bare_state(1803, "fall")
    state.gold = 5
    give_hand(state, "constantinople_demands_tribute")
    run = play(state, ["event constantinople_demands_tribute"])
    assert run.finished
    assert state.gold == 3
    assert state.us_discard == ["constantinople_demands_tribute"]


def test_constantinople_demands_tribute_with_one_gold_takes_that_one() -> None:
    state = bare_state(1803, "fall")
    state.gold = 1
    give_hand(state, "constantinople_demands_tribute")
    run = play(state, ["event constantinople_demands_tribute"])
    assert run.finished
    assert state.gold == 0


def test_hamet_recruits_bedouins_adds_two_arabs_where_the_army_is() -> None:
    state = bare_state(1805, "summer")
    place(state, "derne", "marine", 1)
    place(state, "derne", "arab_infantry", 3)
    give_hand(state, "hamet_recruits_bedouins")
    run = play(state, ["event hamet_recruits_bedouins"])
    assert run.finished
    assert pieces_at(state, "derne") == {"marine": 1, "arab_infantry": 5}
    assert state.pieces[US_SUPPLY]["arab_infantry"] == 5
    assert state.us_discard == ["hamet_recruits_bedouins"]


def test_hamet_recruits_bedouins_adds_only_what_the_supply_holds() -> None:
    state = bare_state(1805, "summer")
    place(state, "alexandria", "marine", 1)
    place(state, "alexandria", "arab_infantry", 9)
    give_hand(state, "hamet_recruits_bedouins")
    run = play(state, ["event hamet_recruits_bedouins"])
    assert run.finished
    assert pieces_at(state, "alexandria") == {"marine": 1, "arab_infantry": 10}
    assert state.pieces[US_SUPPLY]["arab_infantry"] == 0


def test_bainbridge_supplies_intel_takes_a_card_back_into_the_hand() -> None:
    state = bare_state(1805, "fall")
    state.us_draw.remove("a_show_of_force")
    state.us_draw.remove("lieutenant_sterett_in_pursuit")
    state.us_discard = ["a_show_of_force", "lieutenant_sterett_in_pursuit"]
    give_hand(state, "bainbridge_supplies_intel")
    run = play(state, ["event bainbridge_supplies_intel", "take a_show_of_force"])
    assert run.finished
    bainbridge = [dec for dec in run.decisions if dec.kind == BAINBRIDGE][0]
    # no active ally: A Show of Force may be taken but not played; a battle card is only taken
    assert set(bainbridge.options) == {TakeCard("a_show_of_force"),
                                       TakeCard("lieutenant_sterett_in_pursuit")}
    assert state.us_hand == ["a_show_of_force"]
    assert state.us_discard == ["lieutenant_sterett_in_pursuit", "bainbridge_supplies_intel"]
    assert state.us_active_event == "bainbridge_supplies_intel"


def test_bainbridge_supplies_intel_plays_a_discarded_card_as_the_active_event() -> None:
    state = bare_state(1805, "fall")
    state.gold = 4
    state.us_draw.remove("constantinople_demands_tribute")
    state.us_discard = ["constantinople_demands_tribute"]
    give_hand(state, "bainbridge_supplies_intel")
    run = play(state, ["event bainbridge_supplies_intel",
                       "event constantinople_demands_tribute"])
    assert run.finished
    bainbridge = [dec for dec in run.decisions if dec.kind == BAINBRIDGE][0]
    assert PlayEvent("constantinople_demands_tribute") in bainbridge.options
    assert state.gold == 2
    assert state.us_active_event == "constantinople_demands_tribute"
    assert state.us_discard == ["bainbridge_supplies_intel", "constantinople_demands_tribute"]
    assert state.us_hand == []


def test_bainbridge_playing_a_unique_card_removes_it_from_the_game() -> None:
    state = bare_state(1804, "spring")
    place(state, "gibraltar", "corsair", 2)
    state.us_draw.remove("corsairs_confiscated")
    state.us_discard = ["corsairs_confiscated"]
    give_hand(state, "bainbridge_supplies_intel")
    run = play(state, ["event bainbridge_supplies_intel", "event corsairs_confiscated"])
    assert run.finished
    assert state.pieces["gibraltar"]["corsair"] == 0
    assert state.us_discard == ["bainbridge_supplies_intel"]
    assert state.us_removed == ["corsairs_confiscated"]


# --- unique cards -------------------------------------------------------------------

def test_congress_authorizes_action_puts_two_frigates_on_next_years_space() -> None:
    state = bare_state(1803, "spring")
    place(state, "gibraltar", "us_frigate", 6)   # 2 left in the supply
    give_hand(state, "congress_authorizes_action")
    run = play(state, ["event congress_authorizes_action"])
    assert run.finished
    assert state.pieces["track_1804"]["us_frigate"] == 2
    assert state.pieces[US_SUPPLY]["us_frigate"] == 0
    assert state.us_removed == ["congress_authorizes_action"]
    assert state.us_discard == []


def test_congress_authorizes_action_with_one_frigate_in_supply_places_one() -> None:
    state = bare_state(1805, "winter")
    place(state, "gibraltar", "us_frigate", 7)
    give_hand(state, "congress_authorizes_action")
    run = play(state, ["event congress_authorizes_action"])
    assert run.finished
    assert state.pieces["track_1806"]["us_frigate"] == 1
    assert state.pieces[US_SUPPLY]["us_frigate"] == 0


def test_corsairs_confiscated_empties_gibraltar_and_removes_murad_reis() -> None:
    state = bare_state(1801, "spring")
    place(state, "gibraltar", "corsair", 2)
    place(state, "gibraltar", "us_frigate", 3)
    give_hand(state, "corsairs_confiscated")
    run = play(state, ["event corsairs_confiscated"])
    assert run.finished
    assert pieces_at(state, "gibraltar") == {"us_frigate": 3}
    assert state.pieces[TR_SUPPLY]["corsair"] == 9
    assert state.event_card_line == ["constantinople_sends_aid", "yusuf_qaramanli",
                                     "sweden_pays_tribute"]
    assert state.tbot_removed == ["murad_reis_breaks_out"]
    assert state.us_removed == ["corsairs_confiscated"]


def test_burn_the_philadelphia_3_to_4_damages_a_frigate_to_next_years_track() -> None:
    state = bare_state(1803, "summer")
    place(state, "tripoli", "tripolitan_frigate", 2)
    place(state, "tripoli", "corsair", 3)
    give_hand(state, "burn_the_philadelphia")
    state.forced_dice = [4]
    run = play(state, ["event burn_the_philadelphia"])
    assert run.finished
    assert pieces_at(state, "tripoli") == {"tripolitan_frigate": 1, "corsair": 3}
    assert state.pieces["track_1804"]["tripolitan_frigate"] == 1
    assert state.us_removed == ["burn_the_philadelphia"]


def test_burn_the_philadelphia_5_to_6_sinks_a_frigate() -> None:
    state = bare_state(1803, "summer")
    place(state, "tripoli", "tripolitan_frigate", 1)
    give_hand(state, "burn_the_philadelphia")
    state.forced_dice = [5]
    run = play(state, ["event burn_the_philadelphia"])
    assert run.finished
    assert pieces_at(state, "tripoli") == {}
    assert state.pieces[TR_SUPPLY]["tripolitan_frigate"] == 2
    assert state.pieces["track_1804"]["tripolitan_frigate"] == 0


def test_burn_the_philadelphia_1_to_2_fails() -> None:
    state = bare_state(1803, "summer")
    place(state, "tripoli", "tripolitan_frigate", 1)
    give_hand(state, "burn_the_philadelphia")
    state.forced_dice = [2]
    run = play(state, ["event burn_the_philadelphia"])
    assert run.finished
    assert pieces_at(state, "tripoli") == {"tripolitan_frigate": 1}
    assert state.us_removed == ["burn_the_philadelphia"]


def test_burn_the_philadelphia_damage_in_1806_sends_the_frigate_to_supply() -> None:
    state = bare_state(1806, "spring")
    place(state, "tripoli", "tripolitan_frigate", 1)
    give_hand(state, "burn_the_philadelphia")
    state.forced_dice = [3]
    run = play(state, ["event burn_the_philadelphia"])
    assert run.finished
    assert pieces_at(state, "tripoli") == {}
    assert state.pieces[TR_SUPPLY]["tripolitan_frigate"] == 2


def test_launch_the_intrepid_3_to_4_sinks_a_corsair() -> None:
    state = bare_state(1804, "fall")
    place(state, "tripoli", "corsair", 4)
    place(state, "tripoli", "tripolitan_frigate", 1)
    place(state, "gibraltar", "corsair", 2)
    give_hand(state, "launch_the_intrepid")
    state.forced_dice = [3]
    run = play(state, ["event launch_the_intrepid"])
    assert run.finished
    assert pieces_at(state, "tripoli") == {"corsair": 3, "tripolitan_frigate": 1}
    assert pieces_at(state, "gibraltar") == {"corsair": 2}
    assert state.us_removed == ["launch_the_intrepid"]


def test_launch_the_intrepid_5_to_6_sinks_a_frigate() -> None:
    state = bare_state(1804, "fall")
    place(state, "tripoli", "corsair", 4)
    place(state, "tripoli", "tripolitan_frigate", 1)
    give_hand(state, "launch_the_intrepid")
    state.forced_dice = [6]
    run = play(state, ["event launch_the_intrepid"])
    assert run.finished
    assert pieces_at(state, "tripoli") == {"corsair": 4}


def test_launch_the_intrepid_5_to_6_without_frigate_sinks_two_corsairs() -> None:
    state = bare_state(1804, "fall")
    place(state, "tripoli", "corsair", 3)
    place(state, "track_1805", "tripolitan_frigate", 1)  # not in the harbor: not a target
    give_hand(state, "launch_the_intrepid")
    state.forced_dice = [5]
    run = play(state, ["event launch_the_intrepid"])
    assert run.finished
    assert pieces_at(state, "tripoli") == {"corsair": 1}
    assert state.pieces["track_1805"]["tripolitan_frigate"] == 1


def test_launch_the_intrepid_3_to_4_with_only_a_frigate_sinks_nothing() -> None:
    state = bare_state(1804, "fall")
    place(state, "tripoli", "tripolitan_frigate", 1)
    give_hand(state, "launch_the_intrepid")
    state.forced_dice = [4]
    run = play(state, ["event launch_the_intrepid"])
    assert run.finished
    assert pieces_at(state, "tripoli") == {"tripolitan_frigate": 1}


def test_general_eaton_attacks_derne_bombards_then_captures_derne() -> None:
    state = bare_state(1804, "summer")
    state.battle_card_line = []                     # no Mercenaries Desert in this test
    place(state, "alexandria", "marine", 1)
    place(state, "alexandria", "arab_infantry", 5)
    place(state, "alexandria", "us_frigate", 1)
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "derne", "tripolitan_infantry", 4)
    give_hand(state, "general_eaton_attacks_derne")
    # bombardment: 2 frigates = 4 dice, two sixes -> 2 infantry left
    # round 1: Marine [1], Arabs [6 1 1 1 1], Tripolitans [1 1] -> 1 left
    # round 2: Marine [6], Arabs [1 1 1 1 1], Tripolitan [1] -> captured
    state.forced_dice = [6, 6, 2, 2,
                         1, 6, 1, 1, 1, 1, 1, 1,
                         6, 1, 1, 1, 1, 1, 1]
    run = play(state, ["event general_eaton_attacks_derne",
                       "from alexandria", "from gibraltar"])
    assert run.finished and not run.game_over
    assert state.forced_dice == []
    assert state.derne_captured
    assert pieces_at(state, "derne") == {"marine": 1, "arab_infantry": 5}
    assert pieces_at(state, "alexandria") == {}
    assert pieces_at(state, "malta") == {"us_frigate": 2}
    assert state.pieces[TR_SUPPLY]["tripolitan_infantry"] == 20
    assert state.us_removed == ["general_eaton_attacks_derne"]
    assert state.us_active_event == "general_eaton_attacks_derne"


def test_general_eaton_attacks_benghazi_takes_an_empty_city_without_combat() -> None:
    state = bare_state(1805, "spring")
    state.derne_captured = True
    place(state, "derne", "marine", 1)
    place(state, "derne", "arab_infantry", 4)
    place(state, "malta", "us_frigate", 1)
    place(state, "malta", "gunboat", 2)
    give_hand(state, "lieutenant_obannon_leads_the_charge", "general_eaton_attacks_benghazi")
    state.forced_dice = [6, 6, 6]  # no die may be rolled
    run = play(state, ["event general_eaton_attacks_benghazi", "from malta"])
    assert run.finished and not run.game_over
    assert state.benghazi_captured
    assert state.forced_dice == [6, 6, 6]
    # no bombardment, the frigate stays in Benghazi, no gunboat is asked for
    assert pieces_at(state, "benghazi") == {"marine": 1, "arab_infantry": 4, "us_frigate": 1}
    assert pieces_at(state, "malta") == {"gunboat": 2}
    assert state.us_hand == ["lieutenant_obannon_leads_the_charge"]  # no battle-card offer
    assert [dec.kind for dec in run.decisions] == [AMERICAN_PLAY, MOVE_FRIGATE]
    assert state.us_removed == ["general_eaton_attacks_benghazi"]


def test_move_frigate_options_name_every_location_with_an_unmoved_frigate() -> None:
    state = bare_state(1802, "spring")
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "tunis_patrol_zone", "us_frigate", 1)
    place(state, "track_1803", "us_frigate", 1)  # on the track: cannot move
    give_hand(state, "naval_movement")
    run = play(state, ["event naval_movement", "from gibraltar", "to tunis_patrol_zone"])
    assert run.pending is not None and run.pending.kind == MOVE_FRIGATE
    first = [dec for dec in run.decisions if dec.kind == MOVE_FRIGATE][0]
    assert set(first.options) == {MoveFrom("gibraltar"), MoveFrom("tunis_patrol_zone"), Done()}
    # two frigates are now in the Tunis zone, only one of them has not moved yet
    assert set(run.pending.options) == {MoveFrom("tunis_patrol_zone"), Done()}


def test_general_eaton_gunboats_join_and_frigates_sitting_in_derne_take_no_part() -> None:
    state = bare_state(1804, "fall")
    state.battle_card_line = ["mercenaries_desert"]
    place(state, "alexandria", "marine", 1)
    place(state, "alexandria", "arab_infantry", 5)
    place(state, "derne", "us_frigate", 1)          # sat there since an earlier turn
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "malta", "gunboat", 2)
    place(state, "derne", "tripolitan_infantry", 2)
    state.forced_dice = [
        6, 1, 1, 1,                 # bombardment: 1 moved frigate x 2 + 2 gunboats
        6, 1, 1, 1, 1,              # Mercenaries Desert: one die per Arab, one deserts
        1, 1, 1, 1, 1, 6,           # round 1: Marine 1, Arabs 1 1 1 1; Tripolitan 6
        1, 6, 1, 1, 1,              # round 2: Marine 1, Arabs 6 1 1; Tripolitan 1: captured
    ]
    give_hand(state, "general_eaton_attacks_derne")
    run = play(state, ["event general_eaton_attacks_derne", "from gibraltar",
                       "gunboat derne", "gunboat derne",
                       "battle-card mercenaries_desert",
                       "hit arab_infantry"])
    assert run.finished and not run.game_over
    assert state.forced_dice == []
    assert state.derne_captured
    assert state.tbot_removed == ["mercenaries_desert"]
    assert pieces_at(state, "derne") == {"us_frigate": 1, "marine": 1, "arab_infantry": 3}
    assert pieces_at(state, "malta") == {"us_frigate": 1, "gunboat": 2}
    assert state.pieces[d.US_SUPPLY]["arab_infantry"] == 7
    # the frigate sitting in Derne was not one of the frigates that could move there
    first_move = [dec for dec in run.decisions if dec.kind == MOVE_FRIGATE][0]
    assert set(first_move.options) == {MoveFrom("gibraltar"), Done()}


def test_general_eaton_without_frigates_sends_no_gunboats_and_fights_at_once() -> None:
    state = bare_state(1804, "fall")
    state.battle_card_line = []
    place(state, "alexandria", "arab_infantry", 2)
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "malta", "gunboat", 3)
    place(state, "derne", "tripolitan_infantry", 1)
    state.forced_dice = [6, 1, 1]  # Arabs 6 1; Tripolitan 1
    give_hand(state, "general_eaton_attacks_derne")
    run = play(state, ["event general_eaton_attacks_derne", "done"])
    assert run.finished and not run.game_over
    assert all(dec.kind != "send_gunboats" for dec in run.decisions)
    assert state.forced_dice == []
    assert state.derne_captured
    assert pieces_at(state, "derne") == {"arab_infantry": 2}
    assert pieces_at(state, "malta") == {"gunboat": 3}
    assert pieces_at(state, "gibraltar") == {"us_frigate": 1}


def test_general_eaton_bombardment_that_empties_the_city_captures_it_without_combat() -> None:
    state = bare_state(1805, "spring")
    state.derne_captured = True
    place(state, "derne", "marine", 1)
    place(state, "derne", "arab_infantry", 3)
    place(state, "tunis_patrol_zone", "us_frigate", 2)
    place(state, "benghazi", "tripolitan_infantry", 2)
    give_hand(state, "marine_sharpshooters", "general_eaton_attacks_benghazi")
    state.forced_dice = [6, 1, 1, 6]
    run = play(state, ["event general_eaton_attacks_benghazi",
                       "from tunis_patrol_zone", "from tunis_patrol_zone"])
    assert run.finished and not run.game_over
    assert state.forced_dice == []
    assert state.benghazi_captured
    assert pieces_at(state, "benghazi") == {"marine": 1, "arab_infantry": 3}
    assert pieces_at(state, "malta") == {"us_frigate": 2}
    assert state.us_hand == ["marine_sharpshooters"]
    assert state.battle_card_line == list(decks.TBOT_BATTLE_LINE_START)
    assert check_invariants(state) == []



# --- rules that slipped once: each test went red with its rule broken -----------------------

def test_tribute_paid_must_move_a_frigate_into_the_harbor() -> None:
    s = bare_state(1804, "winter")
    place(s, "tangier", "allied_corsair", 2)
    place(s, "malta", "us_frigate", 1)
    give_hand(s, "tribute_paid")
    run = drive(s, american_play(s), ["event tribute_paid", "choose tangier"])
    assert run.pending is not None and run.pending.kind == "move_frigate"
    assert [o.text() for o in run.pending.options] == ["from malta"]


def test_congress_authorizes_two_frigates_even_with_more_in_the_supply() -> None:
    s = bare_state(1803, "spring")
    place(s, "gibraltar", "us_frigate", 5)   # 3 left in the supply
    give_hand(s, "congress_authorizes_action")
    run = drive(s, american_play(s), ["event congress_authorizes_action"])
    assert run.finished
    assert s.pieces["track_1804"]["us_frigate"] == 2
    assert s.pieces[d.US_SUPPLY]["us_frigate"] == 1
