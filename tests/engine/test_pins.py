"""Pins: rules the engine must keep through any restructuring, each from an explicit position.

Every test here went red with the rule broken in the engine (see the issue's safety net).
"""

from __future__ import annotations

import pytest

from tests.engine.exact import board
from tests.engine.positions import bare_state, drive, give_hand, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine import queries as q
from tripoli_tui.engine import rng
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event, solitaire_condition
from tripoli_tui.engine.decisions import BuildCorsair, DrawCard, PlayLineCard, Raid, RaidOrBuild
from tripoli_tui.engine.procedures import raids, tripolitan
from tripoli_tui.engine.procedures.combat import ground_combat
from tripoli_tui.engine.procedures.flow import start_of_year
from tripoli_tui.engine.state import GameState

PZ = "tripoli_patrol_zone"


def dice_logged(state: GameState, what: str) -> list[list[int]]:
    """The dice of every logged roll whose text starts with `what`, in order."""
    return [e.data for e in state.log if e.kind == "dice" and e.text.startswith(what)]


# --- 1. the event card line: every playable card is offered, in line order -------------------

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
    assert run.pending is not None and run.pending.info["card"] == "storms"
    # Derne captured, an ally at war, two corsairs back in the supply: all three are playable.
    s.derne_captured = True
    place(s, "algiers", "allied_corsair", 1)
    s.pieces["tripoli"]["corsair"] -= 1
    s.pieces["tripolitan_supply"]["corsair"] += 1
    assert tripolitan.turn_options(s)[:3] == [PlayLineCard("constantinople_sends_aid"),
                                             PlayLineCard("yusuf_qaramanli"),
                                             PlayLineCard("tripoli_acquires_corsairs")]


# --- 2. Preble's Boys Take Aim is not offered when Tripoli attacks -------------------------

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


# --- 3. Swedish frigates roll two dice each, Sterett or not ---------------------------------

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


# --- 4. interception hits beyond the raiders are lost ------------------------------------

def test_interception_hits_beyond_the_raiders_are_lost() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 1)
    place(s, "tripoli", "tripolitan_frigate", 2)
    place(s, PZ, "us_frigate", 2)
    place(s, "gibraltar", "corsair", 1)
    s.battle_card_line = []
    s.forced_dice = [6, 6, 6, 6]
    run = drive(s, raids.pirate_raid(s, "tripoli"))
    assert run.finished and run.decisions == [] and s.forced_dice == []
    assert board(s) == {"tripoli": {"tripolitan_frigate": 2}, PZ: {"us_frigate": 2},
                        "gibraltar": {"corsair": 1}}
    assert s.gold == 0
    assert [e.text for e in s.log if e.kind == "dice"] == [
        "Interception from the Tripoli patrol zone: [6] [6] [6] [6] - 1 corsair sunk"]


def test_murad_reis_interception_sinks_no_more_than_the_corsairs_in_gibraltar() -> None:
    s = bare_state(1801, "winter")
    place(s, "gibraltar", "corsair", 1)
    place(s, "gibraltar_patrol_zone", "us_frigate", 3)
    s.forced_dice = [6] * 6
    run = drive(s, play_tripolitan_event(s, "murad_reis_breaks_out"))
    assert run.finished and s.forced_dice == []
    assert board(s) == {"gibraltar_patrol_zone": {"us_frigate": 3}}
    assert s.pieces["tripolitan_supply"]["corsair"] == d.PIECE_TOTALS["corsair"]
    assert [e.text for e in s.log if e.kind == "dice"] == [
        "Interception from the Gibraltar patrol zone: [6] [6] [6] [6] [6] [6] - 1 corsair sunk"]


# --- 5. O'Bannon's two dice end with the last Marine ----------------------------------------

def test_obannon_bonus_ends_with_the_last_marine() -> None:
    s = bare_state(1805, "spring")
    place(s, "derne", "tripolitan_infantry", 2)
    place(s, "derne", "marine", 1)
    place(s, "derne", "arab_infantry", 2)
    s.battle_card_line = []
    give_hand(s, "lieutenant_obannon_leads_the_charge")
    # Round 1: Marine 1+2 dice, Arabs 2, Tripolitans 2 (one hit: the Marine falls).
    # Round 2: no Marine, no bonus: Arabs 2 (two hits), Tripolitans 2.
    s.forced_dice = [1, 1, 1] + [1, 1] + [6, 1] + [6, 6] + [1, 1]
    run = drive(s, ground_combat(s, "derne"),
                ["battle-card lieutenant_obannon_leads_the_charge", "hit marine"])
    assert run.finished and s.forced_dice == []
    assert dice_logged(s, "Marines fire") == [[1, 1, 1]]
    assert dice_logged(s, "Arab infantry fire") == [[1, 1], [6, 6]]
    assert s.derne_captured
    assert board(s) == {"derne": {"arab_infantry": 2}}


# --- 6. storms count American frigates only --------------------------------------------------

def test_storms_requirement_ignores_swedish_frigates() -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "us_frigate", 1)
    place(s, PZ, "swedish_frigate", 2)
    for card in ("storms", "second_storms"):
        assert not solitaire_condition(s, card)
    assert q.storms_zone_counts(s)[0] == (PZ, 1)


