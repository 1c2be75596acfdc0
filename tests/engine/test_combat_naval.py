"""Naval combat the United States starts by moving into a harbor (C-1, C-2).

In an American attack the United States is the active player: it rolls first, then Tripoli; then
it allocates the hits it received, then Tripoli allocates (each side chooses for its own ships).
"""

from __future__ import annotations

import pytest

from tests.engine.exact import board
from tests.engine.positions import Run, bare_state, drive, give_hand, pieces_at, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine import rng
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event
from tripoli_tui.engine.decisions import (
    ALLOCATE_HITS,
    BATTLE_CARD,
    AllocateHit,
)
from tripoli_tui.engine.mechanics import movement, raids
from tripoli_tui.engine.mechanics.combat import UsForce, bombard, harbor_battle, us_ships_to_malta
from tripoli_tui.engine.state import GameState, LogEntry


def attack(state: GameState, script: list[str], limit: int = 4) -> Run:
    """Naval movement (as Naval Movement: up to four frigates), then the battles."""
    return drive(state, movement.naval_movement(state, limit), script)


def test_one_round_with_hits_allocated_on_both_sides() -> None:
    state = bare_state(1803, "summer")
    state.battle_card_line = []
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "malta", "gunboat", 1)
    place(state, "tripoli", "tripolitan_frigate", 1)
    place(state, "tripoli", "corsair", 2)
    # the United States rolls 2 x 2 + 1 = 5 dice first (3 hits), then Tripoli 2 + 2 = 4 (2 hits)
    state.forced_dice = [6, 6, 6, 1, 1, 6, 6, 1, 1]
    run = attack(state, ["from gibraltar", "to tripoli", "from gibraltar", "to tripoli",
                         "gunboat tripoli",
                         "hit frigate", "hit gunboat",                    # the American choice
                         "hit frigate", "hit corsair", "hit corsair"])    # Tripoli's
    assert run.finished and not run.game_over
    assert state.forced_dice == []
    allocations = [dec for dec in run.decisions if dec.kind == ALLOCATE_HITS]
    assert [dec.side for dec in allocations] == [d.US] * 2 + [d.TRIPOLITANIA] * 3
    assert set(allocations[0].options) == {AllocateHit("frigate"), AllocateHit("gunboat")}
    assert set(allocations[1].options) == {AllocateHit("frigate"), AllocateHit("damaged_frigate"),
                                           AllocateHit("gunboat")}
    # Americans: one damaged frigate to the 1804 track, the gunboat sunk, one frigate to Malta
    assert state.pieces["track_1804"]["us_frigate"] == 1
    assert pieces_at(state, "malta") == {"us_frigate": 1}
    assert state.pieces[d.US_SUPPLY]["gunboat"] == 3
    assert state.frigates_sunk == 0
    # Tripoli: its frigate damaged to the 1804 track, both corsairs sunk
    assert state.pieces["track_1804"]["tripolitan_frigate"] == 1
    assert state.pieces[d.TRIPOLITAN_SUPPLY]["corsair"] == 9
    assert pieces_at(state, "tripoli") == {}


def test_only_one_round_is_fought_outside_the_assault() -> None:
    state = bare_state(1802, "fall")
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "algiers", "allied_corsair", 3)
    state.forced_dice = [1, 1, 1, 1, 1]
    run = attack(state, ["from gibraltar", "to algiers"], limit=1)
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "algiers") == {"allied_corsair": 3}  # survivors stay in their harbor
    assert pieces_at(state, "malta") == {"us_frigate": 1}        # the undamaged frigate leaves


def test_the_player_may_put_two_hits_on_one_frigate_and_sink_it() -> None:
    state = bare_state(1804, "spring")
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "tunis", "allied_corsair", 3)
    state.forced_dice = [1, 1, 1, 1, 6, 6, 1]
    run = attack(state, ["from gibraltar", "to tunis", "from gibraltar", "to tunis",
                         "hit damaged_frigate"])  # the first hit can only damage a frigate
    assert run.finished and not run.game_over
    assert state.frigates_sunk == 1
    assert pieces_at(state, "sunk_us_frigates") == {"us_frigate": 1}
    assert pieces_at(state, "malta") == {"us_frigate": 1}
    assert state.pieces["track_1805"]["us_frigate"] == 0
    assert pieces_at(state, "tunis") == {"allied_corsair": 3}


