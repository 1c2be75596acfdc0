"""The T-bot's turn procedure: the options the engine offers, the
Five Corsair Check, drawing and queueing, the empty pile (TB-9), and Raid or Build (TB-11, TB-12)."""

from __future__ import annotations

from tests.engine.exact import board
from tests.engine.positions import bare_state, drive, pieces_at, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards.american import event_requirement
from tripoli_tui.engine.cards.tripolitan import solitaire_condition
from tripoli_tui.engine.cards.tripolitan.five_corsair_check import five_corsair_check
from tripoli_tui.engine.decisions import (
    BuildCorsair,
    DiscardForRaidOrBuild,
    DrawCard,
    FiveCorsairRaid,
    PlayDrawn,
    PlayLineCard,
    QueueDrawn,
    Raid,
    RaidOrBuild,
)
from tripoli_tui.engine.mechanics import raids
from tripoli_tui.engine.turn import tripolitan
from tripoli_tui.engine.turn.tripolitan import tripolitan_play

PZ = "tripoli_patrol_zone"


# --- turn_options ---------------------------------------------------------------------------

def test_turn_options_at_setup() -> None:
    s = bare_state(1801, "spring")
    place(s, "gibraltar", "corsair", 2)
    place(s, "tripoli", "corsair", 5)
    place(s, "gibraltar", "us_frigate", 3)
    # Murad Reis is playable (no frigate in the Gibraltar zone); five corsairs in Tripoli.
    assert tripolitan.turn_options(s) == [PlayLineCard("murad_reis_breaks_out"),
                                         FiveCorsairRaid(), DrawCard()]


def test_turn_options_nothing_playable() -> None:
    s = bare_state(1802, "spring")
    s.event_card_line = ["constantinople_sends_aid", "yusuf_qaramanli", "sweden_pays_tribute"]
    place(s, "tripoli", "corsair", 4)
    place(s, "gibraltar", "corsair", 2)
    assert tripolitan.turn_options(s) == [DrawCard()]


def test_turn_options_empty_pile_offers_raid_or_build_r54() -> None:
    s = bare_state(1806, "winter")
    s.event_card_line = []
    s.tbot_draw = []
    assert tripolitan.turn_options(s) == [RaidOrBuild()]


def test_turn_options_murad_reis_needs_a_corsair_in_gibraltar_r07() -> None:
    s = bare_state(1801, "winter")
    s.event_card_line = ["murad_reis_breaks_out"]
    assert tripolitan.turn_options(s) == [DrawCard()]
    place(s, "gibraltar", "corsair", 1)
    place(s, "gibraltar_patrol_zone", "us_frigate", 2)
    assert tripolitan.turn_options(s) == [PlayLineCard("murad_reis_breaks_out"), DrawCard()]
    s.season = 2   # Fall 1801: the frigates in the zone hold Murad Reis back
    assert tripolitan.turn_options(s) == [DrawCard()]


def test_turn_options_yusuf_needs_two_allies_until_1804_and_one_after() -> None:
    s = bare_state(1804, "winter")
    s.event_card_line = ["yusuf_qaramanli"]
    place(s, "tunis", "allied_corsair", 1)
    assert tripolitan.turn_options(s) == [DrawCard()]
    s.year = 1805
    assert tripolitan.turn_options(s) == [PlayLineCard("yusuf_qaramanli"), DrawCard()]
    s.year = 1804
    place(s, "tangier", "allied_corsair", 1)
    assert tripolitan.turn_options(s) == [PlayLineCard("yusuf_qaramanli"), DrawCard()]


def test_turn_options_sweden_needs_1803_and_the_swedes_r06() -> None:
    s = bare_state(1802, "winter")
    s.event_card_line = ["sweden_pays_tribute"]
    place(s, PZ, "swedish_frigate", 2)
    assert tripolitan.turn_options(s) == [DrawCard()]
    s.year = 1806
    assert tripolitan.turn_options(s) == [PlayLineCard("sweden_pays_tribute"), DrawCard()]


def test_turn_options_constantinople_after_derne_captured_r22() -> None:
    s = bare_state(1805, "spring")
    s.event_card_line = ["constantinople_sends_aid"]
    s.derne_captured = True   # the army has since moved on: still captured
    assert tripolitan.turn_options(s) == [PlayLineCard("constantinople_sends_aid"), DrawCard()]


def test_five_corsair_check_counts_tripoli_harbor_only_r53() -> None:
    s = bare_state(1802, "spring")
    s.event_card_line = []
    place(s, "tripoli", "corsair", 4)
    place(s, "gibraltar", "corsair", 2)
    place(s, "tripoli", "tripolitan_frigate", 2)
    assert not five_corsair_check(s)
    assert five_corsair_check(s).explain() == "corsairs in the harbor of Tripoli: 4, needed at least 5"
    place(s, "tripoli", "corsair", 1)
    assert five_corsair_check(s)


