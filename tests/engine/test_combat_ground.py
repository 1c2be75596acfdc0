"""Ground combat, the American ground battle cards, Sterett and Decatur.

Ground combat dice are rolled in this order each round: the Marines (O'Bannon's Marine's extra two
dice included), then the Arab infantry, then the Tripolitan infantry.
"""

from __future__ import annotations

from tests.engine.exact import board
from tests.engine.positions import Run, bare_state, drive, give_hand, pieces_at, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import (
    ALLOCATE_HITS,
    BATTLE_CARD,
    AllocateHit,
)
from tripoli_tui.engine.mechanics import combat, raids
from tripoli_tui.engine.mechanics.combat import ground_combat
from tripoli_tui.engine.state import GameState
from tripoli_tui.engine.turn import american


def fight(state: GameState, city: str, script: list[str]) -> Run:
    return drive(state, combat.ground_combat(state, city), script)


def army(state: GameState, city: str, marines: int, arabs: int) -> None:
    place(state, city, "marine", marines)
    place(state, city, "arab_infantry", arabs)


def test_ground_combat_goes_on_until_the_tripolitans_are_eliminated() -> None:
    state = bare_state(1805, "spring")
    state.battle_card_line = []
    army(state, "benghazi", 1, 3)
    place(state, "benghazi", "tripolitan_infantry", 3)
    state.forced_dice = [
        1, 6, 1, 1, 6, 1, 1,   # round 1: Marine 1, Arabs 6 1 1; Tripolitans 6 1 1
        6, 1, 1, 1, 1,         # round 2: Marine 6, Arabs 1 1; Tripolitans 1 1
        1, 6, 1, 1,            # round 3: Marine 1, Arabs 6 1; Tripolitan 1
    ]
    run = fight(state, "benghazi", ["hit arab_infantry"])
    assert run.finished and not run.game_over
    assert state.forced_dice == []
    assert state.benghazi_captured
    assert pieces_at(state, "benghazi") == {"marine": 1, "arab_infantry": 2}
    assert state.pieces[d.TRIPOLITAN_SUPPLY]["tripolitan_infantry"] == 20
    assert state.pieces[d.US_SUPPLY]["arab_infantry"] == 8


def test_the_player_chooses_each_ground_loss() -> None:
    state = bare_state(1805, "spring")
    state.battle_card_line = []
    army(state, "derne", 1, 2)
    place(state, "derne", "tripolitan_infantry", 2)
    # round 1: Marine 6, Arabs 6 1 -> both Tripolitans gone; they hit twice at the same time
    state.forced_dice = [6, 6, 1, 6, 6]
    run = fight(state, "derne", ["hit marine"])  # the second hit can only take an Arab
    assert run.finished and not run.game_over
    allocations = [dec for dec in run.decisions if dec.kind == ALLOCATE_HITS]
    assert set(allocations[0].options) == {AllocateHit("marine"), AllocateHit("arab_infantry")}
    assert pieces_at(state, "derne") == {"arab_infantry": 1}
    assert state.derne_captured


def test_hamets_army_eliminated_is_a_tripolitan_victory() -> None:
    state = bare_state(1804, "winter")
    state.battle_card_line = []
    army(state, "derne", 0, 1)
    place(state, "derne", "tripolitan_infantry", 2)
    state.forced_dice = [1, 6, 1]
    run = fight(state, "derne", [])
    assert run.game_over
    assert state.result.winner == d.TRIPOLITANIA
    assert state.result.how == "hamets_army_eliminated"
    assert pieces_at(state, "derne") == {"tripolitan_infantry": 2}
    assert not state.derne_captured


def test_both_forces_eliminated_on_the_same_roll_is_a_tripolitan_victory() -> None:
    state = bare_state(1805, "summer")
    state.battle_card_line = []
    army(state, "benghazi", 1, 0)
    place(state, "benghazi", "tripolitan_infantry", 1)
    state.forced_dice = [6, 6]
    run = fight(state, "benghazi", [])
    assert run.game_over
    assert state.result.winner == d.TRIPOLITANIA
    assert state.result.how == "hamets_army_eliminated"
    assert pieces_at(state, "benghazi") == {}
    assert not state.benghazi_captured


