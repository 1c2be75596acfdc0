"""H-MODE/H-F/H-C hit allocation (TB-15) and the other choices, from explicit positions."""

from __future__ import annotations

import pytest

from tests.bot.helpers import TBOT, ask_tbot, bot_plays, ids
from tests.engine.positions import bare_state, place
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.cards.tripolitan import play_tripolitan_event
from tripoli_tui.engine.decisions import (
    AllocateHit,
    ChooseLocation,
    Decision,
    KeepDie,
)
from tripoli_tui.engine.mechanics.combat import allocate_tripolitan_naval_hits
from tripoli_tui.engine.state import GameState


def tripoli_fleet(s: GameState, corsairs: int, frigates: int) -> None:
    place(s, "tripoli", "corsair", corsairs)
    place(s, "tripoli", "tripolitan_frigate", frigates)


# (case id, year, season, American active event, expected target, expected steps)
MODE_CASES = [
    ("1801", 1801, "spring", "", "frigate", ["H-MODE", "H-F"]),
    ("1804", 1804, "winter", "", "frigate", ["H-MODE", "H-F"]),
    ("spring-1805", 1805, "spring", "", "corsair", ["H-MODE", "H-C"]),
    ("fall-1805", 1805, "fall", "", "corsair", ["H-MODE", "H-C"]),
    ("winter-1805", 1805, "winter", "", "frigate", ["H-MODE", "H-F"]),
    ("winter-1806", 1806, "winter", "", "corsair", ["H-MODE", "H-C"]),
    ("assault-spring-1805", 1805, "spring", "assault_on_tripoli", "frigate", ["H-MODE", "H-F"]),
    ("assault-1806", 1806, "summer", "assault_on_tripoli", "frigate", ["H-MODE", "H-F"]),
]


@pytest.mark.parametrize(("year", "season", "event", "target", "steps"),
                         [c[1:] for c in MODE_CASES], ids=[c[0] for c in MODE_CASES])
def test_first_hit(year: int, season: str, event: str, target: str, steps: list[str]) -> None:
    s = bare_state(year, season)
    s.us_active_event = event
    tripoli_fleet(s, 2, 1)
    pending, answer = ask_tbot(s, allocate_tripolitan_naval_hits(
        s, "tripoli", 1, assault=event == "assault_on_tripoli"))
    assert pending.kind == k.ALLOCATE_HITS
    assert answer.choice == AllocateHit(target)
    assert ids(answer) == steps


def test_mode_f_one_hit_per_frigate_then_corsairs_then_sink_TB15() -> None:
    s = bare_state(1803, "summer")
    tripoli_fleet(s, 2, 2)
    asked = bot_plays(s, allocate_tripolitan_naval_hits(s, "tripoli", 5, assault=False))
    picks = [answer.choice.text() for _, answer in asked]
    assert picks == ["hit frigate", "hit frigate", "hit corsair", "hit corsair"]
    assert all(ids(answer) == ["H-MODE", "H-F"] for _, answer in asked)
    assert s.pieces["tripoli"]["corsair"] == 0
    assert s.pieces["tripoli"]["tripolitan_frigate"] == 0  # the fifth hit sank a damaged one


def test_mode_c_corsairs_then_frigate_then_sink_TB15() -> None:
    s = bare_state(1806, "spring")
    tripoli_fleet(s, 2, 1)
    asked = bot_plays(s, allocate_tripolitan_naval_hits(s, "tripoli", 3, assault=False))
    picks = [answer.choice.text() for _, answer in asked]
    assert picks == ["hit corsair", "hit corsair"]
    assert all(ids(answer) == ["H-MODE", "H-C"] for _, answer in asked)
    assert s.pieces["tripoli"]["tripolitan_frigate"] == 0
    assert s.pieces["track_1806"]["tripolitan_frigate"] + s.pieces["tripolitan_supply"][
        "tripolitan_frigate"] == 2


def test_mode_c_damages_a_frigate_before_sinking_one() -> None:
    s = bare_state(1806, "spring")
    tripoli_fleet(s, 0, 1)
    s.us_active_event = ""
    decision = Decision("tripolitania", k.ALLOCATE_HITS, "Allocate a hit",
                        (AllocateHit("frigate"), AllocateHit("damaged_frigate")),
                        {"hits_left": 2, "location": "tripoli", "assault": True})
    answer = TBOT.decide(s, decision)
    assert answer.choice == AllocateHit("frigate")
    assert ids(answer) == ["H-MODE", "H-C"]


