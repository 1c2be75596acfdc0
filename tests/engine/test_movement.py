"""The American seasonal choices and naval movement (rulings A-1, A-7 to A-10)."""

from __future__ import annotations

from tests.engine.positions import Run, bare_state, drive, give_hand, pieces_at, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards import decks
from tripoli_tui.engine.decisions import (
    BATTLE_CARD,
    BATTLE_ORDER,
    MOVE_FRIGATE,
    SEND_GUNBOATS,
    ChooseLocation,
    DiscardToBuild,
    DiscardToMove,
    Done,
    MoveTo,
    Pass,
    PlayEvent,
    SendGunboat,
)
from tripoli_tui.engine.state import GameState
from tripoli_tui.engine.turn import american


def play(state: GameState, script: list[str]) -> Run:
    return drive(state, american.american_play(state), script)


# --- the seasonal choice ------------------------------------------------------

def test_discard_to_move_two_frigates_moves_at_most_two() -> None:
    state = bare_state(1802, "summer")
    place(state, "gibraltar", "us_frigate", 3)
    give_hand(state, "treaty_of_peace_and_amity", "naval_movement")
    run = play(state, ["discard-move treaty_of_peace_and_amity",   # victory card for action
                       "from gibraltar", "to tripoli_patrol_zone",
                       "from gibraltar", "to gibraltar_patrol_zone"])
    assert run.finished  # no third frigate is asked for
    assert [dec.kind for dec in run.decisions].count(MOVE_FRIGATE) == 2
    assert pieces_at(state, "gibraltar") == {"us_frigate": 1}
    assert pieces_at(state, "tripoli_patrol_zone") == {"us_frigate": 1}
    assert pieces_at(state, "gibraltar_patrol_zone") == {"us_frigate": 1}
    assert state.us_hand == ["naval_movement"]
    assert state.us_discard == ["treaty_of_peace_and_amity"]
    assert state.us_removed == []
    assert state.us_active_event == ""  # an action leaves no active event card


def test_discard_to_move_zero_frigates_still_discards_the_card() -> None:
    state = bare_state(1802, "summer")
    place(state, "gibraltar", "us_frigate", 3)
    give_hand(state, "congress_authorizes_action")
    run = play(state, ["discard-move congress_authorizes_action", "done"])
    assert run.finished
    assert pieces_at(state, "gibraltar") == {"us_frigate": 3}
    assert state.us_hand == []
    assert state.us_discard == ["congress_authorizes_action"]  # unique, but used for an action


def test_core_cards_are_never_discarded_for_an_action() -> None:
    state = bare_state(1801, "spring")
    give_hand(state, "naval_movement")
    run = play(state, [])
    assert run.pending is not None
    options = set(run.pending.options)
    assert options == {
        PlayEvent("thomas_jefferson"), PlayEvent("swedish_frigates_arrive"),
        PlayEvent("naval_movement"), DiscardToMove("naval_movement"),
        DiscardToBuild("naval_movement"),
    }


def test_discard_to_build_a_gunboat_in_malta() -> None:
    state = bare_state(1803, "fall")
    place(state, "malta", "gunboat", 1)
    give_hand(state, "tribute_paid")
    run = play(state, ["discard-build tribute_paid"])
    assert run.finished
    assert pieces_at(state, "malta") == {"gunboat": 2}
    assert state.pieces[d.US_SUPPLY]["gunboat"] == 1
    assert state.us_discard == ["tribute_paid"]
    assert state.us_hand == []


def test_third_gunboat_built_then_no_more_build_option() -> None:
    state = bare_state(1803, "fall")
    place(state, "malta", "gunboat", 2)
    give_hand(state, "tribute_paid", "early_deployment")
    run = play(state, ["discard-build tribute_paid"])
    assert run.finished
    assert pieces_at(state, "malta") == {"gunboat": 3}
    assert state.pieces[d.US_SUPPLY]["gunboat"] == 0
    state.season = 3
    nxt = play(state, [])
    assert nxt.pending is not None
    assert not any(isinstance(o, DiscardToBuild) for o in nxt.pending.options)
    assert DiscardToMove("early_deployment") in nxt.pending.options


def test_a_sunk_gunboat_can_be_built_again() -> None:
    state = bare_state(1803, "fall")
    place(state, "malta", "gunboat", 2)
    give_hand(state, "tribute_paid")
    # the third gunboat is in the supply because it was sunk
    run = play(state, [])
    assert run.pending is not None
    assert DiscardToBuild("tribute_paid") in run.pending.options