def test_damaged_frigates_go_to_supply_in_1806_and_are_not_sunk() -> None:
    state = bare_state(1806, "spring")
    state.battle_card_line = []
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "tripoli", "tripolitan_frigate", 1)
    state.forced_dice = [6, 1, 6, 1]
    run = attack(state, ["from gibraltar", "to tripoli"], limit=1)
    assert run.finished
    assert state.forced_dice == []
    assert state.frigates_sunk == 0
    assert state.pieces[d.US_SUPPLY]["us_frigate"] == 8
    assert state.pieces[d.TRIPOLITAN_SUPPLY]["tripolitan_frigate"] == 2
    assert pieces_at(state, "tripoli") == {}
    assert pieces_at(state, "malta") == {}
    assert all(state.pieces[t]["us_frigate"] == 0 for t in d.TRACK)


def test_hits_beyond_what_the_ships_can_take_are_lost() -> None:
    state = bare_state(1803, "spring")
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "tangier", "allied_corsair", 3)
    state.forced_dice = [6, 6, 6, 6, 6]  # 2 hits on 3 corsairs; 3 hits on 1 frigate
    run = attack(state, ["from gibraltar", "to tangier"], limit=1)
    assert run.finished and not run.game_over
    assert state.forced_dice == []
    assert state.frigates_sunk == 1
    assert pieces_at(state, "tangier") == {"allied_corsair": 1}
    assert any("1 hit on the American ships is lost" in e.text for e in state.log)


def test_fourth_frigate_sunk_mid_combat_ends_the_game_at_once() -> None:
    state = bare_state(1804, "summer")
    place(state, "sunk_us_frigates", "us_frigate", 3)
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "tunis", "allied_corsair", 3)
    # the United States hits twice, then the corsairs hit twice; the Americans allocate first,
    # the frigate sinks: Tripoli wins before its own losses are taken
    state.forced_dice = [6, 6, 6, 6, 1]
    run = attack(state, ["from gibraltar", "to tunis"], limit=1)
    assert run.game_over
    assert state.result.winner == d.TRIPOLITANIA
    assert state.result.how == "frigates_sunk"
    assert state.frigates_sunk == 4
    assert pieces_at(state, "tunis") == {"allied_corsair": 3}
    assert not any(dec.side == d.TRIPOLITANIA for dec in run.decisions)


def test_prebles_boys_take_aim_gives_each_frigate_three_dice_in_a_harbor() -> None:
    state = bare_state(1803, "winter")
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "malta", "gunboat", 1)
    place(state, "algiers", "allied_corsair", 5)
    give_hand(state, "prebles_boys_take_aim")
    # 2 frigates x 3 + 1 gunboat = 7 dice, then the 5 corsairs
    state.forced_dice = [6, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1]
    run = attack(state, ["from gibraltar", "to algiers", "from gibraltar", "to algiers",
                         "gunboat algiers", "battle-card prebles_boys_take_aim"])
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "algiers") == {"allied_corsair": 1}
    assert pieces_at(state, "malta") == {"us_frigate": 2, "gunboat": 1}
    assert state.us_hand == []
    assert state.us_removed == ["prebles_boys_take_aim"]


def test_prebles_boys_is_announced_before_the_guns_of_tripoli() -> None:
    state = bare_state(1805, "summer")
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "tripoli", "corsair", 1)
    give_hand(state, "prebles_boys_take_aim")
    state.battle_card_line = ["the_guns_of_tripoli"]
    # the United States: 3 dice; Tripoli: 1 corsair + 12 = 13 dice
    state.forced_dice = [6, 1, 1] + [6] + [1] * 12
    run = attack(state, ["from gibraltar", "to tripoli",
                         "battle-card prebles_boys_take_aim", "battle-card the_guns_of_tripoli"],
                 limit=1)
    assert run.finished
    cards = [dec for dec in run.decisions if dec.kind == BATTLE_CARD]
    assert [(dec.side, dec.info.card) for dec in cards] == [
        (d.US, "prebles_boys_take_aim"), (d.TRIPOLITANIA, "the_guns_of_tripoli")]
    assert state.forced_dice == []
    assert pieces_at(state, "tripoli") == {}
    assert state.pieces["track_1806"]["us_frigate"] == 1
    assert state.tbot_removed == ["the_guns_of_tripoli"]