def test_assault_counts_damage_from_earlier_rounds() -> None:
    s = bare_state(1805, "summer")
    s.us_active_event = "assault_on_tripoli"
    tripoli_fleet(s, 1, 1)
    s.assault_damaged = {"us_frigate": 0, "tripolitan_frigate": 1}
    _, answer = ask_tbot(s, allocate_tripolitan_naval_hits(s, "tripoli", 1, assault=True))
    assert answer.choice == AllocateHit("corsair")
    assert ids(answer) == ["H-MODE", "H-F"]


def test_allied_harbor_hits_sink_corsairs() -> None:
    s = bare_state(1802, "spring")
    place(s, "algiers", "allied_corsair", 2)
    decision = Decision("tripolitania", k.ALLOCATE_HITS, "Allocate a hit",
                        (AllocateHit("corsair"),), {"hits_left": 2, "location": "algiers"})
    answer = TBOT.decide(s, decision)
    assert answer.choice == AllocateHit("corsair")
    assert ids(answer) == ["H-MODE", "H-F"]


# --- storms zone, US Supplies Run Low, Yusuf's order, Uncharted Waters ------------------

@pytest.mark.parametrize(("counts", "zone"), [
    ({"tripoli": 2, "tangier": 2, "gibraltar": 3}, "gibraltar_patrol_zone"),
    ({"tripoli": 2, "gibraltar": 2}, "tripoli_patrol_zone"),
    ({"gibraltar": 2, "tunis": 2, "algiers": 1}, "tunis_patrol_zone"),
    ({"tangier": 2, "algiers": 2}, "tangier_patrol_zone"),
])
def test_storms_zone_TB13(counts: dict[str, int], zone: str) -> None:
    s = bare_state(1803, "spring")
    for harbor, n in counts.items():
        place(s, f"{harbor}_patrol_zone", "us_frigate", n)
    pending, answer = ask_tbot(s, play_tripolitan_event(s, "second_storms"))
    assert pending.kind == k.CHOOSE_LOCATION
    assert answer.choice == ChooseLocation(zone)
    assert ids(answer) == ["Z-storms"]


def test_us_supplies_run_low_zone_TB14() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli_patrol_zone", "us_frigate", 2)
    place(s, "gibraltar_patrol_zone", "us_frigate", 3)
    pending, answer = ask_tbot(s, play_tripolitan_event(s, "us_supplies_run_low"))
    assert pending.kind == k.CHOOSE_LOCATION
    assert answer.choice == ChooseLocation("tripoli_patrol_zone")
    assert ids(answer) == ["Z-supplies"]


def test_yusuf_raid_order_TB23() -> None:
    s = bare_state(1804, "spring")
    place(s, "tunis", "allied_corsair", 1)
    place(s, "tangier", "allied_corsair", 1)
    pending, answer = ask_tbot(s, play_tripolitan_event(s, "yusuf_qaramanli"))
    assert pending.kind == k.YUSUF_RAID_ORDER
    assert answer.choice == ChooseLocation("tripoli")
    assert ids(answer) == ["Y-order"]
    s2 = bare_state(1804, "spring")
    place(s2, "tunis", "allied_corsair", 1)
    place(s2, "tangier", "allied_corsair", 1)
    _, answer = ask_tbot(s2, play_tripolitan_event(s2, "yusuf_qaramanli"), ["choose tripoli"])
    assert answer.choice == ChooseLocation("tangier")


def test_uncharted_waters_keeps_the_higher_die_TB22() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli_patrol_zone", "us_frigate", 1)
    s.forced_dice = [2, 5]
    pending, answer = ask_tbot(s, play_tripolitan_event(s, "the_philadelphia_runs_aground"),
                               ["battle-card uncharted_waters"])
    assert pending.kind == k.KEEP_DIE
    assert answer.choice == KeepDie(5)
    assert ids(answer) == ["U-die"]



# --- rules that slipped once: each test went red with its rule broken -----------------------

PZ = "tripoli_patrol_zone"


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


def test_the_hit_mode_names_no_active_american_event_as_none() -> None:
    s = bare_state(1803, "summer")
    place(s, PZ, "us_frigate", 1)
    place(s, "tripoli", "corsair", 3)
    place(s, "tripoli", "tripolitan_frigate", 1)
    s.battle_card_line = []
    s.forced_dice = [1, 1, 1, 1, 1] + [6, 1]   # Tripoli fires 5 dice, then the frigate 2: a hit
    pending, answer = ask_tbot(s, play_tripolitan_event(s, "tripoli_attacks"))
    assert pending.kind == "allocate_hits"
    assert answer.trace.steps[0].facts == (
        "date: Summer 1803, frigates first in 1801-1804 and Winter 1805",
        "the American active event card: none, frigates first against Assault on Tripoli")
