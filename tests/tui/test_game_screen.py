"""Pilot tests: whole American turns played by keys at 80x24, asserting the game state after."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app
from tests.tui.helpers import game_of, pending_kind, position, press
from tripoli_tui.engine.game import Game
from tripoli_tui.tui.screens.game import GameScreen
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel
from tripoli_tui.tui.widgets.hand import HandPanel

SIZE = (80, 24)


def asking(app) -> bool:
    """Whether the side panel shows the choices."""
    return app.screen.query_one("#side").current == "choices"


def gunboat_in_malta(state) -> None:
    state.pieces["us_supply"]["gunboat"] -= 1
    state.pieces["malta"]["gunboat"] += 1


async def test_play_a_card_as_an_event():
    s = position("early_deployment", "naval_movement")
    s.pieces["us_supply"]["us_frigate"] -= 1
    s.pieces["track_1802"]["us_frigate"] += 1
    app = make_app(game_of(s))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one(HandPanel).focused_card == "early_deployment"
        await press(pilot, "e")
        assert asking(app)
        assert app.game.pending.kind == "choose_location"
        await press(pilot, "T")  # the Tripoli patrol zone
        state = app.game.state
        assert state.pieces["tripoli_patrol_zone"]["us_frigate"] == 1
        assert state.pieces["track_1802"]["us_frigate"] == 0
        assert "early_deployment" in state.us_discard
        assert app.game.pending.side == "tripolitania"


async def test_enter_on_a_card_offers_only_its_plays():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        assert asking(app)
        offer = app.screen.query_one(ChoicePanel).offer
        assert [o.text() for o in offer.options] == [
            "event naval_movement", "discard-move naval_movement", "discard-build naval_movement"]
        await press(pilot, "escape")
        assert not asking(app)
        assert app.game.pending.kind == "american_play"


async def test_discard_to_move_frigates_into_a_battle_with_a_gunboat_and_allocate_the_hit():
    s = position("naval_movement")
    gunboat_in_malta(s)
    s.forced_dice = [6, 1, 1, 6, 1, 1, 1, 1]
    app = make_app(game_of(s))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "m")
        assert app.game.pending.kind == "move_frigate"
        await press(pilot, "g", "t")  # from Gibraltar, to Tripoli
        await press(pilot, "0")  # done moving
        assert app.game.pending.kind == "send_gunboats"
        await press(pilot, "t")  # the gunboat joins the attack on Tripoli
        assert app.game.pending.side == "tripolitania"  # The Guns of Tripoli? (walkthrough)
        await press(pilot, "f")
        assert app.game.pending.kind == "allocate_hits"
        assert asking(app)
        await press(pilot, "2")  # the hit sinks the gunboat
        state = app.game.state
        assert state.pieces["tripoli"]["corsair"] == 4
        assert state.pieces["us_supply"]["gunboat"] == 3
        assert state.pieces["malta"]["us_frigate"] == 1  # the frigate returns after the battle
        assert state.frigates_sunk == 0
        assert pending_kind(app.game) == "tripolitan_turn"


async def test_discard_to_build_a_gunboat():
    app = make_app(game_of(position("naval_movement", "tribute_paid")))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "down", "b")
        state = app.game.state
        assert state.pieces["malta"]["gunboat"] == 1
        assert state.us_discard == ["tribute_paid"]
        assert state.us_hand == ["naval_movement"]


async def test_an_illegal_key_explains_and_changes_nothing():
    """e, m or b on a card that cannot be played so says why, and changes nothing (the keys were
    disabled then: Textual ran nothing, and the player heard nothing)."""
    s = position("tribute_paid")
    s.pieces["us_supply"]["gunboat"] = 0  # none left to build
    app = make_app(game_of(s))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        before = app.game.state.clone()
        await press(pilot, "e")  # Tribute Paid: its requirement does not hold
        await press(pilot, "b")  # no gunboat in the supply
        assert app.game.state == before
        assert app.game.pending.kind == "american_play"
        said = [n.message for n in app._notifications]
        assert said[0].startswith("Tribute Paid: ") and "needed" in said[0], said
        assert said[1].startswith("Cannot build a gunboat"), said


async def test_hand_limit_discard():
    cards = ("naval_movement",) * 4 + ("tribute_paid", "early_deployment", "launch_the_intrepid",
                                        "a_show_of_force", "burn_the_philadelphia")
    app = make_app(game_of(position(*cards)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.game.pending.kind == "hand_limit"
        assert asking(app)
        await press(pilot, "5")  # the fifth distinct card: A Show of Force
        state = app.game.state
        assert len(state.us_hand) == 8
        assert state.us_discard == ["a_show_of_force"]
        assert app.game.pending.kind == "american_play"


async def test_undo_goes_back_through_the_choice_sequence():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=SIZE) as pilot:
        start = app.game.state.clone()
        await press(pilot, "m", "g")
        assert app.game.pending.kind == "move_destination"
        await press(pilot, "u")
        assert app.game.pending.kind == "move_frigate"
        await press(pilot, "u")
        assert app.game.pending.kind == "american_play"
        assert app.game.state.us_hand == start.us_hand
        assert app.game.state.pieces == start.pieces
        assert not app.game.can_undo


async def test_escape_then_c_reopens_the_decision():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "m", "escape")
        assert not asking(app)
        await press(pilot, "c")
        assert asking(app)
        await press(pilot, "0")  # done: no frigate moved
        assert app.game.pending.side == "tripolitania"


async def test_new_game_plays_its_first_turn_from_setup():
    app = make_app(Game.new(3), walkthrough=False)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "b")
        assert app.game.state.pieces["malta"]["gunboat"] == 1
        assert app.game.state.when == "Summer 1801"
        assert app.game.pending.kind == "american_play"


async def test_command_palette_lists_the_legal_choices():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+p")
        for ch in "build a gunboat":
            await pilot.press(ch)
        await pilot.pause()
        await pilot.pause()
        await press(pilot, "down", "enter")
        await pilot.pause()
        assert app.game.state.pieces["malta"]["gunboat"] == 1


async def test_resizing_never_breaks_and_a_small_terminal_gets_a_message():
    app = make_app(Game.new(3))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        for size in [(60, 20), (79, 24), (80, 23), (80, 24), (200, 60), (100, 30), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            small = size[0] < 80 or size[1] < 24
            assert screen.has_class("-too-small") is small
        await press(pilot, "m", "g")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await press(pilot, "t", "0")
        assert app.game.state.pieces["tripoli"]["us_frigate"] + app.game.state.frigates_sunk \
            + app.game.state.pieces["malta"]["us_frigate"] >= 1


async def test_an_engine_failure_is_a_notification_not_a_crash(monkeypatch):
    def broken(self, choice, trace=None):
        raise RuntimeError("no legal option for decision x")
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(Game, "submit", broken)
        await press(pilot, "b")
        assert isinstance(app.screen, GameScreen)
        assert any("rules engine failed" in n.message for n in app._notifications)


async def test_shift_u_undoes_the_whole_sequence_at_once():
    app = make_app(game_of(position("naval_movement")))
    async with app.run_test(size=SIZE) as pilot:
        start = app.game.state.clone()
        await press(pilot, "m", "g", "escape")
        assert app.game.pending.kind == "move_destination"
        await press(pilot, "U")
        assert app.game.pending.kind == "american_play"
        assert app.game.state.us_hand == start.us_hand


@pytest.mark.parametrize("size, least", [((80, 24), 5), ((120, 40), 6), ((200, 60), 12)],
                         ids=["80x24", "120x40", "200x60"])
async def test_the_card_box_takes_the_room_the_hand_list_leaves(size, least):
    """The hand list is as tall as its cards (up to half the panel) and the card's text takes the
    rest: at 200x60 the box showed 4 lines under nine empty rows of the list; at 80x24 it keeps
    the five rows it had."""
    app = make_app(Game.new(3))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        hand_list = app.screen.query_one("#hand-list")
        box = app.screen.query_one("#card-detail-box")
        assert hand_list.region.height <= max(hand_list.option_count, 3)
        assert box.region.height >= least
        assert box.region.y == hand_list.region.bottom  # the text right under the cards