def test_passing_is_offered_only_with_an_empty_hand_even_with_core_cards() -> None:
    state = bare_state(1802, "winter")
    give_hand(state, "a_show_of_force")
    with_card = play(state, [])
    assert with_card.pending is not None
    assert Pass() not in with_card.pending.options
    # with an empty hand: pass, or a core card
    state.us_hand = []
    empty = play(state, ["pass"])
    assert empty.finished
    assert set(empty.decisions[0].options) == {
        Pass(), PlayEvent("thomas_jefferson"), PlayEvent("swedish_frigates_arrive")}
    assert state.us_core == list(decks.US_CORE_CARDS)


# --- naval movement -----------------------------------------------------------

def test_a_frigate_may_move_from_any_location_to_any_other_of_the_fourteen() -> None:
    state = bare_state(1802, "spring")
    place(state, "tunis_patrol_zone", "us_frigate", 1)
    give_hand(state, "naval_movement")
    run = play(state, ["discard-move naval_movement", "from tunis_patrol_zone", "to derne"])
    assert run.finished
    where_to = run.decisions[2]
    assert set(where_to.options) == {MoveTo(loc) for loc in d.MAP_LOCATIONS
                                     if loc != "tunis_patrol_zone"}
    assert len(where_to.options) == 13
    # Derne holds no infantry and no ships: nothing happens, the frigate stays
    assert pieces_at(state, "derne") == {"us_frigate": 1}


def test_moving_into_an_empty_tripoli_harbor_is_allowed_and_starts_nothing() -> None:
    state = bare_state(1803, "spring")
    place(state, "malta", "us_frigate", 1)
    place(state, "malta", "gunboat", 1)
    give_hand(state, "naval_movement")
    run = play(state, ["discard-move naval_movement", "from malta", "to tripoli"])
    assert run.finished
    assert all(dec.kind != SEND_GUNBOATS for dec in run.decisions)
    assert pieces_at(state, "tripoli") == {"us_frigate": 1}
    assert pieces_at(state, "malta") == {"gunboat": 1}


def test_gunboats_are_offered_only_for_attacks_the_frigates_make() -> None:
    state = bare_state(1803, "spring")
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "malta", "gunboat", 2)
    place(state, "derne", "tripolitan_infantry", 2)
    give_hand(state, "naval_movement")
    state.forced_dice = [1, 1, 1]  # 1 frigate (2 dice) + 1 gunboat (1 die): no hit
    run = play(state, ["discard-move naval_movement",
                       "from gibraltar", "to tripoli_patrol_zone",
                       "from gibraltar", "to derne",
                       "gunboat derne", "done"])
    assert run.finished
    offer = [dec for dec in run.decisions if dec.kind == SEND_GUNBOATS][0]
    assert set(offer.options) == {SendGunboat("derne"), Done()}  # never to a patrol zone
    assert state.forced_dice == []
    assert pieces_at(state, "derne") == {"tripolitan_infantry": 2}
    assert pieces_at(state, "malta") == {"gunboat": 2, "us_frigate": 1}
    assert pieces_at(state, "tripoli_patrol_zone") == {"us_frigate": 1}


def test_gunboats_stay_in_malta_when_only_friendly_places_are_entered() -> None:
    state = bare_state(1803, "spring")
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "malta", "gunboat", 3)
    give_hand(state, "naval_movement")
    run = play(state, ["discard-move naval_movement", "from gibraltar", "to alexandria"])
    assert run.finished
    assert all(dec.kind != SEND_GUNBOATS for dec in run.decisions)
    assert pieces_at(state, "malta") == {"gunboat": 3}


def test_several_battles_are_resolved_in_the_order_the_player_picks() -> None:
    state = bare_state(1803, "summer")
    state.battle_card_line = []
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "tripoli", "corsair", 1)
    place(state, "algiers", "allied_corsair", 1)
    place(state, "malta", "gunboat", 1)
    give_hand(state, "naval_movement")
    # Algiers first: US 2 dice [6 1] sinks the corsair, the corsair rolls [1].
    # Then Tripoli: US frigate 2 dice + gunboat 1 die [1 1 1], the corsair rolls [6]
    state.forced_dice = [6, 1, 1, 1, 1, 1, 6]
    run = play(state, ["event naval_movement",
                       "from gibraltar", "to tripoli",
                       "from gibraltar", "to algiers",
                       "gunboat tripoli",
                       "choose algiers",
                       "hit gunboat"])
    assert run.finished
    order = [dec for dec in run.decisions if dec.kind == BATTLE_ORDER][0]
    assert set(order.options) == {ChooseLocation("tripoli"), ChooseLocation("algiers")}
    assert state.forced_dice == []
    assert pieces_at(state, "algiers") == {}
    assert pieces_at(state, "tripoli") == {"corsair": 1}
    assert pieces_at(state, "malta") == {"us_frigate": 2}
    assert state.pieces[d.US_SUPPLY]["gunboat"] == 3
    assert state.pieces[d.TRIPOLITAN_SUPPLY]["allied_corsair"] == 9


