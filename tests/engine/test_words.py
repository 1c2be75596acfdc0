"""Counts in words: one helper for plurals, and the log saying '1 die', '1 frigate arrives',
'at least 5' and each nation firing its own dice."""

from __future__ import annotations

import pytest

from tests.engine.positions import bare_state, drive, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.mechanics.combat import naval_round
from tripoli_tui.engine.turn.flow import start_of_year
from tripoli_tui.engine.words import agree, plural


def test_plural_and_agree() -> None:
    assert [plural(n, "die", "dice") for n in (0, 1, 2)] == ["0 dice", "1 die", "2 dice"]
    assert [plural(n, "hit") for n in (0, 1, 3)] == ["0 hits", "1 hit", "3 hits"]
    assert [agree(n, "arrives", "arrive") for n in (1, 2)] == ["arrives", "arrive"]
    assert d.pieces_name(d.US_FRIGATE, 1) == "1 American frigate"
    assert d.pieces_name(d.TRIPOLITAN_INFANTRY, 2) == "2 Tripolitan infantry"


def texts(state) -> list[str]:
    return [e.text for e in state.log]


def test_one_frigate_arrives_and_two_arrive() -> None:
    for n, said in ((1, "1 American frigate arrives in Gibraltar."),
                    (2, "2 American frigates arrive in Gibraltar.")):
        s = bare_state(1802, "spring")
        place(s, "track_1802", "us_frigate", n)
        start_of_year(s)
        assert said in texts(s)


def battle_in(harbor: str, corsairs: int, forced: list[int]) -> list[str]:
    s = bare_state(1803, "summer")
    place(s, harbor, "us_frigate", 1)
    kind = d.ALLIED_CORSAIR if harbor in d.ALLY_HARBORS else d.CORSAIR
    place(s, harbor, kind, corsairs)
    s.forced_dice = forced
    drive(s, naval_round(s, harbor, active=d.US), [])
    return [t for t in texts(s) if " fires " in t]


def test_each_nation_fires_its_own_dice_and_one_die_is_one_die() -> None:
    assert battle_in("tunis", 3, [1, 1, 1, 1, 1]) == [
        "The United States fires 2 dice: [1] [1] - 0 hits", "Tunis fires 3 dice: [1] [1] [1] - 0 hits"]
    assert battle_in("tangier", 1, [1, 1, 6])[1] == "Morocco fires 1 die: [6] - 1 hit"
    assert battle_in("tripoli", 2, [1, 1, 1, 1])[1].startswith("Tripoli fires 2 dice")


def test_a_tbot_decision_names_its_card_when_its_words_do_not() -> None:
    from tripoli_tui.engine.decisions import (
        BATTLE_CARD,
        CHOOSE_LOCATION,
        ChooseLocation,
        Decision,
        Decline,
        PlayBattleCard,
    )
    from tripoli_tui.engine.game import tbot_decision_text

    storms = Decision(d.TRIPOLITANIA, CHOOSE_LOCATION, "Storms: which patrol zone?",
                      (ChooseLocation("tripoli_patrol_zone"),), {"card": "storms"})
    assert tbot_decision_text(storms, ChooseLocation("tripoli_patrol_zone")) == (
        "The T-bot decides, for Storms: Tripoli patrol zone")
    offer = Decision(d.TRIPOLITANIA, BATTLE_CARD, "Play Happy Hunting?",
                     (PlayBattleCard("happy_hunting"), Decline()), {"card": "happy_hunting"})
    assert tbot_decision_text(offer, PlayBattleCard("happy_hunting")) == (
        "The T-bot decides: Play Happy Hunting")
    assert tbot_decision_text(offer, Decline()).startswith("The T-bot decides, for Happy Hunting: ")


def test_places_read_as_a_sentence_names_them() -> None:
    assert d.place_in_words("gibraltar") == "Gibraltar"
    assert d.place_in_words("tripoli_patrol_zone") == "the Tripoli patrol zone"
    assert d.place_in_words(d.track_space(1803)) == "the 1803 space of the Year Turn Track"
    assert d.place_in_words(d.US_SUPPLY) == "the American supply"
    for location in d.MAP_LOCATIONS:  # every place on the map, harbor or zone, has its words
        words = d.place_in_words(location)
        assert words.endswith(d.place_name(location))
        assert words.startswith("the ") == (location in d.PATROL_ZONES)


@pytest.mark.parametrize("location, words", [
    ("tripoli", "at Tripoli"),
    ("malta", "at Malta"),
    ("tripoli_patrol_zone", "in the Tripoli patrol zone"),
])
def test_a_place_where_something_happens(location: str, words: str) -> None:
    """The hit allocation's prompt says 'in the Tripoli patrol zone' (it read 'at Tripoli patrol
    zone')."""
    assert d.at_place(location) == words