def test_prebles_boys_is_not_offered_for_a_bombardment() -> None:
    state = bare_state(1803, "winter")
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "derne", "tripolitan_infantry", 1)
    give_hand(state, "prebles_boys_take_aim")
    state.forced_dice = [1, 1]
    run = attack(state, ["from gibraltar", "to derne"], limit=1)
    assert run.finished
    assert all(dec.kind != BATTLE_CARD for dec in run.decisions)
    assert state.us_hand == ["prebles_boys_take_aim"]


def test_bombardment_one_round_each_six_eliminates_an_infantry_then_malta() -> None:
    state = bare_state(1804, "fall")
    place(state, "gibraltar", "us_frigate", 2)
    place(state, "malta", "gunboat", 2)
    place(state, "derne", "tripolitan_infantry", 4)
    # 2 frigates x 2 + 1 gunboat sent = 5 dice: three sixes
    state.forced_dice = [6, 5, 6, 1, 6]
    run = attack(state, ["from gibraltar", "to derne", "from gibraltar", "to derne",
                         "gunboat derne", "done"])
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "derne") == {"tripolitan_infantry": 1}
    assert pieces_at(state, "malta") == {"us_frigate": 2, "gunboat": 2}
    assert state.pieces[d.TRIPOLITAN_SUPPLY]["tripolitan_infantry"] == 19
    assert not state.derne_captured


def test_bombardment_can_empty_a_city_without_capturing_it() -> None:
    state = bare_state(1804, "fall")
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "benghazi", "tripolitan_infantry", 1)
    state.forced_dice = [6, 6]
    run = attack(state, ["from gibraltar", "to benghazi"], limit=1)
    assert run.finished
    assert pieces_at(state, "benghazi") == {}
    assert pieces_at(state, "malta") == {"us_frigate": 1}
    assert not state.benghazi_captured


def test_no_battle_in_gibraltar_with_corsairs_there() -> None:
    state = bare_state(1802, "spring")
    place(state, "gibraltar", "corsair", 2)
    place(state, "malta", "us_frigate", 1)
    place(state, "malta", "gunboat", 1)
    state.forced_dice = [6, 6, 6]
    run = attack(state, ["from malta", "to gibraltar"], limit=1)
    assert run.finished
    assert state.forced_dice == [6, 6, 6]
    assert pieces_at(state, "gibraltar") == {"corsair": 2, "us_frigate": 1}
    assert pieces_at(state, "malta") == {"gunboat": 1}


def test_tripoli_with_infantry_but_no_ships_is_bombarded() -> None:
    state = bare_state(1804, "spring")
    state.battle_card_line = ["the_guns_of_tripoli"]
    place(state, "gibraltar", "us_frigate", 1)
    place(state, "tripoli", "tripolitan_infantry", 4)
    give_hand(state, "prebles_boys_take_aim")
    state.forced_dice = [6, 4]
    run = attack(state, ["from gibraltar", "to tripoli"], limit=1)
    assert run.finished
    assert all(dec.kind != BATTLE_CARD for dec in run.decisions)
    assert pieces_at(state, "tripoli") == {"tripolitan_infantry": 3}
    assert pieces_at(state, "malta") == {"us_frigate": 1}


def test_declares_war_battle_uses_every_frigate_in_that_harbor_r30() -> None:
    state = bare_state(1803, "spring")
    place(state, "algiers", "us_frigate", 2)
    place(state, "malta", "gunboat", 2)          # gunboats never join a T-bot battle
    # Tripoli active: the 3 new corsairs roll first [1 1 1], then 2 frigates x 2 [6 6 1 1]
    state.forced_dice = [1, 1, 1, 6, 6, 1, 1]
    run = drive(state, play_tripolitan_event(state, "algiers_declares_war"))
    assert run.finished
    assert state.forced_dice == []
    assert pieces_at(state, "algiers") == {"allied_corsair": 1}
    assert pieces_at(state, "malta") == {"us_frigate": 2, "gunboat": 2}



