"""Pins: rules the T-bot must keep through any restructuring, each from an explicit position.

Every test here went red with the rule broken in the bot (see the issue's safety net).
"""

from __future__ import annotations

import pytest

from tests.bot.helpers import ask_tbot, ids
from tests.engine.positions import bare_state, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event
from tripoli_tui.engine.decisions import (
    BuildCorsair,
    ChooseLocation,
    PlayBattleCard,
    PlayLineCard,
    RaidOrBuild,
)
from tripoli_tui.engine.procedures import raids, tripolitan
from tripoli_tui.engine.procedures.combat import ground_combat
from tripoli_tui.engine.procedures.flow import start_of_year
from tripoli_tui.engine.state import GameState

PZ = "tripoli_patrol_zone"


# --- 1. T1: the first playable card in the event card line is played -----------------------

@pytest.mark.parametrize("line, first", [
    (["murad_reis_breaks_out", "constantinople_sends_aid", "yusuf_qaramanli"],
     "murad_reis_breaks_out"),
    (["yusuf_qaramanli", "murad_reis_breaks_out"], "yusuf_qaramanli"),
])
def test_t1_plays_the_first_playable_card_winter_1801_with_two_allies(line: list[str],
                                                                        first: str) -> None:
    s = bare_state(1801, "winter")
    place(s, "gibraltar", "corsair", 1)
    place(s, "gibraltar_patrol_zone", "us_frigate", 1)
    place(s, "tangier", "allied_corsair", 1)
    place(s, "algiers", "allied_corsair", 1)
    s.event_card_line = list(line)
    pending, answer = ask_tbot(s, tripolitan.tripolitan_play(s))
    assert len([o for o in pending.options if isinstance(o, PlayLineCard)]) == 2
    assert answer.choice == PlayLineCard(first)
    assert [(st.step, st.card_id, st.passed) for st in answer.trace.steps][-1] == ("T1", first, True)


@pytest.mark.parametrize("line, first", [
    (["constantinople_sends_aid", "yusuf_qaramanli", "sweden_pays_tribute"],
     "constantinople_sends_aid"),
    (["sweden_pays_tribute", "yusuf_qaramanli", "constantinople_sends_aid"], "yusuf_qaramanli"),
])
def test_t1_plays_the_first_playable_card_derne_just_captured_with_an_ally(line: list[str],
                                                                            first: str) -> None:
    s = bare_state(1805, "summer")
    s.derne_captured = True
    place(s, "derne", "arab_infantry", 2)
    place(s, "tunis", "allied_corsair", 2)
    s.event_card_line = list(line)
    _, answer = ask_tbot(s, tripolitan.tripolitan_play(s))
    assert answer.choice == PlayLineCard(first)
    assert ids(answer) == ["T1"] * (line.index(first) + 1)


def test_t1_plays_an_older_card_before_one_queued_behind_it() -> None:
    s = bare_state(1804, "fall")
    s.event_card_line = ["sweden_pays_tribute", "storms", "the_philadelphia_runs_aground"]
    place(s, PZ, "us_frigate", 2)     # Storms and The Philadelphia both playable
    _, answer = ask_tbot(s, tripolitan.tripolitan_play(s))
    assert answer.choice == PlayLineCard("storms")
    s.event_card_line = ["sweden_pays_tribute", "the_philadelphia_runs_aground", "storms"]
    _, answer = ask_tbot(s, tripolitan.tripolitan_play(s))
    assert answer.choice == PlayLineCard("the_philadelphia_runs_aground")


# --- 6. the storm zone: American frigates only -----------------------------------------------

@pytest.mark.parametrize("card", ["storms", "second_storms"])
def test_the_storm_zone_is_chosen_by_american_frigates_not_swedes(card: str) -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "us_frigate", 1)
    place(s, PZ, "swedish_frigate", 2)
    place(s, "algiers_patrol_zone", "us_frigate", 2)
    pending, answer = ask_tbot(s, play_tripolitan_event(s, card))
    assert {o.text() for o in pending.options} == {"choose tripoli_patrol_zone",
                                                   "choose algiers_patrol_zone"}
    assert answer.choice == ChooseLocation("algiers_patrol_zone")


def test_the_storm_zone_tie_goes_to_the_tripoli_zone_swedes_aside() -> None:
    s = bare_state(1803, "spring")
    place(s, "gibraltar_patrol_zone", "us_frigate", 2)
    place(s, PZ, "us_frigate", 2)
    place(s, PZ, "swedish_frigate", 2)
    _, answer = ask_tbot(s, play_tripolitan_event(s, "storms"))
    assert answer.choice == ChooseLocation(PZ)
    s = bare_state(1803, "spring")
    place(s, "gibraltar_patrol_zone", "us_frigate", 2)
    place(s, "tunis_patrol_zone", "us_frigate", 2)
    _, answer = ask_tbot(s, play_tripolitan_event(s, "storms"))
    assert answer.choice == ChooseLocation("tunis_patrol_zone")


# --- 7. Raid or Build: corsairs only ------------------------------------------------------------