def test_five_corsair_check_raids_from_tripoli_without_a_card() -> None:
    s = bare_state(1802, "spring")
    s.event_card_line = []
    place(s, "tripoli", "corsair", 5)
    s.battle_card_line = []
    s.forced_dice = [5, 5, 1, 1, 1]
    pile = list(s.tbot_draw)
    run = drive(s, tripolitan.tripolitan_play(s), ["five-corsair-check"])
    assert run.finished
    assert s.gold == 2
    assert s.tbot_draw == pile and s.tbot_discard == [] and s.tbot_active_event == ""
    assert board(s) == {'tripoli': {'corsair': 5}}


def test_line_card_is_played_and_leaves_the_line() -> None:
    s = bare_state(1803, "spring")
    s.event_card_line = ["murad_reis_breaks_out", "sweden_pays_tribute", "storms"]
    place(s, PZ, "swedish_frigate", 2)
    run = drive(s, tripolitan.tripolitan_play(s), ["play-line sweden_pays_tribute"])
    assert run.finished
    assert s.event_card_line == ["murad_reis_breaks_out", "storms"]
    assert s.gold == 2 and s.tbot_removed == ["sweden_pays_tribute"]
    assert s.tbot_active_event == "sweden_pays_tribute"
    assert board(s) == {}


# --- drawn_card_options ------------------------------------------------------------------------

def test_drawn_card_options_for_every_instruction() -> None:
    s = bare_state(1803, "spring")
    for card in ("algiers_declares_war", "morocco_declares_war", "tunis_declares_war",
                 "troops_to_tripoli"):
        assert tripolitan.drawn_card_options(s, card) == [PlayDrawn()]
    for card in ("algerine_corsairs_raid", "moroccan_corsairs_raid", "tunisian_corsairs_raid"):
        assert tripolitan.drawn_card_options(s, card) == [DiscardForRaidOrBuild()]
    # Conditions failing: queue or Raid or Build.
    for card in ("the_philadelphia_runs_aground", "storms", "second_storms"):
        assert tripolitan.drawn_card_options(s, card) == [QueueDrawn()]
    for card in ("tripoli_attacks", "us_supplies_run_low"):
        assert tripolitan.drawn_card_options(s, card) == [DiscardForRaidOrBuild()]
    # Conditions holding: play (or the fallback, TB-1).
    assert tripolitan.drawn_card_options(s, "tripoli_acquires_corsairs") == [PlayDrawn(),
                                                                             QueueDrawn()]
    assert tripolitan.drawn_card_options(s, "troops_to_derne") == [PlayDrawn(),
                                                                   DiscardForRaidOrBuild()]
    s.benghazi_captured = True
    assert tripolitan.drawn_card_options(s, "troops_to_benghazi") == [DiscardForRaidOrBuild()]


def test_drawn_card_conditions_count_american_frigates_not_swedes() -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "swedish_frigate", 2)
    assert tripolitan.drawn_card_options(s, "the_philadelphia_runs_aground") == [QueueDrawn()]
    assert tripolitan.drawn_card_options(s, "us_supplies_run_low") == [DiscardForRaidOrBuild()]
    place(s, PZ, "us_frigate", 1)
    place(s, "tripoli", "corsair", 3)
    place(s, "tripoli", "tripolitan_frigate", 1)
    assert tripolitan.drawn_card_options(s, "tripoli_attacks") == [PlayDrawn(),
                                                                   DiscardForRaidOrBuild()]
    assert tripolitan.drawn_card_options(s, "the_philadelphia_runs_aground") == [PlayDrawn(),
                                                                                 QueueDrawn()]
    place(s, PZ, "us_frigate", 1)
    assert tripolitan.drawn_card_options(s, "tripoli_attacks") == [DiscardForRaidOrBuild()]
    assert tripolitan.drawn_card_options(s, "us_supplies_run_low") == [PlayDrawn(),
                                                                       DiscardForRaidOrBuild()]
    assert tripolitan.drawn_card_options(s, "storms") == [PlayDrawn(), QueueDrawn()]


def test_tripoli_attacks_needs_five_dice_in_the_harbor_r24() -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "us_frigate", 1)
    place(s, "tripoli", "corsair", 2)
    place(s, "tripoli", "tripolitan_frigate", 1)
    place(s, "gibraltar", "corsair", 2)             # Gibraltar's corsairs do not count
    place(s, "track_1804", "tripolitan_frigate", 1)  # nor a damaged frigate on the track
    assert tripolitan.drawn_card_options(s, "tripoli_attacks") == [DiscardForRaidOrBuild()]
    place(s, "tripoli", "corsair", 1)
    assert tripolitan.drawn_card_options(s, "tripoli_attacks") == [PlayDrawn(),
                                                                   DiscardForRaidOrBuild()]


