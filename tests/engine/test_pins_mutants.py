"""Pins found by mutation testing: rules no other test noticed when they were changed.

Each test kills a mutant of tripoli_tui/engine that the rest of the suite let survive (mutmut).
"""

from __future__ import annotations

from tests.engine.exact import board
from tests.engine.positions import Run, bare_state, drive, give_hand, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.american import event_requirement
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event, solitaire_condition
from tripoli_tui.engine.procedures.american import american_play
from tripoli_tui.engine.procedures.combat import UsForce, bombard, ground_combat, harbor_battle
from tripoli_tui.engine.procedures.flow import start_of_year
from tripoli_tui.engine.procedures.tripolitan import tripolitan_play
from tripoli_tui.engine.state import GameState, LogEntry

PZ = "tripoli_patrol_zone"


def texts(log: list[LogEntry]) -> list[str]:
    return [e.text for e in log]


# --- the new year ---------------------------------------------------------------------------------

def test_every_tripolitan_frigate_on_the_track_space_returns_to_tripoli() -> None:
    s = bare_state(1803, "spring")
    s.phase = "start_of_year"
    place(s, d.track_space(1803), "tripolitan_frigate", 2)
    start_of_year(s)
    assert board(s) == {"tripoli": {"tripolitan_frigate": 2}}
    assert "2 Tripolitan frigates return to Tripoli." in texts(s.log)


def test_one_card_drawn_is_one_card() -> None:
    s = bare_state(1806, "spring")
    s.phase = "start_of_year"
    s.us_draw = s.us_draw[:1]
    start_of_year(s)
    assert texts(s.log)[-1] == "The United States draws 1 card."


# --- frigates sitting in a harbor (A-8) -------------------------------------------------------------

def test_one_frigate_sitting_in_the_harbor_takes_no_part_in_the_battle() -> None:
    s = bare_state(1803, "spring")
    place(s, "tangier", "us_frigate", 2)
    place(s, "tangier", "allied_corsair", 1)
    s.forced_dice = [1, 1] + [1]
    run = drive(s, harbor_battle(s, "tangier", active=d.US, force=UsForce(1, 0)))
    assert run.finished and s.forced_dice == []
    assert ("1 American frigate already in the harbor did not move this turn and take no part "
            "(ruling A-8).") in texts(s.log)
    assert board(s) == {"tangier": {"us_frigate": 1, "allied_corsair": 1}, "malta": {"us_frigate": 1}}


def test_one_frigate_sitting_in_the_harbor_does_not_bombard() -> None:
    s = bare_state(1805, "spring")
    place(s, "derne", "us_frigate", 2)
    place(s, "derne", "tripolitan_infantry", 2)
    s.forced_dice = [6, 1]
    run = drive(s, bombard(s, "derne", UsForce(1, 0)))
    assert run.finished and s.forced_dice == []
    assert ("1 American frigate already in the harbor did not move this turn and take no part "
            "(ruling A-8).") in texts(s.log)
    assert board(s) == {"derne": {"us_frigate": 1, "tripolitan_infantry": 1}, "malta": {"us_frigate": 1}}


# --- The Guns of Tripoli: Tripoli's harbor only ---------------------------------------------------

def test_the_guns_of_tripoli_are_never_offered_in_an_allys_harbor() -> None:
    s = bare_state(1805, "spring")
    place(s, "tangier", "us_frigate", 1)
    place(s, "tangier", "allied_corsair", 2)
    place(s, "tripoli", "corsair", 3)
    s.battle_card_line = ["the_guns_of_tripoli"]
    s.forced_dice = [1, 1] + [1, 1]
    run = drive(s, harbor_battle(s, "tangier", active=d.US))
    assert run.finished and run.decisions == []
    assert s.battle_card_line == ["the_guns_of_tripoli"]


def test_the_guns_of_tripoli_are_offered_for_a_corsair_and_a_frigate_in_tripoli() -> None:
    s = bare_state(1805, "spring")
    place(s, "tripoli", "us_frigate", 1)
    place(s, "tripoli", "corsair", 1)
    place(s, "tripoli", "tripolitan_frigate", 1)
    s.battle_card_line = ["the_guns_of_tripoli"]
    run = drive(s, harbor_battle(s, "tripoli", active=d.US))
    assert run.pending is not None and run.pending.info["card"] == "the_guns_of_tripoli"


# --- ground combat endings ---------------------------------------------------------------------------

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


# --- Tripoli Attacks: every Tripolitan frigate sails, and every one comes home -----------------------

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


# --- a card the T-bot never plays ------------------------------------------------------------------------

def test_the_tbot_never_plays_a_corsairs_raid_card_as_an_event() -> None:
    s = bare_state(1805, "spring")
    for card in ("algerine_corsairs_raid", "moroccan_corsairs_raid", "tunisian_corsairs_raid"):
        check = solitaire_condition(s, card)
        assert not check
        assert check.explain() == f"card: {d.card_name(card)}, needed never played by the T-bot"


# --- The Philadelphia Runs Aground -------------------------------------------------------------------

def test_the_philadelphia_without_uncharted_waters_rolls_one_die() -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "us_frigate", 1)
    s.battle_card_line = []
    s.forced_dice = [1, 6]
    run = drive(s, play_tripolitan_event(s, "the_philadelphia_runs_aground"))
    assert run.finished and s.forced_dice == [6]
    assert "The Philadelphia Runs Aground: [1] - 1 is used" in texts(s.log)


def test_the_philadelphia_taken_when_no_tripolitan_frigate_is_left_to_add() -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "us_frigate", 1)
    place(s, "tripoli", "tripolitan_frigate", d.PIECE_TOTALS["tripolitan_frigate"])
    s.battle_card_line = []
    s.forced_dice = [6]
    run = drive(s, play_tripolitan_event(s, "the_philadelphia_runs_aground"))
    assert run.finished and s.frigates_sunk == 1
    assert texts(s.log)[-1] == "No Tripolitan frigate is left in the supply to add."


# --- the T-bot's pile runs out while it queues ----------------------------------------------------------

def test_the_pile_running_out_is_the_tbots_log_line() -> None:
    s = bare_state(1803, "spring")
    s.phase = "tripolitan_play"
    s.event_card_line = []
    s.tbot_draw = ["storms"]
    run = drive(s, tripolitan_play(s), ["draw", "queue"])
    assert run.pending is not None and run.pending.kind == "raid_or_build"
    last = s.log[-1]
    assert (last.side, last.text) == (
        d.TRIPOLITANIA, "The T-bot's draw pile is empty: Raid or Build without discarding.")


# --- the Assault on Tripoli ---------------------------------------------------------------------------------

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


# --- why an American card cannot be played: Hamet's Army off the map -------------------------------------

def test_the_requirement_facts_say_when_hamets_army_is_not_on_the_map() -> None:
    s = bare_state(1805, "spring")
    assert event_requirement(s, "hamet_recruits_bedouins").explain() == (
        "Hamet's Army: not on the map, needed on the map; "
        "Arab infantry in the supply: 10, needed at least 1")
    assert event_requirement(s, "general_eaton_attacks_derne").explain() == (
        "Hamet's Army: not on the map, needed in Alexandria")
    place(s, "derne", "marine", 1)
    assert event_requirement(s, "general_eaton_attacks_derne").explain() == (
        "Hamet's Army: Derne, needed in Alexandria")


# --- American cards: exactly what they move ---------------------------------------------------------------

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
