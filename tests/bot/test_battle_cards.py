"""B1-B6: each battle card line trigger fired and not fired, from explicit positions (TB-16 to TB-21)."""

from __future__ import annotations

import pytest

from bot import TBot
from tests.bot.helpers import ask_tbot, bot_plays, ids
from tests.engine.positions import bare_state, give_hand, place
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.cards.american import play_american_event
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event
from tripoli_tui.engine.decisions import Decision, Decline, PlayBattleCard
from tripoli_tui.engine.mechanics.combat import ground_combat, harbor_battle
from tripoli_tui.engine.mechanics.raids import pirate_raid
from tripoli_tui.engine.state import GameState

PLAY = "battle-card {}"


def offered(kind_card: str, decisions: list[Decision]) -> bool:
    return any(dd.kind == k.BATTLE_CARD and dd.info.card == kind_card for dd in decisions)


# --- B1 Happy Hunting -------------------------------------------------------------------

def test_happy_hunting_on_the_first_raid_from_tripoli() -> None:
    s = bare_state(1802, "summer")
    place(s, "tripoli", "corsair", 3)
    pending, answer = ask_tbot(s, pirate_raid(s, "tripoli"))
    assert pending.info.card == "happy_hunting"
    assert answer.choice == PlayBattleCard("happy_hunting")
    assert ids(answer) == ["B1"]
    assert answer.trace.steps[0].facts[1] == (
        "Tripolitan corsairs past interception in the harbor of Tripoli: 3, needed at least 1")


def test_happy_hunting_kept_on_an_allied_raid_TB17() -> None:
    s = bare_state(1802, "summer")
    place(s, "tangier", "allied_corsair", 3)
    s.forced_dice = [1, 1, 1]
    asked = bot_plays(s, pirate_raid(s, "tangier"))
    assert not offered("happy_hunting", [dd for dd, _ in asked])
    assert "happy_hunting" in s.battle_card_line


def test_happy_hunting_kept_when_interception_sinks_every_raider_TB17() -> None:
    s = bare_state(1802, "summer")
    place(s, "tripoli", "corsair", 1)
    place(s, "tripoli_patrol_zone", "us_frigate", 1)
    s.forced_dice = [6, 1]
    asked = bot_plays(s, pirate_raid(s, "tripoli"))
    assert not offered("happy_hunting", [dd for dd, _ in asked])
    assert "happy_hunting" in s.battle_card_line


# --- B2 Merchant Ship Converted --------------------------------------------------------

def test_merchant_ship_converted_on_a_successful_allied_raid_TB18() -> None:
    s = bare_state(1802, "summer")
    place(s, "algiers", "allied_corsair", 3)
    s.forced_dice = [6, 1, 1]
    pending, answer = ask_tbot(s, pirate_raid(s, "algiers"))
    assert pending.info.card == "merchant_ship_converted"
    assert answer.choice == PlayBattleCard("merchant_ship_converted")
    assert ids(answer) == ["B2"]


def test_merchant_ship_converted_kept_when_nothing_is_captured() -> None:
    s = bare_state(1802, "summer")
    place(s, "algiers", "allied_corsair", 3)
    s.forced_dice = [1, 2, 4]
    asked = bot_plays(s, pirate_raid(s, "algiers"))
    assert not offered("merchant_ship_converted", [dd for dd, _ in asked])
    assert "merchant_ship_converted" in s.battle_card_line


def test_merchant_ship_converted_kept_with_no_corsair_in_supply_TB18() -> None:
    s = bare_state(1802, "summer")
    place(s, "algiers", "allied_corsair", 3)
    place(s, "gibraltar", "corsair", 9)
    s.forced_dice = [6, 6, 6]
    asked = bot_plays(s, pirate_raid(s, "algiers"))
    assert not offered("merchant_ship_converted", [dd for dd, _ in asked])
    assert "merchant_ship_converted" in s.battle_card_line


# --- B3 Uncharted Waters ---------------------------------------------------------------

def test_uncharted_waters_when_the_philadelphia_is_the_active_event() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli_patrol_zone", "us_frigate", 1)
    pending, answer = ask_tbot(s, play_tripolitan_event(s, "the_philadelphia_runs_aground"))
    assert pending.info.card == "uncharted_waters"
    assert answer.choice == PlayBattleCard("uncharted_waters")
    assert ids(answer) == ["B3"]


def _offer(card: str) -> Decision:
    return Decision("tripolitania", k.BATTLE_CARD, f"Play {card}?",
                    (PlayBattleCard(card), Decline()), {"card": card})


def test_uncharted_waters_kept_under_another_active_event() -> None:
    s = bare_state(1803, "spring")
    s.tbot_active_event = "storms"
    answer = TBot().decide(s, _offer("uncharted_waters"))
    assert answer.choice == Decline()
    assert ids(answer) == ["B3"] and answer.trace.steps[0].passed is False


# --- B4 Mercenaries Desert -------------------------------------------------------------

def _army(s: GameState, city: str, arabs: int) -> None:
    place(s, city, "arab_infantry", arabs)
    place(s, city, "tripolitan_infantry", 2)


def test_mercenaries_desert_at_derne_under_general_eaton() -> None:
    s = bare_state(1805, "spring")
    place(s, "alexandria", "arab_infantry", 4)
    place(s, "derne", "tripolitan_infantry", 2)
    pending, answer = ask_tbot(s, play_american_event(s, "general_eaton_attacks_derne"))
    assert pending.info.card == "mercenaries_desert"
    assert answer.choice == PlayBattleCard("mercenaries_desert")
    assert ids(answer) == ["B4"]


