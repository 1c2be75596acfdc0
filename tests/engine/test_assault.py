"""Assault on Tripoli (rulings C-6 to C-11)."""

from __future__ import annotations

from tests.engine.positions import Run, bare_state, drive, give_hand, pieces_at, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import ALLOCATE_HITS, BATTLE_CARD
from tripoli_tui.engine.state import GameState
from tripoli_tui.engine.turn import american
from tripoli_tui.engine.turn.american import american_play


def assault(state: GameState, script: list[str]) -> Run:
    if "assault_on_tripoli" not in state.us_hand:
        give_hand(state, "assault_on_tripoli")
    return drive(state, american.american_play(state), ["event assault_on_tripoli", *script])


def test_assault_won_at_sea_bombarded_and_taken_with_send_in_the_marines() -> None:
    state = bare_state(1805, "fall")
    state.battle_card_line = ["the_guns_of_tripoli"]
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "tripoli_patrol_zone", "us_frigate", 1)
    place(state, "track_1806", "us_frigate", 1)      # on the track: takes no part
    place(state, "malta", "gunboat", 1)
    place(state, "benghazi", "marine", 1)            # Hamet's Army in Benghazi joins (C-11)
    place(state, "benghazi", "arab_infantry", 2)
    place(state, "tripoli", "tripolitan_frigate", 1)
    place(state, "tripoli", "corsair", 1)
    place(state, "tripoli", "tripolitan_infantry", 2)
    give_hand(state, "prebles_boys_take_aim", "send_in_the_marines")
    state.forced_dice = [
        # round 1: US 3 frigates x 3 (Preble's) + 1 gunboat = 10 dice, 1 hit
        6, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        # Tripoli 1 frigate x 2 + 1 corsair + 12 Guns = 15 dice, 2 hits
        6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        # round 2: US 3 frigates x 2 (two damaged, still rolling) + 1 gunboat = 7 dice, 2 hits
        6, 6, 1, 1, 1, 1, 1,
        # Tripoli: damaged frigate 2 dice + corsair 1 = 3 dice, no hit
        1, 1, 1,
        # bombardment: 1 undamaged frigate x 2 + 1 gunboat = 3 dice, 1 hit
        6, 1, 1,
        # ground round 1: Marines (1 + 3 sent) 4 dice, Arabs 2, Tripolitan 1: captured
        1, 1, 1, 6, 1, 1, 1,
    ]
    run = assault(state, [
        "battle-card prebles_boys_take_aim", "battle-card the_guns_of_tripoli",
        "hit frigate", "hit frigate",      # the United States damages two frigates
        "hit frigate",                     # Tripoli damages its frigate
        "hit corsair",                     # round 2: corsair, then (only option) the frigate
        "battle-card send_in_the_marines",
    ])
    assert run.game_over
    assert state.forced_dice == []
    assert state.result.winner == d.US and state.result.how == "tripoli_captured"
    # two frigates damaged in the assault are in the US supply, not sunk (C-10)
    assert state.frigates_sunk == 0
    assert state.pieces[d.US_SUPPLY]["us_frigate"] == 4 + 2
    assert pieces_at(state, "malta") == {"us_frigate": 1, "gunboat": 1}
    assert state.pieces["track_1806"]["us_frigate"] == 1
    assert pieces_at(state, "tripoli") == {"marine": 4, "arab_infantry": 2}
    assert pieces_at(state, "benghazi") == {}
    assert state.pieces[d.TRIPOLITAN_SUPPLY]["tripolitan_frigate"] == 2
    assert state.us_removed == ["assault_on_tripoli", "prebles_boys_take_aim",
                                "send_in_the_marines"]
    # Send in the Marines is offered after the naval battle and the bombardment (C-11)
    kinds = [(dec.kind, dec.info.card) for dec in run.decisions]
    marines = kinds.index((BATTLE_CARD, "send_in_the_marines"))
    last_allocation = max(i for i, (k, _) in enumerate(kinds) if k == ALLOCATE_HITS)
    assert marines > last_allocation
    assert state.assault_damaged == {}


def test_assault_fleet_destroyed_is_a_tripolitan_victory_even_with_troops_ashore() -> None:
    state = bare_state(1806, "spring")
    state.battle_card_line = []
    place(state, "malta", "us_frigate", 1)
    place(state, "benghazi", "marine", 1)
    place(state, "benghazi", "arab_infantry", 5)
    place(state, "tripoli", "tripolitan_frigate", 2)
    place(state, "tripoli_patrol_zone", "swedish_frigate", 2)  # never fight
    state.forced_dice = [1, 1, 6, 6, 1, 1]
    run = assault(state, [])
    assert run.game_over
    assert state.forced_dice == []
    assert state.result.winner == d.TRIPOLITANIA
    assert state.result.how == "assault_failed"
    assert state.frigates_sunk == 1
    assert pieces_at(state, "tripoli") == {"tripolitan_frigate": 2, "marine": 1,
                                           "arab_infantry": 5}
    assert pieces_at(state, "tripoli_patrol_zone") == {"swedish_frigate": 2}