def test_raid_or_build_builds_when_only_frigates_make_up_three_ships_in_tripoli() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 2)
    place(s, "tripoli", "tripolitan_frigate", 2)
    _, answer = ask_tbot(s, raids.raid_or_build(s))
    assert answer.choice == BuildCorsair()
    assert ids(answer) == ["T5.1", "T5.1", "T5.1", "T5.1", "T5.3"]
    assert answer.trace.steps[0].facts[0] == "corsairs in the harbor of Tripoli: 2, needed at least 3"


# --- 8. Merchant Ship Converted, any year ---------------------------------------------------------

@pytest.mark.parametrize("year", range(1801, 1807))
def test_merchant_ship_converted_is_played_in_any_year(year: int) -> None:
    s = bare_state(year, "winter")
    place(s, "tripoli", "corsair", 3)
    s.battle_card_line = ["merchant_ship_converted"]
    s.forced_dice = [5, 1, 1]
    pending, answer = ask_tbot(s, raids.pirate_raid(s, "tripoli"))
    assert pending.info["card"] == "merchant_ship_converted"
    assert answer.choice == PlayBattleCard("merchant_ship_converted")


# --- 10. the T-bot never reshuffles ------------------------------------------------------------------

@pytest.mark.parametrize("year", [1805, 1806])
def test_the_tbot_raids_or_builds_from_an_empty_pile_after_the_new_year(year: int) -> None:
    s = bare_state(year, "spring")
    s.phase = "start_of_year"
    s.tbot_draw = []
    s.tbot_discard = ["tripoli_attacks", "storms", "algiers_declares_war"]
    s.event_card_line = []
    start_of_year(s)
    assert s.tbot_draw == []
    _, answer = ask_tbot(s, tripolitan.tripolitan_play(s))
    assert answer.choice == RaidOrBuild()
    assert ids(answer)[-1] == "T3" and not answer.trace.steps[-1].passed


# --- found by mutation testing: what the trace says when Raid or Build builds -----------------

def _corsairs_in_the_supply(n: int) -> GameState:
    s = bare_state(1803, "spring")
    place(s, "gibraltar", "corsair", d.PIECE_TOTALS["corsair"] - n)   # Gibraltar never raids
    return s


def test_raid_or_build_builds_the_last_corsair_of_the_supply() -> None:
    s = _corsairs_in_the_supply(1)
    _, answer = ask_tbot(s, raids.raid_or_build(s))
    build = answer.trace.steps[-1]
    assert answer.choice == BuildCorsair()
    assert (build.step, build.passed, build.facts) == ("T5.3", True,
                                                      ("Tripolitan corsairs in the supply: 1",))
    assert "built in Tripoli" in answer.trace.decision.summary


def test_raid_or_build_with_an_empty_supply_builds_nothing() -> None:
    s = _corsairs_in_the_supply(0)
    _, answer = ask_tbot(s, raids.raid_or_build(s))
    build = answer.trace.steps[-1]
    assert answer.choice == BuildCorsair()
    assert (build.step, build.passed, build.facts) == ("T5.3", False,
                                                      ("Tripolitan corsairs in the supply: 0",))
    assert "nothing happens" in answer.trace.decision.summary


def test_the_hit_mode_names_no_active_american_event_as_none() -> None:
    s = bare_state(1803, "summer")
    place(s, PZ, "us_frigate", 1)
    place(s, "tripoli", "corsair", 3)
    place(s, "tripoli", "tripolitan_frigate", 1)
    s.battle_card_line = []
    s.forced_dice = [1, 1, 1, 1, 1] + [6, 1]   # Tripoli fires 5 dice, then the frigate 2: a hit
    pending, answer = ask_tbot(s, play_tripolitan_event(s, "tripoli_attacks"))
    assert pending.kind == "allocate_hits"
    assert answer.trace.steps[0].facts == ("date: Summer 1803", "the American active event card: none")


# --- found by mutation testing: the battle card triggers at their smallest ------------------------

def test_happy_hunting_for_a_single_corsair_past_interception() -> None:
    s = bare_state(1802, "summer")
    place(s, "tripoli", "corsair", 1)
    s.battle_card_line = ["happy_hunting"]
    pending, answer = ask_tbot(s, raids.pirate_raid(s, "tripoli"))
    assert pending.info["card"] == "happy_hunting"
    assert answer.choice == PlayBattleCard("happy_hunting")


def test_merchant_ship_converted_with_the_last_corsair_of_the_supply() -> None:
    s = bare_state(1803, "summer")
    place(s, "tripoli", "corsair", 1)
    place(s, "gibraltar", "corsair", d.PIECE_TOTALS["corsair"] - 2)   # 1 left in the supply
    s.battle_card_line = ["merchant_ship_converted"]
    s.forced_dice = [5]
    pending, answer = ask_tbot(s, raids.pirate_raid(s, "tripoli"))
    assert pending.info["card"] == "merchant_ship_converted"
    assert answer.choice == PlayBattleCard("merchant_ship_converted")


def test_mercenaries_desert_against_a_single_arab_infantry() -> None:
    s = bare_state(1805, "spring")
    place(s, "derne", "arab_infantry", 1)
    place(s, "derne", "tripolitan_infantry", 2)
    s.us_active_event = "general_eaton_attacks_derne"
    s.battle_card_line = ["mercenaries_desert"]
    pending, answer = ask_tbot(s, ground_combat(s, "derne"))
    assert pending.info["card"] == "mercenaries_desert"
    assert answer.choice == PlayBattleCard("mercenaries_desert")