@pytest.mark.parametrize("card", ["storms", "second_storms"])
def test_storms_never_strike_a_zone_for_its_swedish_frigates(card: str) -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "swedish_frigate", 2)
    place(s, "algiers_patrol_zone", "us_frigate", 1)
    s.forced_dice = [1]
    run = drive(s, play_tripolitan_event(s, card))
    assert run.finished and run.decisions == []   # one zone offered: the Algiers patrol zone
    assert [e.text for e in s.log if e.kind == "dice"] == [
        "Storms in the Algiers patrol zone: [1] - 0 sixes"]


@pytest.mark.parametrize("card", ["storms", "second_storms"])
def test_storms_roll_one_die_per_american_frigate_not_per_swede(card: str) -> None:
    s = bare_state(1803, "spring")
    place(s, PZ, "swedish_frigate", 2)
    place(s, PZ, "us_frigate", 1)
    s.forced_dice = [6, 6, 6]
    run = drive(s, play_tripolitan_event(s, card))
    assert run.finished
    assert dice_logged(s, "Storms") == [[6]]
    assert s.forced_dice == [6, 6]
    assert s.frigates_sunk == 1
    assert board(s) == {PZ: {"swedish_frigate": 2}, d.SUNK: {"us_frigate": 1}}


# --- 7. Raid or Build counts corsairs only ---------------------------------------------------

def test_raid_or_build_counts_corsairs_not_tripolitan_frigates() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 2)
    place(s, "tripoli", "tripolitan_frigate", 2)
    assert raids.raid_or_build_margins(s)[0] == ("tripoli", 2, 0, False)
    assert raids.raid_or_build_options(s) == [BuildCorsair()]
    place(s, "tripoli", "corsair", 1)
    assert raids.raid_or_build_options(s) == [Raid("tripoli")]


# --- 9. only the raiding harbor's own patrol zone intercepts ----------------------------------

RAIDERS = {"tripoli": "corsair", "tangier": "allied_corsair", "algiers": "allied_corsair",
           "tunis": "allied_corsair"}


@pytest.mark.parametrize("harbor", list(RAIDERS))
def test_only_the_raiding_harbors_patrol_zone_intercepts(harbor: str) -> None:
    s = bare_state(1803, "spring")
    place(s, harbor, RAIDERS[harbor], 3)
    own = d.ZONE_OF[harbor]
    for zone in d.PATROL_ZONES:
        if zone != own:
            place(s, zone, "us_frigate", 1)
    if own != PZ:
        place(s, PZ, "swedish_frigate", 2)
    s.battle_card_line = []
    s.forced_dice = [1, 1, 1]
    run = drive(s, raids.pirate_raid(s, harbor))
    assert run.finished and s.forced_dice == []
    assert dice_logged(s, "Interception") == []
    place(s, own, "us_frigate", 1)
    s.forced_dice = [1, 1] + [1, 1, 1]
    drive(s, raids.pirate_raid(s, harbor))
    assert [e.text.split(":")[0] for e in s.log if e.text.startswith("Interception")] == [
        f"Interception from the {d.place_name(own)}"]
    assert s.forced_dice == []


# --- 10. the 1805 reshuffle is the American deck's only -----------------------------------------

def test_the_1805_reshuffle_leaves_the_tbots_cards_alone() -> None:
    s = bare_state(1805, "spring")
    s.phase = "start_of_year"
    s.tbot_draw = ["storms"]
    s.tbot_discard = ["tripoli_attacks", "algerine_corsairs_raid"]
    s.tbot_removed = ["murad_reis_breaks_out"]
    s.event_card_line = ["yusuf_qaramanli"]
    s.us_discard = s.us_draw[:5]
    s.us_draw = s.us_draw[5:12]
    everything = sorted(s.us_draw + s.us_discard)
    start_of_year(s)
    assert s.tbot_draw == ["storms"]
    assert s.tbot_discard == ["tripoli_attacks", "algerine_corsairs_raid"]
    assert s.tbot_removed == ["murad_reis_breaks_out"]
    assert s.event_card_line == ["yusuf_qaramanli"]
    assert s.us_discard == []
    assert sorted(s.us_draw + s.us_hand) == everything and len(s.us_hand) == 6


def test_an_empty_tbot_pile_is_never_refilled_in_1805() -> None:
    s = bare_state(1805, "spring")
    s.phase = "start_of_year"
    s.tbot_draw = []
    s.tbot_discard = ["tripoli_attacks", "storms"]
    start_of_year(s)
    assert s.tbot_draw == [] and s.tbot_discard == ["tripoli_attacks", "storms"]
    s.phase, s.event_card_line = "tripolitan_play", []
    assert tripolitan.turn_options(s) == [RaidOrBuild()]


# --- 11. US Signal Books Overboard takes a card at random --------------------------------------

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


def test_signal_books_overboard_takes_a_card_from_the_seeded_generator() -> None:
    victims = [_signal_books_victim(rng.seed_state(seed)) for seed in range(8)]
    assert all(discarded == picked for discarded, picked in victims)
    assert len({discarded for discarded, _ in victims}) > 1


# --- found by mutation testing ------------------------------------------------------------------

def test_raid_or_build_with_an_empty_supply_says_nothing_is_built() -> None:
    s = bare_state(1803, "spring")
    place(s, "gibraltar", "corsair", d.PIECE_TOTALS["corsair"])
    run = drive(s, raids.raid_or_build(s), ["build-corsair"])
    assert run.finished
    assert board(s) == {"gibraltar": {"corsair": d.PIECE_TOTALS["corsair"]}}
    assert [e.text for e in s.log] == ["Raid or Build: no corsair is left in the supply to build."]
