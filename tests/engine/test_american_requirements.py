"""American event requirements at their exact boundaries (printed requirements, ruling A-2)."""

from __future__ import annotations

import pytest

from tests.engine.positions import bare_state, drive, give_hand, place
from tripoli_tui.engine import Game
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.american import event_requirement
from tripoli_tui.engine.decisions import DiscardToBuild, DiscardToMove, PlayEvent
from tripoli_tui.engine.loop import play
from tripoli_tui.engine.players import RandomPlayer
from tripoli_tui.engine.turn import american

ALWAYS = ("thomas_jefferson", "swedish_frigates_arrive", "naval_movement")


@pytest.mark.parametrize("card", ALWAYS)
def test_cards_without_a_requirement_are_always_playable(card: str) -> None:
    assert event_requirement(bare_state(1801, "spring"), card).ok


@pytest.mark.parametrize("card", [c.id for c in d.CARDS.values()
                                  if c.deck == d.US and c.kind == d.BATTLE])
def test_battle_cards_are_never_events(card: str) -> None:
    assert not event_requirement(bare_state(1805, "fall"), card).ok


def test_hamets_army_created_from_spring_1804_with_a_frigate_in_alexandria() -> None:
    s = bare_state(1803, "winter")
    place(s, "alexandria", "us_frigate", 1)
    assert not event_requirement(s, "hamets_army_created").ok
    s.year, s.season = 1804, 0
    assert event_requirement(s, "hamets_army_created").ok
    s2 = bare_state(1806, "winter")
    place(s2, "tripoli_patrol_zone", "us_frigate", 1)   # near, but not in the harbor
    assert not event_requirement(s2, "hamets_army_created").ok


def test_treaty_needs_fall_1805() -> None:
    s = bare_state(1805, "summer")
    s.derne_captured = True
    assert not event_requirement(s, "treaty_of_peace_and_amity").ok
    s.season = 2
    assert event_requirement(s, "treaty_of_peace_and_amity").ok


def test_treaty_needs_every_ally_at_peace() -> None:
    s = bare_state(1806, "spring")
    s.derne_captured = True
    place(s, "tunis", "allied_corsair", 1)
    check = event_requirement(s, "treaty_of_peace_and_amity")
    assert not check.ok and "Tunis" in check.explain()


def test_treaty_needs_derne_captured_even_after_the_army_left() -> None:
    s = bare_state(1806, "spring")
    assert not event_requirement(s, "treaty_of_peace_and_amity").ok
    s.derne_captured = True
    place(s, "benghazi", "arab_infantry", 2)  # the army has moved on (G-5)
    assert event_requirement(s, "treaty_of_peace_and_amity").ok


def test_treaty_needs_no_tripolitan_frigate_in_the_harbor_of_tripoli() -> None:
    s = bare_state(1806, "spring")
    s.derne_captured = True
    place(s, "tripoli", "tripolitan_frigate", 1)
    assert not event_requirement(s, "treaty_of_peace_and_amity").ok
    s.pieces["tripoli"]["tripolitan_frigate"] = 0
    s.pieces["track_1806"]["tripolitan_frigate"] = 1   # waiting on the track: does not count
    assert event_requirement(s, "treaty_of_peace_and_amity").ok


def test_assault_on_tripoli_from_fall_1805() -> None:
    s = bare_state(1805, "summer")
    assert not event_requirement(s, "assault_on_tripoli").ok
    s.season = 2
    assert event_requirement(s, "assault_on_tripoli").ok


def test_early_deployment_needs_a_frigate_on_next_years_space_never_in_1806() -> None:
    s = bare_state(1803, "spring")
    place(s, "track_1805", "us_frigate", 1)    # two years ahead: not next year's space
    assert not event_requirement(s, "early_deployment").ok
    place(s, "track_1804", "us_frigate", 1)
    assert event_requirement(s, "early_deployment").ok
    s6 = bare_state(1806, "spring")
    assert not event_requirement(s6, "early_deployment").ok


def test_a_show_of_force_needs_an_active_ally_and_three_frigates_on_the_map() -> None:
    s = bare_state(1803, "spring")
    place(s, "gibraltar", "us_frigate", 2)
    place(s, "track_1804", "us_frigate", 1)   # not on the map
    place(s, "algiers", "allied_corsair", 3)
    assert not event_requirement(s, "a_show_of_force").ok
    place(s, "malta", "us_frigate", 1)
    assert event_requirement(s, "a_show_of_force").ok
    s.pieces["algiers"]["allied_corsair"] = 0
    assert not event_requirement(s, "a_show_of_force").ok


def test_tribute_paid_needs_an_active_ally_and_one_frigate_on_the_map() -> None:
    s = bare_state(1803, "spring")
    place(s, "tangier", "allied_corsair", 1)
    assert not event_requirement(s, "tribute_paid").ok
    place(s, "tripoli_patrol_zone", "us_frigate", 1)
    assert event_requirement(s, "tribute_paid").ok
    s.pieces["tangier"]["allied_corsair"] = 0
    assert not event_requirement(s, "tribute_paid").ok


def test_constantinople_demands_tribute_needs_one_gold() -> None:
    s = bare_state(1802, "spring")
    assert not event_requirement(s, "constantinople_demands_tribute").ok
    s.gold = 1
    assert event_requirement(s, "constantinople_demands_tribute").ok