def test_assault_rounds_go_on_until_a_fleet_is_gone_and_a_fourth_sinking_ends_it() -> None:
    state = bare_state(1805, "winter")
    state.battle_card_line = []
    place(state, "sunk_us_frigates", "us_frigate", 3)
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "tripoli", "corsair", 3)
    place(state, "benghazi", "arab_infantry", 3)
    state.forced_dice = [
        1, 1, 6, 1, 1,     # round 1: US 2 dice miss; corsairs hit once: damaged, stays
        1, 1, 1, 1, 6,     # round 2: US 2 dice miss; corsairs hit once: the damaged one sinks
    ]
    run = assault(state, [])
    assert run.game_over
    assert state.forced_dice == []
    assert state.result.how == "frigates_sunk"
    assert state.frigates_sunk == 4
    assert pieces_at(state, "tripoli") == {"corsair": 3, "arab_infantry": 3}


def test_assault_both_fleets_gone_in_the_same_round_is_a_tripolitan_victory() -> None:
    state = bare_state(1805, "fall")
    state.battle_card_line = []
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "tripoli", "corsair", 2)
    place(state, "benghazi", "marine", 1)
    place(state, "benghazi", "arab_infantry", 5)
    state.forced_dice = [6, 6, 6, 6]
    run = assault(state, [])
    assert run.game_over
    assert state.forced_dice == []
    assert state.result.winner == d.TRIPOLITANIA
    assert state.result.how == "assault_failed"
    assert "Both fleets" in state.result.text
    assert state.frigates_sunk == 1
    assert pieces_at(state, "tripoli") == {"marine": 1, "arab_infantry": 5}


def test_assault_naval_win_with_no_american_troops_is_a_tripolitan_victory() -> None:
    state = bare_state(1805, "fall")
    state.battle_card_line = []
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "derne", "marine", 1)               # in Derne: stays and takes no part (C-11)
    place(state, "derne", "arab_infantry", 4)
    place(state, "tripoli", "corsair", 1)
    place(state, "tripoli", "tripolitan_infantry", 4)
    # naval: US 4 dice sink the corsair, the corsair misses; bombardment 4 dice: 1 hit
    state.forced_dice = [6, 1, 1, 1, 1, 6, 1, 1, 1]
    run = assault(state, [])
    assert run.game_over
    assert state.forced_dice == []
    assert state.result.winner == d.TRIPOLITANIA and state.result.how == "assault_failed"
    assert pieces_at(state, "derne") == {"marine": 1, "arab_infantry": 4}
    assert pieces_at(state, "tripoli") == {"tripolitan_infantry": 3}
    assert pieces_at(state, "malta") == {"us_frigate": 2}


def test_assault_troops_ashore_and_no_tripolitan_infantry_captures_at_once() -> None:
    state = bare_state(1806, "winter")
    state.battle_card_line = ["mercenaries_desert"]
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "benghazi", "marine", 1)
    place(state, "benghazi", "arab_infantry", 1)
    place(state, "tripoli", "tripolitan_frigate", 1)
    give_hand(state, "lieutenant_obannon_leads_the_charge")
    state.forced_dice = [6, 6, 1, 1]
    run = assault(state, [])  # both hits can only go on the one red frigate
    assert run.game_over
    assert state.forced_dice == []
    assert state.result.winner == d.US and state.result.how == "tripoli_captured"
    assert state.us_hand == ["lieutenant_obannon_leads_the_charge"]  # no ground combat
    assert state.battle_card_line == ["mercenaries_desert"]
    assert pieces_at(state, "malta") == {"us_frigate": 1}