@pytest.mark.parametrize(("event", "city"), [("general_eaton_attacks_benghazi", "benghazi"),
                                             ("", "derne"),
                                             ("assault_on_tripoli", "tripoli")])
def test_mercenaries_desert_kept_elsewhere_TB21(event: str, city: str) -> None:
    s = bare_state(1805, "spring")
    _army(s, city, 3)
    s.us_active_event = event
    pending, answer = ask_tbot(s, ground_combat(s, city))
    assert pending.info.card == "mercenaries_desert"
    assert answer.choice == Decline()
    assert ids(answer) == ["B4"]


# --- B5 US Signal Books Overboard ------------------------------------------------------

@pytest.mark.parametrize(("year", "season", "plays"), [(1804, "winter", False),
                                                       (1805, "spring", True),
                                                       (1806, "winter", True)])
def test_signal_books_on_the_first_raid_in_1805_or_1806(year: int, season: str,
                                                        plays: bool) -> None:
    s = bare_state(year, season)
    place(s, "tunis", "allied_corsair", 3)
    place(s, "tunis_patrol_zone", "us_frigate", 1)
    give_hand(s, "naval_movement")
    s.forced_dice = [1, 1]
    pending, answer = ask_tbot(s, pirate_raid(s, "tunis"))
    assert pending.info.card == "us_signal_books_overboard"
    assert answer.choice == (PlayBattleCard("us_signal_books_overboard") if plays else Decline())
    assert ids(answer) == ["B5"]


def test_signal_books_not_offered_without_an_american_interceptor() -> None:
    s = bare_state(1805, "spring")
    place(s, "tunis", "allied_corsair", 3)
    give_hand(s, "naval_movement")
    s.forced_dice = [1, 1, 1]
    asked = bot_plays(s, pirate_raid(s, "tunis"))
    assert not offered("us_signal_books_overboard", [dd for dd, _ in asked])


# --- B6 The Guns of Tripoli ------------------------------------------------------------

@pytest.mark.parametrize(("year", "season", "plays"), [(1801, "spring", False),
                                                       (1804, "winter", False),
                                                       (1805, "spring", True),
                                                       (1805, "fall", True),
                                                       (1805, "winter", False),
                                                       (1806, "spring", True),
                                                       (1806, "winter", True)])
def test_guns_of_tripoli_in_a_harbor_battle_TB20(year: int, season: str, plays: bool) -> None:
    s = bare_state(year, season)
    place(s, "tripoli", "corsair", 2)
    place(s, "tripoli", "us_frigate", 2)
    pending, answer = ask_tbot(s, harbor_battle(s, "tripoli", active="us"))
    assert pending.info.card == "the_guns_of_tripoli"
    assert answer.choice == (PlayBattleCard("the_guns_of_tripoli") if plays else Decline())
    assert ids(answer) == ["B6"]


@pytest.mark.parametrize(("year", "season"), [(1804, "summer"), (1805, "winter"),
                                              (1805, "fall")])
def test_guns_of_tripoli_always_against_the_assault(year: int, season: str) -> None:
    s = bare_state(year, season)
    place(s, "tripoli", "corsair", 2)
    place(s, "tripoli", "tripolitan_frigate", 1)
    place(s, "malta", "us_frigate", 3)
    pending, answer = ask_tbot(s, play_american_event(s, "assault_on_tripoli"))
    assert pending.info.card == "the_guns_of_tripoli"
    assert answer.choice == PlayBattleCard("the_guns_of_tripoli")
    assert ids(answer) == ["B6"]


def test_guns_of_tripoli_kept_with_no_tripolitan_ship_C9() -> None:
    s = bare_state(1806, "spring")
    s.us_active_event = "assault_on_tripoli"
    answer = TBot().decide(s, _offer("the_guns_of_tripoli"))
    assert answer.choice == Decline()
    assert ids(answer) == ["B6"]


# --- the T-bot's own check, should the engine offer a card where its trigger fails ------------

@pytest.mark.parametrize(("card", "setup_note"), [
    ("happy_hunting", "no corsair left in the harbor of Tripoli"),
    ("merchant_ship_converted", "no corsair in the supply"),
    ("us_signal_books_overboard", "1805 but an empty American hand"),
])
def test_trigger_fails_on_the_board(card: str, setup_note: str) -> None:
    s = bare_state(1805, "summer")
    if card == "merchant_ship_converted":
        place(s, "tripoli", "corsair", 4)
        place(s, "gibraltar", "corsair", 5)
    answer = TBot().decide(s, _offer(card))
    assert answer.choice == Decline(), setup_note
    assert answer.trace.steps[0].passed is False


def test_mercenaries_desert_when_eaton_comes_through_bainbridge_A11() -> None:
    s = bare_state(1805, "summer")
    place(s, "alexandria", "arab_infantry", 3)
    place(s, "derne", "tripolitan_infantry", 2)
    s.us_draw.remove("general_eaton_attacks_derne")
    s.us_discard.append("general_eaton_attacks_derne")
    pending, answer = ask_tbot(s, play_american_event(s, "bainbridge_supplies_intel"),
                               ["event general_eaton_attacks_derne"])
    assert s.us_active_event == "general_eaton_attacks_derne"
    assert pending.info.card == "mercenaries_desert"
    assert answer.choice == PlayBattleCard("mercenaries_desert")
    assert ids(answer) == ["B4"]
