"""T1-T3: the event card line scan, the Five Corsair Check and the draw, each from a position."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.bot.helpers import ask_tbot, ids
from tests.engine.positions import bare_state, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.decisions import (
    PlayBattleCard,
    PlayLineCard,
)
from tripoli_tui.engine.mechanics import raids
from tripoli_tui.engine.mechanics.combat import ground_combat
from tripoli_tui.engine.state import GameState
from tripoli_tui.engine.turn import tripolitan
from tripoli_tui.engine.turn.tripolitan import tripolitan_play

Setup = Callable[[GameState], None]


def nothing(s: GameState) -> None:
    pass


def gib_corsairs(s: GameState) -> None:
    place(s, "gibraltar", "corsair", 2)


def gib_corsairs_and_frigate(s: GameState) -> None:
    place(s, "gibraltar", "corsair", 2)
    place(s, "gibraltar_patrol_zone", "us_frigate")


def derne_captured(s: GameState) -> None:
    s.derne_captured = True


def derne_captured_army_in_benghazi(s: GameState) -> None:
    s.derne_captured = True
    place(s, "benghazi", "arab_infantry", 2)


def allies(*harbors: str) -> Setup:
    def setup(s: GameState) -> None:
        for h in harbors:
            place(s, h, "allied_corsair", 1)
    return setup


def swedes(s: GameState) -> None:
    place(s, "tripoli_patrol_zone", "swedish_frigate", 2)


def us_in_tripoli_zone(n: int) -> Setup:
    def setup(s: GameState) -> None:
        place(s, "tripoli_patrol_zone", "us_frigate", n)
    return setup


def zones(**counts: int) -> Setup:
    def setup(s: GameState) -> None:
        for harbor, n in counts.items():
            place(s, f"{harbor}_patrol_zone", "us_frigate", n)
    return setup


def corsairs_off_supply(n: int) -> Setup:
    """Leave 9 - n red corsairs in the supply (in Gibraltar, so no Five Corsair Check)."""
    def setup(s: GameState) -> None:
        place(s, "gibraltar", "corsair", n)
    return setup


MURAD = "murad_reis_breaks_out"
AID = "constantinople_sends_aid"
YUSUF = "yusuf_qaramanli"
SWEDEN = "sweden_pays_tribute"
PHILA = "the_philadelphia_runs_aground"
ACQ = "tripoli_acquires_corsairs"

DRAW = ["T1", "T2", "T3"]

# (case id, year, season, setup, event card line, expected choice, expected step ids)
LINE_CASES = [
    ("murad-no-frigate", 1801, "spring", gib_corsairs, [MURAD], f"play-line {MURAD}", ["T1"]),
    ("murad-frigate-spring-1801", 1801, "spring", gib_corsairs_and_frigate, [MURAD], "draw", DRAW),
    ("murad-frigate-winter-1801", 1801, "winter", gib_corsairs_and_frigate, [MURAD],
     f"play-line {MURAD}", ["T1"]),
    ("murad-frigate-fall-1801", 1801, "fall", gib_corsairs_and_frigate, [MURAD], "draw", DRAW),
    ("murad-frigate-winter-1802", 1802, "winter", gib_corsairs_and_frigate, [MURAD], "draw", DRAW),
    ("murad-no-corsair-TB-3", 1801, "winter", nothing, [MURAD], "draw", DRAW),
    ("aid-derne-held", 1803, "spring", nothing, [AID], "draw", DRAW),
    ("aid-derne-captured", 1803, "spring", derne_captured, [AID], f"play-line {AID}", ["T1"]),
    ("aid-derne-captured-army-moved-on-G-5", 1803, "spring", derne_captured_army_in_benghazi,
     [AID], f"play-line {AID}", ["T1"]),
    ("yusuf-1804-one-ally", 1804, "winter", allies("tunis"), [YUSUF], "draw", DRAW),
    ("yusuf-1804-two-allies", 1804, "winter", allies("tunis", "tangier"), [YUSUF],
     f"play-line {YUSUF}", ["T1"]),
    ("yusuf-1805-one-ally", 1805, "spring", allies("algiers"), [YUSUF], f"play-line {YUSUF}",
     ["T1"]),
    ("yusuf-1805-no-ally", 1805, "spring", nothing, [YUSUF], "draw", DRAW),
    ("yusuf-1801-three-allies", 1801, "spring", allies("tangier", "algiers", "tunis"), [YUSUF],
     f"play-line {YUSUF}", ["T1"]),
    ("sweden-1802-swedes", 1802, "winter", swedes, [SWEDEN], "draw", DRAW),
    ("sweden-1803-swedes", 1803, "spring", swedes, [SWEDEN], f"play-line {SWEDEN}", ["T1"]),
    ("sweden-1804-swedes-TB-4", 1804, "summer", swedes, [SWEDEN], f"play-line {SWEDEN}", ["T1"]),
    ("sweden-1803-no-swedes", 1803, "spring", nothing, [SWEDEN], "draw", DRAW),
    ("philadelphia-one-frigate", 1802, "spring", us_in_tripoli_zone(1), [PHILA],
     f"play-line {PHILA}", ["T1"]),
    ("philadelphia-no-frigate", 1802, "spring", nothing, [PHILA], "draw", DRAW),
    ("philadelphia-swedes-only-G-4", 1803, "spring", swedes, [PHILA], "draw", DRAW),
    ("storms-two-in-a-zone", 1802, "spring", zones(tunis=2), ["storms"], "play-line storms",
     ["T1"]),
    ("storms-one-per-zone", 1802, "spring", zones(tunis=1, tripoli=1, gibraltar=1), ["storms"],
     "draw", DRAW),
    ("second-storms-two-in-a-zone", 1802, "spring", zones(gibraltar=2), ["second_storms"],
     "play-line second_storms", ["T1"]),
    ("second-storms-one", 1802, "spring", zones(gibraltar=1), ["second_storms"], "draw", DRAW),
    ("acquires-two-in-supply", 1802, "spring", corsairs_off_supply(7), [ACQ], f"play-line {ACQ}",
     ["T1"]),
    ("acquires-one-in-supply-TB-6", 1802, "spring", corsairs_off_supply(8), [ACQ], "draw", DRAW),
    # the scan plays the FIRST card whose requirement holds, in line order
    ("first-playable-wins", 1805, "spring", allies("tunis"), [MURAD, AID, YUSUF, SWEDEN],
     f"play-line {YUSUF}", ["T1", "T1", "T1"]),
    ("added-card-after-start-cards", 1803, "spring", us_in_tripoli_zone(1),
     [AID, YUSUF, SWEDEN, PHILA], f"play-line {PHILA}", ["T1", "T1", "T1", "T1"]),
    ("empty-line", 1803, "spring", nothing, [], "draw", DRAW),
]


@pytest.mark.parametrize(("year", "season", "setup", "line", "choice", "steps"),
                         [c[1:] for c in LINE_CASES], ids=[c[0] for c in LINE_CASES])
def test_event_card_line(year: int, season: str, setup: Setup, line: list[str], choice: str,
                         steps: list[str]) -> None:
    s = bare_state(year, season)
    setup(s)
    s.event_card_line = list(line)
    pending, answer = ask_tbot(s, tripolitan_play(s))
    assert pending.kind == k.TRIPOLITAN_TURN
    assert answer.choice.text() == choice
    assert ids(answer) == steps
    cards = [st.card_id for st in answer.trace.steps if st.step == "T1" and st.card_id]
    assert cards == line[:len(cards)]


@pytest.mark.parametrize(("corsairs", "choice", "passed"), [(5, "five-corsair-check", True),
                                                            (4, "draw", False),
                                                            (9, "five-corsair-check", True)])
def test_five_corsair_check(corsairs: int, choice: str, passed: bool) -> None:
    s = bare_state(1802, "summer")
    place(s, "tripoli", "corsair", corsairs)
    _, answer = ask_tbot(s, tripolitan_play(s))
    assert answer.choice.text() == choice
    assert ids(answer)[-2 if not passed else -1] == "T2"
    t2 = next(st for st in answer.trace.steps if st.step == "T2")
    assert t2.passed is passed
    assert t2.facts == (f"corsairs in the harbor of Tripoli: {corsairs}, needed at least 5",)


def test_five_corsairs_in_gibraltar_do_not_count_TB7() -> None:
    s = bare_state(1802, "summer")
    place(s, "gibraltar", "corsair", 2)
    place(s, "tripoli", "corsair", 4)
    s.event_card_line = [AID, YUSUF, SWEDEN]
    _, answer = ask_tbot(s, tripolitan_play(s))
    assert answer.choice.text() == "draw"
    assert ids(answer) == ["T1", "T1", "T1", "T2", "T3"]


def test_empty_draw_pile_means_raid_or_build() -> None:
    s = bare_state(1806, "fall")
    s.tbot_draw = []
    _, answer = ask_tbot(s, tripolitan_play(s))
    assert answer.choice.text() == "raid-or-build"
    assert ids(answer) == ["T1", "T1", "T1", "T1", "T2", "T3"]
    assert answer.trace.steps[-1].passed is False
    assert answer.trace.steps[-1].facts == ("cards in the T-bot's draw pile: 0, needed at least 1",)


def test_a_line_card_beats_the_five_corsair_check() -> None:
    s = bare_state(1805, "summer")
    place(s, "tripoli", "corsair", 6)
    place(s, "tunis", "allied_corsair", 1)
    _, answer = ask_tbot(s, tripolitan_play(s))
    assert answer.choice.text() == f"play-line {YUSUF}"
    assert ids(answer) == ["T1", "T1", "T1"]



# --- rules that slipped once: each test went red with its rule broken -----------------------

PZ = "tripoli_patrol_zone"


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


@pytest.mark.parametrize("year", range(1801, 1807))
def test_merchant_ship_converted_is_played_in_any_year(year: int) -> None:
    s = bare_state(year, "winter")
    place(s, "tripoli", "corsair", 3)
    s.battle_card_line = ["merchant_ship_converted"]
    s.forced_dice = [5, 1, 1]
    pending, answer = ask_tbot(s, raids.pirate_raid(s, "tripoli"))
    assert pending.info.card == "merchant_ship_converted"
    assert answer.choice == PlayBattleCard("merchant_ship_converted")


def test_happy_hunting_for_a_single_corsair_past_interception() -> None:
    s = bare_state(1802, "summer")
    place(s, "tripoli", "corsair", 1)
    s.battle_card_line = ["happy_hunting"]
    pending, answer = ask_tbot(s, raids.pirate_raid(s, "tripoli"))
    assert pending.info.card == "happy_hunting"
    assert answer.choice == PlayBattleCard("happy_hunting")


def test_merchant_ship_converted_with_the_last_corsair_of_the_supply() -> None:
    s = bare_state(1803, "summer")
    place(s, "tripoli", "corsair", 1)
    place(s, "gibraltar", "corsair", d.PIECE_TOTALS["corsair"] - 2)   # 1 left in the supply
    s.battle_card_line = ["merchant_ship_converted"]
    s.forced_dice = [5]
    pending, answer = ask_tbot(s, raids.pirate_raid(s, "tripoli"))
    assert pending.info.card == "merchant_ship_converted"
    assert answer.choice == PlayBattleCard("merchant_ship_converted")


def test_mercenaries_desert_against_a_single_arab_infantry() -> None:
    s = bare_state(1805, "spring")
    place(s, "derne", "arab_infantry", 1)
    place(s, "derne", "tripolitan_infantry", 2)
    s.us_active_event = "general_eaton_attacks_derne"
    s.battle_card_line = ["mercenaries_desert"]
    pending, answer = ask_tbot(s, ground_combat(s, "derne"))
    assert pending.info.card == "mercenaries_desert"
    assert answer.choice == PlayBattleCard("mercenaries_desert")