def test_assault_against_an_empty_harbor_skips_the_naval_battle() -> None:
    state = bare_state(1805, "fall")
    state.battle_card_line = ["the_guns_of_tripoli"]
    place(state, "tunis_patrol_zone", "us_frigate", 1)
    place(state, "malta", "gunboat", 2)
    place(state, "tripoli", "tripolitan_infantry", 2)
    give_hand(state, "prebles_boys_take_aim", "send_in_the_marines")
    # bombardment: 2 + 2 = 4 dice, 1 hit; ground: 3 Marines vs 1 Tripolitan: 6 1 1 / 1
    state.forced_dice = [6, 1, 1, 1, 6, 1, 1, 1]
    run = assault(state, ["battle-card send_in_the_marines"])
    assert run.game_over
    assert state.forced_dice == []
    assert state.result.winner == d.US
    cards = [dec.info.card for dec in run.decisions if dec.kind == BATTLE_CARD]
    assert cards == ["send_in_the_marines"]               # no Preble's, no Guns (C-9)
    assert state.battle_card_line == ["the_guns_of_tripoli"]
    assert state.us_hand == ["prebles_boys_take_aim"]
    assert pieces_at(state, "malta") == {"us_frigate": 1, "gunboat": 2}
    assert pieces_at(state, "tripoli") == {"marine": 3}


def test_assault_ground_combat_lost_is_a_tripolitan_victory() -> None:
    state = bare_state(1805, "fall")
    state.battle_card_line = []
    place(state, "benghazi", "arab_infantry", 1)
    place(state, "tripoli", "tripolitan_infantry", 1)
    # no fleet on the map, no red ship in the harbor: straight to the ground combat
    state.forced_dice = [1, 6]
    run = assault(state, [])
    assert run.game_over
    assert state.forced_dice == []
    assert state.result.how == "hamets_army_eliminated"
    assert pieces_at(state, "tripoli") == {"tripolitan_infantry": 1}



# --- rules that slipped once: each test went red with its rule broken -----------------------

def _assault(s: GameState, script: list[str]) -> Run:
    give_hand(s, "assault_on_tripoli")
    return drive(s, american_play(s), ["event assault_on_tripoli", *script])


def test_an_assault_by_one_frigate_and_one_gunboat_fights_at_sea() -> None:
    s = bare_state(1805, "fall")
    s.battle_card_line = []
    place(s, "malta", "us_frigate", 1)
    place(s, "malta", "gunboat", 1)
    place(s, "tripoli", "corsair", 1)
    place(s, "tripoli", "tripolitan_infantry", 1)
    s.forced_dice = [6, 1, 1] + [1]
    run = _assault(s, [])
    assert run.game_over
    assert [e.data for e in s.log if e.kind == "dice"][:2] == [[6, 1, 1], [1]]


def test_the_american_fleet_destroyed_in_the_assault_in_those_words() -> None:
    s = bare_state(1805, "fall")
    s.battle_card_line = []
    place(s, "malta", "gunboat", 1)
    place(s, "tripoli", "corsair", 1)
    place(s, "tripoli", "tripolitan_frigate", 1)
    s.forced_dice = [1] + [6, 1, 1]
    run = _assault(s, [])
    assert run.game_over and s.result is not None
    assert (s.result.how, s.result.text) == (
        "assault_failed", "The American fleet is destroyed in the harbor of Tripoli: the assault "
        "fails. Tripolitania wins.")


def test_both_fleets_destroyed_in_the_assault_in_those_words() -> None:
    s = bare_state(1805, "fall")
    s.battle_card_line = []
    place(s, "malta", "gunboat", 1)
    place(s, "tripoli", "corsair", 1)
    s.forced_dice = [6] + [6]
    run = _assault(s, [])
    assert run.game_over and s.result is not None
    assert (s.result.how, s.result.text) == (
        "assault_failed", "Both fleets are destroyed in the harbor of Tripoli: the assault fails. "
        "Tripolitania wins.")


def test_no_bombardment_of_tripoli_without_tripolitan_infantry() -> None:
    s = bare_state(1805, "fall")
    s.battle_card_line = []
    place(s, "malta", "us_frigate", 1)
    place(s, "benghazi", "marine", 1)
    run = _assault(s, [])
    assert run.game_over and s.result is not None and s.result.how == "tripoli_captured"
    assert [e for e in s.log if e.kind == "dice"] == []
    r34 = next(e for e in s.log if "ruling C-9" in e.text)
    assert r34.side == d.US


def test_marines_beaten_ashore_without_the_army_are_told_as_marines() -> None:
    """The Assault's landing by Send in the Marines alone, beaten: the end names the Marines,
    never Hamet's Army (which was never raised)."""
    state = bare_state(1805, "fall")
    state.battle_card_line = []
    give_hand(state, "send_in_the_marines")
    place(state, "tripoli", "tripolitan_infantry", 3)
    state.forced_dice = [1, 1, 1, 6, 6, 6]  # three Marines miss, three Tripolitans hit
    run = assault(state, ["battle-card send_in_the_marines"])
    assert run.game_over
    assert state.result.how == "hamets_army_eliminated"
    assert "the Marines are eliminated" in state.result.text
    assert "Hamet" not in state.result.text