def test_lieutenant_obannon_gives_one_marine_three_dice_every_round() -> None:
    state = bare_state(1805, "spring")
    state.battle_card_line = []
    army(state, "derne", 1, 1)
    place(state, "derne", "tripolitan_infantry", 3)
    give_hand(state, "lieutenant_obannon_leads_the_charge")
    state.forced_dice = [
        6, 1, 6, 1, 1, 1, 1,   # round 1: Marine 6 1 6, Arab 1; Tripolitans 1 1 1
        1, 1, 6, 1, 1,         # round 2: Marine 1 1 6, Arab 1; Tripolitan 1
    ]
    run = fight(state, "derne", ["battle-card lieutenant_obannon_leads_the_charge"])
    assert run.finished and not run.game_over
    assert state.forced_dice == []
    assert state.derne_captured
    assert pieces_at(state, "derne") == {"marine": 1, "arab_infantry": 1}
    assert state.us_removed == ["lieutenant_obannon_leads_the_charge"]


def test_marine_sharpshooters_hit_on_five_or_six_arabs_still_need_six() -> None:
    state = bare_state(1805, "spring")
    state.battle_card_line = []
    army(state, "derne", 2, 1)
    place(state, "derne", "tripolitan_infantry", 3)
    give_hand(state, "lieutenant_obannon_leads_the_charge", "marine_sharpshooters")
    # round 1: Marines 5 4, Arab 5 (no hit); Tripolitans 1 1 1 -> 2 left
    # round 2: Marines 5 5, Arab 1; Tripolitans 1 1 -> captured
    state.forced_dice = [5, 4, 5, 1, 1, 1, 5, 5, 1, 1, 1]
    run = fight(state, "derne", ["decline", "battle-card marine_sharpshooters"])
    assert run.finished
    cards = [dec.info.card for dec in run.decisions if dec.kind == BATTLE_CARD]
    assert cards == ["lieutenant_obannon_leads_the_charge", "marine_sharpshooters"]
    assert state.forced_dice == []
    assert state.derne_captured
    assert state.us_hand == ["lieutenant_obannon_leads_the_charge"]
    assert state.us_removed == ["marine_sharpshooters"]


def test_obannon_and_sharpshooters_together_all_three_dice_hit_on_five() -> None:
    state = bare_state(1805, "spring")
    state.battle_card_line = []
    army(state, "benghazi", 1, 0)
    place(state, "benghazi", "tripolitan_infantry", 3)
    give_hand(state, "lieutenant_obannon_leads_the_charge", "marine_sharpshooters")
    state.forced_dice = [5, 5, 6, 1, 1, 1]
    run = fight(state, "benghazi", ["battle-card lieutenant_obannon_leads_the_charge",
                                    "battle-card marine_sharpshooters"])
    assert run.finished and not run.game_over
    assert state.forced_dice == []
    assert state.benghazi_captured
    assert pieces_at(state, "benghazi") == {"marine": 1}


def test_ground_battle_cards_need_a_marine() -> None:
    state = bare_state(1805, "spring")
    state.battle_card_line = []
    army(state, "benghazi", 0, 2)
    place(state, "benghazi", "tripolitan_infantry", 1)
    give_hand(state, "lieutenant_obannon_leads_the_charge", "marine_sharpshooters")
    state.forced_dice = [6, 1, 1]
    run = fight(state, "benghazi", [])
    assert run.finished
    assert all(dec.kind != BATTLE_CARD for dec in run.decisions)
    assert state.us_hand == ["lieutenant_obannon_leads_the_charge", "marine_sharpshooters"]


def test_mercenaries_desert_removing_the_last_arab_before_round_one_loses_the_game() -> None:
    state = bare_state(1804, "summer")
    state.battle_card_line = ["mercenaries_desert"]
    army(state, "derne", 0, 2)
    place(state, "derne", "tripolitan_infantry", 1)
    state.forced_dice = [6, 6]
    run = fight(state, "derne", ["battle-card mercenaries_desert"])
    assert run.game_over
    assert state.result.how == "hamets_army_eliminated"
    assert pieces_at(state, "derne") == {"tripolitan_infantry": 1}


# --- Sterett (interception) and Decatur (Burn / Intrepid) ----------------------------

def test_lieutenant_sterett_gives_american_frigates_three_dice_swedes_keep_two() -> None:
    state = bare_state(1804, "spring")
    place(state, "tripoli_patrol_zone", "us_frigate", 1)
    place(state, "tripoli_patrol_zone", "swedish_frigate", 2)
    place(state, "tripoli", "corsair", 5)
    give_hand(state, "lieutenant_sterett_in_pursuit")
    state.forced_dice = [6, 1, 1, 1, 6, 1, 6]  # 2 x 2 Swedish + 3 American dice
    run = drive(state, raids.interception(state, "tripoli_patrol_zone", "tripoli", "corsair"),
                ["battle-card lieutenant_sterett_in_pursuit"])
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "tripoli") == {"corsair": 2}
    assert state.us_removed == ["lieutenant_sterett_in_pursuit"]