# --- drawing, queueing, the empty pile -------------------------------------------------------

def test_queue_then_draw_again_then_play() -> None:
    s = bare_state(1802, "summer")
    s.event_card_line = []
    s.tbot_draw = ["storms", "the_philadelphia_runs_aground", "troops_to_tripoli", "storms"]
    run = drive(s, tripolitan.tripolitan_play(s), ["draw", "queue", "queue", "play-drawn"])
    assert run.finished
    assert [dec.kind for dec in run.decisions] == ["tripolitan_turn", "drawn_card", "drawn_card",
                                                   "drawn_card"]
    assert [dec.info.card for dec in run.decisions[1:]] == [
        "storms", "the_philadelphia_runs_aground", "troops_to_tripoli"]
    assert s.event_card_line == ["storms", "the_philadelphia_runs_aground"]
    assert s.tbot_draw == ["storms"]
    assert s.tbot_drawn == ""
    assert pieces_at(s, "tripoli") == {"tripolitan_infantry": 2}
    assert s.tbot_discard == ["troops_to_tripoli"]
    assert board(s) == {'tripoli': {'tripolitan_infantry': 2}}


def test_queue_until_the_pile_runs_out_then_raid_or_build_r54() -> None:
    s = bare_state(1806, "summer")
    s.event_card_line = []
    s.tbot_draw = ["second_storms"]
    run = drive(s, tripolitan.tripolitan_play(s), ["draw", "queue", "build-corsair"])
    assert run.finished
    assert run.decisions[-1].kind == "raid_or_build"
    assert s.event_card_line == ["second_storms"]
    assert s.tbot_draw == [] and s.tbot_discard == []
    assert pieces_at(s, "tripoli") == {"corsair": 1}
    assert board(s) == {'tripoli': {'corsair': 1}}


def test_drawn_card_discarded_to_raid_or_build() -> None:
    s = bare_state(1802, "summer")
    s.event_card_line = []
    s.tbot_draw = ["tunisian_corsairs_raid"]
    place(s, "algiers", "allied_corsair", 3)
    s.battle_card_line = []
    s.forced_dice = [6, 1, 1]
    run = drive(s, tripolitan.tripolitan_play(s),
                ["draw", "discard-raid-or-build", "raid algiers"])
    assert run.finished
    assert run.decisions[-1].options == (Raid("algiers"),)
    assert s.tbot_discard == ["tunisian_corsairs_raid"]
    assert s.gold == 1 and s.tbot_active_event == ""
    assert board(s) == {'algiers': {'allied_corsair': 3}}


def test_empty_pile_raid_or_build_uses_no_card() -> None:
    s = bare_state(1806, "fall")
    s.event_card_line = []
    s.tbot_draw = []
    run = drive(s, tripolitan.tripolitan_play(s), ["raid-or-build", "build-corsair"])
    assert run.finished
    assert pieces_at(s, "tripoli") == {"corsair": 1}
    assert s.tbot_discard == [] and s.tbot_removed == []
    assert board(s) == {'tripoli': {'corsair': 1}}


# --- Raid or Build (TB-11, TB-12) ----------------------------------------------------------

def test_raid_or_build_margins_and_ties_r01() -> None:
    s = bare_state(1804, "spring")
    place(s, "tripoli", "corsair", 4)
    place(s, PZ, "us_frigate", 1)
    place(s, "tangier", "allied_corsair", 3)
    place(s, "algiers", "allied_corsair", 3)
    place(s, "algiers_patrol_zone", "us_frigate", 3)
    place(s, "tunis", "allied_corsair", 2)
    assert raids.raid_or_build_margins(s) == [
        ("tripoli", 4, 1, True), ("tangier", 3, 0, True), ("algiers", 3, 3, False),
        ("tunis", 2, 0, False)]
    # Every qualifying harbor is offered, in the tie-break order (TB-11); the T-bot picks.
    assert raids.raid_or_build_options(s) == [Raid("tripoli"), Raid("tangier")]


def test_raid_or_build_swedes_count_as_interceptors() -> None:
    s = bare_state(1802, "spring")
    place(s, "tripoli", "corsair", 3)
    place(s, PZ, "swedish_frigate", 2)
    place(s, PZ, "us_frigate", 1)
    assert raids.raid_or_build_options(s) == [BuildCorsair()]


