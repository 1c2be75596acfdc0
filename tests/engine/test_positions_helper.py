from tests.engine.positions import bare_state, drive, place
from tripoli_tui.engine import check_invariants
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event


def test_bare_state_is_a_possible_position() -> None:
    assert check_invariants(bare_state()) == []


def test_drive_storms_sinks_then_damages() -> None:
    state = bare_state(1803, "summer")
    place(state, "tripoli_patrol_zone", "us_frigate", 3)
    state.forced_dice = [6, 6, 2]
    run = drive(state, play_tripolitan_event(state, "storms"))
    assert run.finished
    assert state.frigates_sunk == 1
    assert state.pieces["track_1804"]["us_frigate"] == 1
    assert state.pieces["tripoli_patrol_zone"]["us_frigate"] == 1
