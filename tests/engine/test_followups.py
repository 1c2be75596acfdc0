"""Fixes found in review: Tripoli Attacks ending the game, undo after the end, one log line per play."""

from tests.engine.positions import bare_state, drive, place
from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event
from tripoli_tui.engine.state import Phase


def test_fourth_frigate_sunk_in_tripoli_attacks_leaves_red_ships_home() -> None:
    state = bare_state(1803, "summer")
    place(state, d.SUNK, d.US_FRIGATE, 3)
    place(state, "tripoli_patrol_zone", d.US_FRIGATE, 1)
    place(state, "tripoli", d.CORSAIR, 4)
    place(state, "tripoli", d.TRIPOLITAN_FRIGATE, 1)
    state.tbot_draw.remove("tripoli_attacks")
    state.forced_dice = [6, 6, 1, 1, 1, 1, 1, 1]  # Tripoli (active) rolls 6 dice, then the US 2
    run = drive(state, play_tripolitan_event(state, "tripoli_attacks"))
    assert run.game_over
    assert state.result.how == "frigates_sunk"
    assert state.pieces["tripoli"][d.CORSAIR] == 4
    assert state.pieces["tripoli"][d.TRIPOLITAN_FRIGATE] == 1
    assert state.pieces["tripoli_patrol_zone"][d.CORSAIR] == 0
    assert check_invariants(state) == []


def test_no_undo_once_the_game_is_over() -> None:
    state = bare_state(1805, "fall")
    state.derne_captured = True
    state.us_draw.remove("treaty_of_peace_and_amity")
    state.us_hand.append("treaty_of_peace_and_amity")
    game = Game(state)
    game.submit(next(o for o in game.pending.options if o.text() == "event treaty_of_peace_and_amity"))
    assert game.is_over and game.state.result.how == "treaty"
    assert not game.can_undo


def test_a_line_card_play_is_logged_once() -> None:
    state = bare_state(1803, "summer")
    place(state, "tripoli_patrol_zone", d.SWEDISH_FRIGATE, 2)
    state.event_card_line.remove("murad_reis_breaks_out")
    state.tbot_removed.append("murad_reis_breaks_out")
    state.phase = Phase.TRIPOLITAN_PLAY
    game = Game(state)
    game.submit(next(o for o in game.pending.options if o.text() == "play-line sweden_pays_tribute"))
    plays = [e.text for e in game.state.log if e.text.startswith("The T-bot plays")]
    assert plays == ["The T-bot plays Sweden Pays Tribute from its event card line."]
