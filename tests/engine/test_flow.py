"""Setup and the sequence of play: the year, the card draws, the hand limit, the seasons, the
end of the game, tournament points, piece limits and instant victories."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from tests.engine.exact import board
from tests.engine.positions import bare_state, drive, give_hand, pieces_at, place
from tripoli_tui.engine import Game, check_invariants
from tripoli_tui.engine import data as d
from tripoli_tui.engine.cards import decks
from tripoli_tui.engine.cards.american import event_requirement
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event, solitaire_condition
from tripoli_tui.engine.core import GameOver, tournament_points
from tripoli_tui.engine.decisions import (
    BuildCorsair,
    DiscardCard,
    PlayLineCard,
    QueueDrawn,
    RaidOrBuild,
)
from tripoli_tui.engine.mechanics import raids
from tripoli_tui.engine.mechanics.combat import harbor_battle
from tripoli_tui.engine.state import LogEntry, Phase, SeasonRecord
from tripoli_tui.engine.turn import flow, tripolitan
from tripoli_tui.engine.turn.american import hand_limit
from tripoli_tui.engine.turn.flow import start_of_year

TR_SUPPLY, US_SUPPLY = "tripolitan_supply", "us_supply"


# --- setup ---------------------------------------------------------------------------------

def test_solitaire_setup_exactly_as_printed() -> None:
    s = flow.solitaire_setup(7)
    on_board = {loc: pieces_at(s, loc) for loc in d.ALL_LOCATIONS if pieces_at(s, loc)}
    assert on_board == {
        "gibraltar": {"us_frigate": 3, "corsair": 2},
        "tripoli": {"corsair": 5, "tripolitan_infantry": 4},
        "benghazi": {"tripolitan_infantry": 4},
        "derne": {"tripolitan_infantry": 4},
        "track_1802": {"us_frigate": 1},
        "track_1803": {"us_frigate": 1},
        "track_1804": {"us_frigate": 1},
        US_SUPPLY: {"us_frigate": 2, "gunboat": 3, "marine": 4, "arab_infantry": 10,
                    "swedish_frigate": 2},
        TR_SUPPLY: {"tripolitan_frigate": 2, "corsair": 2, "allied_corsair": 9,
                    "tripolitan_infantry": 8},
    }
    assert s.gold == 0 and s.year == 1801 and s.season == 0 and s.phase == Phase.START_OF_YEAR
    assert s.us_core == ["thomas_jefferson", "swedish_frigates_arrive", "hamets_army_created"]
    assert s.us_hand == [] and s.us_discard == [] and s.us_removed == []
    assert len(s.us_draw) == 24 and Counter(s.us_draw) == Counter(decks.US_DECK)
    assert len(s.tbot_draw) == 18 and Counter(s.tbot_draw) == Counter(decks.TBOT_DECK)
    assert "second_storms" in s.tbot_draw
    assert not {"five_corsair_check", "raid_or_build", "sweden_pays_tribute"} & set(s.tbot_draw)
    assert s.event_card_line == ["murad_reis_breaks_out", "constantinople_sends_aid",
                                 "yusuf_qaramanli", "sweden_pays_tribute"]
    assert s.battle_card_line == ["happy_hunting", "merchant_ship_converted", "uncharted_waters",
                                  "mercenaries_desert", "us_signal_books_overboard",
                                  "the_guns_of_tripoli"]
    assert s.tbot_discard == [] and s.tbot_removed == [] and s.tbot_drawn == ""
    assert check_invariants(s) == []


def test_setup_shuffles_by_seed() -> None:
    a, b, c = flow.solitaire_setup(1), flow.solitaire_setup(1), flow.solitaire_setup(2)
    assert a == b
    assert (a.us_draw, a.tbot_draw) != (c.us_draw, c.tbot_draw)


# --- start of year ------------------------------------------------------------------------

@pytest.mark.parametrize("year", [1801, 1802, 1803, 1804])
def test_start_of_year_draws_six(year: int) -> None:
    s = bare_state(year, "winter")
    s.phase = Phase.START_OF_YEAR
    if year > 1801:
        give_hand(s, s.us_draw[-1])     # a card kept from last year
    s.us_draw = s.us_draw[: 24 - 6 * (year - 1801)]
    kept, top = list(s.us_hand), s.us_draw[:6]
    flow.start_of_year(s)
    assert s.season == 0 and s.phase == Phase.AMERICAN_PLAY
    assert s.us_hand == kept + top
    assert len(s.us_draw) == 24 - 6 * (year - 1801) - 6


def test_start_of_year_arrivals_from_the_track() -> None:
    s = bare_state(1803, "winter")
    place(s, "track_1803", "us_frigate", 2)
    place(s, "track_1804", "us_frigate", 1)
    place(s, "track_1803", "tripolitan_frigate", 1)
    place(s, "gibraltar", "us_frigate", 1)
    flow.start_of_year(s)
    assert pieces_at(s, "gibraltar") == {"us_frigate": 3}
    assert pieces_at(s, "tripoli") == {"tripolitan_frigate": 1}
    assert pieces_at(s, "track_1803") == {}
    assert pieces_at(s, "track_1804") == {"us_frigate": 1}


def test_1805_reshuffles_the_discard_pile_then_draws_six() -> None:
    s = bare_state(1805, "spring")
    s.phase = Phase.START_OF_YEAR
    discards = ["naval_movement", "naval_movement", "tribute_paid", "early_deployment",
                "a_show_of_force", "bainbridge_supplies_intel", "burn_the_philadelphia"]
    for card in discards:
        s.us_draw.remove(card)
    s.us_discard = list(discards)
    give_hand(s, "assault_on_tripoli")
    s.us_removed = list(s.us_draw)   # everything else is out of the game
    s.us_draw = []
    flow.start_of_year(s)
    assert s.us_discard == []
    assert len(s.us_hand) == 7 and s.us_hand[0] == "assault_on_tripoli"
    assert len(s.us_draw) == 1
    assert Counter(s.us_hand[1:] + s.us_draw) == Counter(discards)
    assert check_invariants(s) == []


def test_1806_draws_every_card_left() -> None:
    s = bare_state(1806, "spring")
    s.phase = Phase.START_OF_YEAR
    s.us_removed = s.us_draw[9:]
    s.us_draw = s.us_draw[:9]
    pile = list(s.us_draw)
    flow.start_of_year(s)
    assert s.us_draw == [] and s.us_hand == pile


def test_hand_limit_player_chooses_the_discards_core_cards_outside() -> None:
    s = bare_state(1806, "spring")
    hand = ["naval_movement", "naval_movement", "tribute_paid", "early_deployment",
            "a_show_of_force", "bainbridge_supplies_intel", "burn_the_philadelphia",
            "launch_the_intrepid", "assault_on_tripoli", "treaty_of_peace_and_amity"]
    give_hand(s, *hand)
    run = drive(s, hand_limit(s), ["discard naval_movement", "discard launch_the_intrepid"])
    assert run.finished
    first = run.decisions[0]
    assert first.kind == "hand_limit" and first.info.excess == 2
    assert first.options == tuple(DiscardCard(c) for c in dict.fromkeys(hand))
    assert run.decisions[1].info.excess == 1
    assert s.us_discard == ["naval_movement", "launch_the_intrepid"]
    assert len(s.us_hand) == 8
    assert s.us_core == ["thomas_jefferson", "swedish_frigates_arrive", "hamets_army_created"]


def test_hand_of_eight_with_core_cards_needs_no_discard() -> None:
    s = bare_state(1802, "spring")
    give_hand(s, *s.us_draw[:8])
    run = drive(s, hand_limit(s))
    assert run.finished and run.decisions == [] and len(s.us_hand) == 8


def test_new_year_asks_the_hand_limit_before_the_spring_play_n04() -> None:
    s = bare_state(1801, "winter")
    s.phase = Phase.TRIPOLITAN_PLAY
    s.tbot_removed, s.event_card_line = s.event_card_line, []
    s.tbot_draw.remove("troops_to_tripoli")
    s.tbot_draw.insert(0, "troops_to_tripoli")
    give_hand(s, *s.us_draw[:5])
    s.us_draw = s.us_draw[:6] + []
    s.us_removed = [c for c in decks.US_DECK]
    for c in s.us_hand + s.us_draw:
        s.us_removed.remove(c)
    game = Game(s)
    game.submit(game.pending.options[0])            # draw
    game.submit(game.pending.options[0])            # play Troops to Tripoli
    assert game.state.year == 1802 and game.state.season == 0
    assert game.pending is not None and game.pending.kind == "hand_limit"
    assert game.pending.info.excess == 3 and len(game.state.us_hand) == 11
    assert check_invariants(game.state, hand_limit_pending=True) == []
    assert check_invariants(game.state) != []


# --- dates that matter ----------------------------------------------------------------------

def test_winter_1801_murad_reis_breaks_out_despite_the_gibraltar_zone() -> None:
    s = bare_state(1801, "fall")
    place(s, "gibraltar", "corsair", 2)
    place(s, "gibraltar_patrol_zone", "us_frigate", 1)
    assert not solitaire_condition(s, "murad_reis_breaks_out")
    s.season = 3
    assert solitaire_condition(s, "murad_reis_breaks_out")
    assert PlayLineCard("murad_reis_breaks_out") in tripolitan.turn_options(s)
    s.year = 1802
    assert not solitaire_condition(s, "murad_reis_breaks_out")


def test_fall_1805_opens_treaty_and_assault() -> None:
    s = bare_state(1805, "summer")
    s.derne_captured = True
    assert not event_requirement(s, "assault_on_tripoli")
    assert not event_requirement(s, "treaty_of_peace_and_amity")
    s.season = 2
    assert event_requirement(s, "assault_on_tripoli")
    assert event_requirement(s, "treaty_of_peace_and_amity")
    place(s, "tunis", "allied_corsair", 1)
    assert not event_requirement(s, "treaty_of_peace_and_amity")


def test_guns_of_tripoli_never_before_spring_1805_unless_assault() -> None:
    # The engine offers the card at its printed condition; the bot's own rule is narrower.
    s = bare_state(1805, "winter")
    place(s, "tripoli", "us_frigate", 1)
    place(s, "tripoli", "corsair", 1)
    s.forced_dice = [1, 1, 1]
    run = drive(s, harbor_battle(s, "tripoli", active="us"), ["decline"])
    assert run.decisions[0].info.card == "the_guns_of_tripoli"


# --- end of season, end of game ---------------------------------------------------------------

def test_end_of_season_advances_and_clears_active_events() -> None:
    s = bare_state(1803, "fall")
    s.us_active_event, s.tbot_active_event = "naval_movement", "storms"
    flow.end_of_season(s)
    assert (s.year, s.season, s.phase) == (1803, 3, Phase.AMERICAN_PLAY)
    assert s.us_active_event == "" and s.tbot_active_event == ""
    flow.end_of_season(s)
    assert (s.year, s.season, s.phase) == (1804, 3, Phase.START_OF_YEAR)
    assert s.history_season == [
        SeasonRecord(1803, 2, 0, 0),
        SeasonRecord(1803, 3, 0, 0)]


def test_end_of_1806_is_a_draw_with_tournament_points() -> None:
    s = bare_state(1806, "winter")
    s.gold = 5
    place(s, "sunk_us_frigates", "us_frigate", 2)
    with pytest.raises(GameOver):
        flow.end_of_season(s)
    assert s.phase == Phase.GAME_OVER
    assert s.result is not None and dataclasses.asdict(s.result) == {
        "winner": "draw", "how": "draw", "text": s.result.text, "year": 1806, "season": 3,
        "us_points": 19, "tripolitan_points": 11, "gold_at_end": 5, "frigates_sunk_at_end": 2}
    assert s.history_season[-1] == SeasonRecord(1806, 3, 5, 2)
    assert s.log[-1].kind == "result"


def test_tournament_points() -> None:
    s = bare_state()
    assert tournament_points(s) == (30, 0)
    s.gold = 12
    place(s, "sunk_us_frigates", "us_frigate", 3)
    assert tournament_points(s) == (9, 21)   # Tripoli 9 + 12; a US win here is "low-point"


def test_the_game_ends_in_a_draw_through_the_game_loop() -> None:
    s = bare_state(1806, "winter")
    s.phase = Phase.TRIPOLITAN_PLAY
    s.event_card_line, s.tbot_draw = [], []
    place(s, "tripoli", "corsair", 7)
    place(s, "gibraltar", "corsair", 2)
    place(s, "tripoli_patrol_zone", "us_frigate", 8)   # nothing qualifies: build (none left)
    game = Game(s)
    game.submit(RaidOrBuild())                 # (the Five Corsair Check is also offered)
    assert game.pending is not None and game.pending.kind == "raid_or_build"
    assert game.pending.options == (BuildCorsair(),)
    game.submit(BuildCorsair())
    assert game.is_over and game.state.result.winner == "draw"
    assert game.state.pieces["tripoli"]["corsair"] == 7
    assert len(game.state.history_season) == 1


# --- the ninth corsair ---------------------------------------------------------------------

def test_the_ninth_corsair_no_tenth_can_appear() -> None:
    s = bare_state(1804, "summer")
    place(s, "tripoli", "corsair", 7)
    place(s, "gibraltar", "corsair", 2)
    place(s, "tripoli_patrol_zone", "us_frigate", 8)
    assert tripolitan.drawn_card_options(s, "tripoli_acquires_corsairs") == [QueueDrawn()]
    s.tbot_draw.remove("tripoli_acquires_corsairs")
    s.event_card_line.remove("constantinople_sends_aid")
    drive(s, raids.raid_or_build(s), ["build-corsair"])
    drive(s, play_tripolitan_event(s, "tripoli_acquires_corsairs"))
    s.derne_captured = True
    drive(s, play_tripolitan_event(s, "constantinople_sends_aid"))
    assert pieces_at(s, "tripoli") == {"corsair": 7, "tripolitan_frigate": 1,
                                       "tripolitan_infantry": 2}
    assert s.pieces[TR_SUPPLY]["corsair"] == 0
    assert check_invariants(s) == []


# --- victory the instant it happens ---------------------------------------------------------

def test_victory_ends_the_game_at_once_through_the_game_loop() -> None:
    s = bare_state(1802, "spring")
    s.phase = Phase.TRIPOLITAN_PLAY
    s.gold = 11
    s.event_card_line = []
    place(s, "tripoli", "corsair", 5)
    place(s, "algiers", "allied_corsair", 3)
    s.battle_card_line = []
    s.forced_dice = [1, 1, 1, 1, 5, 6, 6]
    game = Game(s)
    game.submit(tripolitan.FiveCorsairRaid())
    assert game.is_over and game.pending is None
    st = game.state
    assert st.result.winner == "tripolitania" and st.result.how == "gold"
    assert st.gold == 12 and st.forced_dice == [6, 6]
    assert (st.year, st.season) == (1802, 0)
    assert st.history_season == [SeasonRecord(1802, 0, 12, 0)]
    assert st.log[-1].text == ("Tripoli has twelve gold: the United States pays tribute. "
                               "Tripolitania wins.")


def test_sinking_the_fourth_frigate_is_reported_with_the_count() -> None:
    s = bare_state(1804, "summer")
    place(s, "sunk_us_frigates", "us_frigate", 3)
    place(s, "gibraltar_patrol_zone", "us_frigate", 2)
    s.forced_dice = [6, 1]
    run = drive(s, play_tripolitan_event(s, "storms"))
    assert run.game_over
    assert [e.text for e in s.log[-2:]] == [
        "An American frigate is sunk in the Gibraltar patrol zone (4 of 4 sunk).",
        "Tripoli has sunk four American frigates: Tripolitania wins."]
    assert s.result.us_points == 18 and s.result.tripolitan_points == 12



# --- rules that slipped once: each test went red with its rule broken -----------------------

def texts(log: list[LogEntry]) -> list[str]:
    return [e.text for e in log]


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


def test_every_tripolitan_frigate_on_the_track_space_returns_to_tripoli() -> None:
    s = bare_state(1803, "spring")
    s.phase = "start_of_year"
    place(s, d.track_space(1803), "tripolitan_frigate", 2)
    start_of_year(s)
    assert board(s) == {"tripoli": {"tripolitan_frigate": 2}}
    assert "2 Tripolitan frigates return to Tripoli." in texts(s.log)


def test_one_card_drawn_is_one_card() -> None:
    s = bare_state(1806, "spring")
    s.phase = "start_of_year"
    s.us_draw = s.us_draw[:1]
    start_of_year(s)
    assert texts(s.log)[-1] == "The United States draws 1 card."