def test_hamet_recruits_bedouins_needs_the_army_and_an_arab_in_supply() -> None:
    s = bare_state(1804, "spring")
    assert not event_requirement(s, "hamet_recruits_bedouins").ok
    place(s, "alexandria", "marine", 1)
    place(s, "alexandria", "arab_infantry", 9)
    assert event_requirement(s, "hamet_recruits_bedouins").ok   # one Arab left in supply
    place(s, "alexandria", "arab_infantry", 1)
    assert not event_requirement(s, "hamet_recruits_bedouins").ok


def test_bainbridge_needs_a_card_in_the_discard_pile() -> None:
    s = bare_state(1802, "spring")
    assert not event_requirement(s, "bainbridge_supplies_intel").ok
    s.us_discard = ["marine_sharpshooters"]
    assert event_requirement(s, "bainbridge_supplies_intel").ok


def test_congress_authorizes_action_until_1805_with_a_frigate_in_supply() -> None:
    s = bare_state(1805, "winter")
    assert event_requirement(s, "congress_authorizes_action").ok
    s.year = 1806
    assert not event_requirement(s, "congress_authorizes_action").ok
    s5 = bare_state(1805, "spring")
    place(s5, "gibraltar", "us_frigate", 8)
    assert not event_requirement(s5, "congress_authorizes_action").ok


def test_corsairs_confiscated_needs_a_red_corsair_in_gibraltar() -> None:
    s = bare_state(1801, "spring")
    assert not event_requirement(s, "corsairs_confiscated").ok
    place(s, "gibraltar", "corsair", 1)
    assert event_requirement(s, "corsairs_confiscated").ok


def test_burn_the_philadelphia_needs_a_red_frigate_in_the_harbor() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 5)
    place(s, "track_1804", "tripolitan_frigate", 1)
    assert not event_requirement(s, "burn_the_philadelphia").ok
    place(s, "tripoli", "tripolitan_frigate", 1)
    assert event_requirement(s, "burn_the_philadelphia").ok


def test_launch_the_intrepid_needs_a_red_ship_in_the_harbor_of_tripoli() -> None:
    s = bare_state(1803, "spring")
    place(s, "gibraltar", "corsair", 2)
    assert not event_requirement(s, "launch_the_intrepid").ok
    place(s, "tripoli", "corsair", 1)
    assert event_requirement(s, "launch_the_intrepid").ok


def test_general_eaton_cards_need_the_army_in_the_right_city() -> None:
    s = bare_state(1804, "summer")
    assert not event_requirement(s, "general_eaton_attacks_derne").ok
    place(s, "alexandria", "arab_infantry", 1)
    assert event_requirement(s, "general_eaton_attacks_derne").ok
    assert not event_requirement(s, "general_eaton_attacks_benghazi").ok
    s.pieces["alexandria"]["arab_infantry"] = 0
    s.pieces["derne"]["marine"] = 1
    assert event_requirement(s, "general_eaton_attacks_benghazi").ok
    assert not event_requirement(s, "general_eaton_attacks_derne").ok


def test_an_unplayable_card_is_still_offered_for_an_action() -> None:
    s = bare_state(1802, "spring")
    give_hand(s, "constantinople_demands_tribute")
    run = drive(s, american.american_play(s), [])
    assert run.pending is not None
    assert PlayEvent("constantinople_demands_tribute") not in run.pending.options
    assert DiscardToMove("constantinople_demands_tribute") in run.pending.options



def test_a_card_held_twice_is_offered_once_in_each_way() -> None:
    """Two copies of a card in the hand are the same choices: each way to use it is offered
    once (the seasonal play names a card, not a copy of it)."""
    s = bare_state(1803, "spring")
    give_hand(s, "naval_movement", "naval_movement", "a_show_of_force")
    options = american.american_options(s)
    assert len(options) == len(set(options))
    for choice in (PlayEvent("naval_movement"), DiscardToMove("naval_movement"),
                   DiscardToBuild("naval_movement")):
        assert options.count(choice) == 1, choice


def test_the_seasonal_options_and_the_shown_requirement_agree_in_positions_of_random_games() -> None:
    """The seasonal options (which stop at a card's first failed condition) offer a card as an
    event exactly when `event_requirement` (what the hand and the help show) says it holds."""
    seen: dict[bool, set[str]] = {True: set(), False: set()}

    def compare(g: Game) -> None:
        s = g.state
        if s.is_over:
            return
        offered = {o.card for o in american.american_options(s) if isinstance(o, PlayEvent)}
        for card in {*s.us_core, *s.us_hand}:
            holds = event_requirement(s, card).ok
            assert (card in offered) == holds, card
            seen[holds].add(card)

    for seed in range(40):
        play(Game.new(seed), {d.US: RandomPlayer(seed), d.TRIPOLITANIA: RandomPlayer(seed + 1)},
             after=compare)
    assert {"hamets_army_created", "a_show_of_force", "tribute_paid"} <= seen[True] & seen[False]


def test_the_shown_requirement_lists_every_condition_even_when_the_date_alone_decides() -> None:
    s = bare_state(1801, "spring")
    conditions = event_requirement(s, "treaty_of_peace_and_amity").conditions()
    assert [c.fact.label for c in conditions] == [
        "date", "allies at war", "Derne captured by Hamet's Army",
        "Tripolitan frigates in the harbor of Tripoli"]
    assert [c.met for c in conditions] == [False, True, False, True]



# --- rules that slipped once: each test went red with its rule broken -----------------------

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