# --- rules that slipped once: each test went red with its rule broken -----------------------

PZ = "tripoli_patrol_zone"

def dice_logged(state: GameState, what: str) -> list[list[int]]:
    """The dice of every logged roll whose text starts with `what`, in order."""
    return [e.data for e in state.log if e.kind == "dice" and e.text.startswith(what)]

def _signal_books_victim(generator: int) -> tuple[str, str]:
    """(the card discarded, the card the game's generator picks) from a five-card hand."""
    s = bare_state(1805, "spring")
    s.rng = generator
    place(s, "tunis", "allied_corsair", 1)
    place(s, "tunis_patrol_zone", "us_frigate", 1)
    s.battle_card_line = ["us_signal_books_overboard"]
    hand = s.us_draw[:5]
    give_hand(s, *hand)
    s.forced_dice = [1, 1, 1]
    _, index = rng.below(generator, len(hand))
    drive(s, raids.pirate_raid(s, "tunis"), ["battle-card us_signal_books_overboard"])
    assert len(s.us_hand) == 4 and len(s.us_discard) == 1
    return s.us_discard[0], hand[index]

def texts(log: list[LogEntry]) -> list[str]:
    return [e.text for e in log]


def test_prebles_boys_are_never_offered_during_tripoli_attacks() -> None:
    s = bare_state(1804, "summer")
    give_hand(s, "prebles_boys_take_aim")
    place(s, PZ, "us_frigate", 1)
    place(s, "tripoli", "corsair", 5)
    s.battle_card_line = []
    s.forced_dice = [1] * 2 + [1] * 5
    run = drive(s, play_tripolitan_event(s, "tripoli_attacks"))
    assert run.finished and run.decisions == []
    assert s.us_hand == ["prebles_boys_take_aim"]
    assert dice_logged(s, "The United States fires") == [[1, 1]]
    assert s.forced_dice == []


@pytest.mark.parametrize("sterett", [False, True])
def test_swedish_frigates_roll_two_dice_each(sterett: bool) -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 3)
    place(s, PZ, "us_frigate", 2)
    place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line = []
    give_hand(s, "lieutenant_sterett_in_pursuit")
    answer = "battle-card lieutenant_sterett_in_pursuit" if sterett else "decline"
    s.forced_dice = [1] * 20
    drive(s, raids.pirate_raid(s, "tripoli"), [answer])
    assert [len(r) for r in dice_logged(s, "Interception")] == [2 * 2 + (3 if sterett else 2) * 2]


def test_swedish_frigates_alone_roll_two_dice_each_and_sterett_is_not_offered() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 3)
    place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line = []
    give_hand(s, "lieutenant_sterett_in_pursuit")
    s.forced_dice = [1] * 10
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == []
    assert [len(r) for r in dice_logged(s, "Interception")] == [4]


def test_signal_books_overboard_takes_a_card_from_the_seeded_generator() -> None:
    victims = [_signal_books_victim(rng.seed_state(seed)) for seed in range(8)]
    assert all(discarded == picked for discarded, picked in victims)
    assert len({discarded for discarded, _ in victims}) > 1


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
    assert run.pending is not None and run.pending.info.card == "the_guns_of_tripoli"


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


@pytest.mark.parametrize("frigates, gunboats, line", [
    (1, 0, "1 American frigate returns to Malta."),
    (0, 1, "1 gunboat returns to Malta."),
    (2, 0, "2 American frigates return to Malta."),
    (1, 1, "1 American frigate and 1 gunboat return to Malta."),
])
def test_ships_returning_to_malta_agree_with_their_verb(frigates: int, gunboats: int, line: str) -> None:
    s = bare_state(1803, "summer")
    place(s, "tripoli_patrol_zone", d.US_FRIGATE, frigates)
    place(s, "tripoli_patrol_zone", d.GUNBOAT, gunboats)
    us_ships_to_malta(s, "tripoli_patrol_zone")
    assert [e.text for e in s.log][-1] == line