def test_raid_or_build_build_with_empty_supply_does_nothing_r02() -> None:
    s = bare_state(1804, "spring")
    place(s, "tripoli", "corsair", 7)
    place(s, "gibraltar", "corsair", 2)
    place(s, PZ, "us_frigate", 7)      # 7 corsairs, 7 frigates outside: no raid
    s.tbot_draw = []
    s.event_card_line = []
    run = drive(s, raids.raid_or_build(s), ["build-corsair"])
    assert run.finished
    assert pieces_at(s, "tripoli") == {"corsair": 7}
    assert s.pieces["tripolitan_supply"]["corsair"] == 0
    assert any("no corsair is left in the supply" in e.text for e in s.log)
    assert board(s) == {
        'gibraltar': {'corsair': 2},
        'tripoli': {'corsair': 7},
        'tripoli_patrol_zone': {'us_frigate': 7},
    }


def test_check_facts_describe_the_position_when_asked_not_when_read() -> None:
    s = bare_state(1804, "spring")
    place(s, "tunis", "allied_corsair", 1)
    yusuf = solitaire_condition(s, "yusuf_qaramanli")
    storms = solitaire_condition(s, "storms")
    treaty = event_requirement(s, "treaty_of_peace_and_amity")
    place(s, "algiers", "allied_corsair", 1)         # the board changes before the facts are read
    place(s, PZ, "us_frigate", 3)
    s.year, s.season = 1806, 3
    assert not yusuf and not storms and not treaty
    assert yusuf.explain() == ("year: 1804; active allies: 1 (Tunis), needed at least 2 in "
                               "1801-1804")
    assert storms.explain() == ("American frigates per patrol zone: Tripoli 0, Tangier 0, "
                                "Algiers 0, Tunis 0, Gibraltar 0, needed a zone with at least 2")
    assert treaty.explain() == (
        "date: Spring 1804, needed Fall 1805 or later; allies at war: Tunis, needed none; "
        "Derne captured by Hamet's Army: no, needed yes; Tripolitan frigates in the harbor of "
        "Tripoli: 0, needed 0")
    assert solitaire_condition(s, "yusuf_qaramanli")
    assert solitaire_condition(s, "storms")



# --- rules that slipped once: each test went red with its rule broken -----------------------

def test_line_cards_are_offered_in_line_order_winter_1801_with_two_allies() -> None:
    s = bare_state(1801, "winter")
    place(s, "gibraltar", "corsair", 1)
    place(s, "gibraltar_patrol_zone", "us_frigate", 1)
    place(s, "tangier", "allied_corsair", 1)
    place(s, "tunis", "allied_corsair", 1)
    assert s.event_card_line[:3] == ["murad_reis_breaks_out", "constantinople_sends_aid",
                                     "yusuf_qaramanli"]
    assert tripolitan.turn_options(s) == [PlayLineCard("murad_reis_breaks_out"),
                                         PlayLineCard("yusuf_qaramanli"), DrawCard()]
    s.event_card_line = ["yusuf_qaramanli", "murad_reis_breaks_out"]
    assert tripolitan.turn_options(s) == [PlayLineCard("yusuf_qaramanli"),
                                         PlayLineCard("murad_reis_breaks_out"), DrawCard()]


def test_a_queued_card_waits_behind_the_older_line_cards() -> None:
    s = bare_state(1805, "spring")
    s.event_card_line = ["constantinople_sends_aid", "yusuf_qaramanli"]
    s.tbot_draw = ["tripoli_acquires_corsairs", "storms"]
    place(s, "tripoli", "corsair", 7)   # the supply holds 1: Tripoli Acquires Corsairs queues
    run = drive(s, tripolitan.tripolitan_play(s), ["draw", "queue"])
    assert s.event_card_line == ["constantinople_sends_aid", "yusuf_qaramanli",
                                 "tripoli_acquires_corsairs"]
    assert run.pending is not None and run.pending.info.card == "storms"
    # Derne captured, an ally at war, two corsairs back in the supply: all three are playable.
    s.derne_captured = True
    place(s, "algiers", "allied_corsair", 1)
    s.pieces["tripoli"]["corsair"] -= 1
    s.pieces["tripolitan_supply"]["corsair"] += 1
    assert tripolitan.turn_options(s)[:3] == [PlayLineCard("constantinople_sends_aid"),
                                             PlayLineCard("yusuf_qaramanli"),
                                             PlayLineCard("tripoli_acquires_corsairs")]


def test_the_tbot_never_plays_a_corsairs_raid_card_as_an_event() -> None:
    s = bare_state(1805, "spring")
    for card in ("algerine_corsairs_raid", "moroccan_corsairs_raid", "tunisian_corsairs_raid"):
        check = solitaire_condition(s, card)
        assert not check
        assert check.explain() == f"card: {d.card_name(card)}, needed never played by the T-bot"


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