def test_a_battle_that_ends_the_game_stops_before_the_next_one() -> None:
    state = bare_state(1803, "summer")
    state.battle_card_line = []
    place(state, "sunk_us_frigates", "us_frigate", 3)
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "tripoli", "tripolitan_frigate", 1)
    place(state, "tunis", "allied_corsair", 2)
    give_hand(state, "naval_movement")
    # Tripoli first: US [1 1], the red frigate [6 6] -> both hits on the one American frigate
    state.forced_dice = [1, 1, 6, 6]
    run = play(state, ["event naval_movement",
                       "from gibraltar", "to tripoli",
                       "from gibraltar", "to tunis",
                       "choose tripoli"])
    # both hits can only go on the one frigate: damaged, then sunk (asked automatically)
    assert run.game_over
    assert state.result.how == "frigates_sunk"
    assert pieces_at(state, "tunis") == {"allied_corsair": 2, "us_frigate": 1}  # never fought


def test_frigates_already_in_a_harbor_take_no_part_in_a_battle_r38() -> None:
    state = bare_state(1803, "summer")
    state.battle_card_line = []
    place(state, "tripoli", "us_frigate", 2)      # sat there since an earlier turn
    place(state, "tripoli", "corsair", 3)
    place(state, "gibraltar", "us_frigate", 1)
    give_hand(state, "naval_movement")
    # only the frigate that moved rolls: 2 dice [6 6]; the 3 corsairs roll [6 1 1]
    state.forced_dice = [6, 6, 6, 1, 1]
    run = play(state, ["discard-move naval_movement", "from gibraltar", "to tripoli", "done"])
    assert run.finished
    assert state.forced_dice == []
    # one hit on the only participating frigate: damaged, to next year's track; the two
    # frigates that did not move stay, untouched, and do not sail to Malta
    assert pieces_at(state, "tripoli") == {"us_frigate": 2, "corsair": 1}
    assert state.pieces["track_1804"]["us_frigate"] == 1
    assert pieces_at(state, "malta") == {}
    assert state.frigates_sunk == 0
    assert any("ruling A-8" in e.text for e in state.log)


def test_frigates_already_at_a_city_take_no_part_in_a_bombardment_r38() -> None:
    state = bare_state(1803, "summer")
    place(state, "benghazi", "us_frigate", 1)
    place(state, "benghazi", "tripolitan_infantry", 4)
    place(state, "tripoli_patrol_zone", "us_frigate", 1)
    give_hand(state, "naval_movement")
    state.forced_dice = [6, 6]  # one frigate moved: 2 dice only
    run = play(state, ["discard-move naval_movement", "from tripoli_patrol_zone", "to benghazi",
                       "done"])
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "benghazi") == {"us_frigate": 1, "tripolitan_infantry": 2}
    assert pieces_at(state, "malta") == {"us_frigate": 1}


def test_a_frigate_sitting_in_a_harbor_may_leave_and_the_others_still_fight() -> None:
    state = bare_state(1803, "summer")
    place(state, "tunis", "us_frigate", 1)
    place(state, "tunis", "allied_corsair", 1)
    place(state, "gibraltar", "us_frigate", 1)
    give_hand(state, "naval_movement")
    # the frigate in Tunis leaves; the one from Gibraltar attacks: [6 1] vs corsair [1]
    state.forced_dice = [6, 1, 1]
    run = play(state, ["discard-move naval_movement",
                       "from tunis", "to tunis_patrol_zone",
                       "from gibraltar", "to tunis"])
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "tunis") == {}
    assert pieces_at(state, "tunis_patrol_zone") == {"us_frigate": 1}
    assert pieces_at(state, "malta") == {"us_frigate": 1}
    assert all(dec.kind != BATTLE_CARD for dec in run.decisions)