def test_lieutenant_sterett_is_not_offered_to_swedes_alone() -> None:
    state = bare_state(1804, "spring")
    place(state, "tripoli_patrol_zone", "swedish_frigate", 2)
    place(state, "tripoli", "corsair", 3)
    give_hand(state, "lieutenant_sterett_in_pursuit")
    state.forced_dice = [6, 1, 1, 1]
    run = drive(state, raids.interception(state, "tripoli_patrol_zone", "tripoli", "corsair"))
    assert run.finished and run.decisions == []
    assert state.forced_dice == []
    assert pieces_at(state, "tripoli") == {"corsair": 2}
    assert state.us_hand == ["lieutenant_sterett_in_pursuit"]


def test_the_daring_stephen_decatur_rolls_two_dice_for_burn_the_philadelphia() -> None:
    state = bare_state(1804, "summer")
    place(state, "tripoli", "tripolitan_frigate", 1)
    give_hand(state, "the_daring_stephen_decatur", "burn_the_philadelphia")
    state.forced_dice = [2, 5]
    run = drive(state, american.american_play(state),
                ["event burn_the_philadelphia", "battle-card the_daring_stephen_decatur"])
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "tripoli") == {}          # the 5 is used: sunk
    assert state.pieces[d.TRIPOLITAN_SUPPLY]["tripolitan_frigate"] == 2
    assert state.us_removed == ["burn_the_philadelphia", "the_daring_stephen_decatur"]
    assert state.us_hand == []


def test_the_daring_stephen_decatur_with_launch_the_intrepid() -> None:
    state = bare_state(1804, "summer")
    place(state, "tripoli", "corsair", 4)
    give_hand(state, "the_daring_stephen_decatur", "launch_the_intrepid")
    state.forced_dice = [6, 1]
    run = drive(state, american.american_play(state),
                ["event launch_the_intrepid", "battle-card the_daring_stephen_decatur"])
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "tripoli") == {"corsair": 2}
    assert state.us_removed == ["launch_the_intrepid", "the_daring_stephen_decatur"]



# --- rules that slipped once: each test went red with its rule broken -----------------------

def dice_logged(state: GameState, what: str) -> list[list[int]]:
    """The dice of every logged roll whose text starts with `what`, in order."""
    return [e.data for e in state.log if e.kind == "dice" and e.text.startswith(what)]


def test_obannon_bonus_ends_with_the_last_marine() -> None:
    s = bare_state(1805, "spring")
    place(s, "derne", "tripolitan_infantry", 2)
    place(s, "derne", "marine", 1)
    place(s, "derne", "arab_infantry", 2)
    s.battle_card_line = []
    give_hand(s, "lieutenant_obannon_leads_the_charge")
    # Round 1: Marine 1+2 dice, Arabs 2, Tripolitans 2 (one hit: the Marine falls).
    # Round 2: no Marine, no bonus: Arabs 2 (two hits), Tripolitans 2.
    s.forced_dice = [1, 1, 1] + [1, 1] + [6, 1] + [6, 6] + [1, 1]
    run = drive(s, ground_combat(s, "derne"),
                ["battle-card lieutenant_obannon_leads_the_charge", "hit marine"])
    assert run.finished and s.forced_dice == []
    assert dice_logged(s, "Marines fire") == [[1, 1, 1]]
    assert dice_logged(s, "Arab infantry fire") == [[1, 1], [6, 6]]
    assert s.derne_captured
    assert board(s) == {"derne": {"arab_infantry": 2}}


def test_both_forces_gone_is_a_tripolitan_win_in_those_words() -> None:
    s = bare_state(1805, "spring")
    place(s, "derne", "arab_infantry", 1)
    place(s, "derne", "tripolitan_infantry", 1)
    s.battle_card_line = []
    s.forced_dice = [6, 6]
    run = drive(s, ground_combat(s, "derne"))
    assert run.game_over and s.forced_dice == []
    assert s.result is not None
    assert (s.result.winner, s.result.text) == (
        d.TRIPOLITANIA, "In Derne both forces are gone: Tripolitania wins.")
