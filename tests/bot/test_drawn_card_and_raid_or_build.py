"""T4 (each drawn card's instruction at its boundaries) and T5 (Raid or Build with TB-11/TB-12)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.bot.helpers import ask_tbot, ids
from tests.engine.positions import bare_state, place
from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.decisions import (
    BuildCorsair,
    RaidOrBuild,
)
from tripoli_tui.engine.mechanics import raids
from tripoli_tui.engine.mechanics.raids import raid_or_build
from tripoli_tui.engine.state import GameState
from tripoli_tui.engine.turn import tripolitan
from tripoli_tui.engine.turn.flow import start_of_year
from tripoli_tui.engine.turn.tripolitan import tripolitan_play

Setup = Callable[[GameState], None]


def nothing(s: GameState) -> None:
    pass


def tripoli_zone(n: int) -> Setup:
    def setup(s: GameState) -> None:
        place(s, "tripoli_patrol_zone", "us_frigate", n)
    return setup


def attack(frigates_in_zone: int, corsairs: int, red_frigates: int) -> Setup:
    def setup(s: GameState) -> None:
        place(s, "tripoli_patrol_zone", "us_frigate", frigates_in_zone)
        place(s, "tripoli", "corsair", corsairs)
        place(s, "tripoli", "tripolitan_frigate", red_frigates)
    return setup


def attack_with_swedes(s: GameState) -> None:
    attack(0, 3, 1)(s)
    place(s, "tripoli_patrol_zone", "swedish_frigate", 1)


def captured(city: str) -> Setup:
    def setup(s: GameState) -> None:
        setattr(s, f"{city}_captured", True)
    return setup


def emptied(city: str) -> Setup:
    """A city bombarded empty but never captured: still controlled by Tripoli (G-6)."""
    def setup(s: GameState) -> None:
        s.pieces[city]["tripolitan_infantry"] = 0
    return setup


def zone(harbor: str, n: int) -> Setup:
    def setup(s: GameState) -> None:
        place(s, f"{harbor}_patrol_zone", "us_frigate", n)
    return setup


def corsairs_off_supply(n: int) -> Setup:
    def setup(s: GameState) -> None:
        place(s, "tripoli", "corsair", min(n, 4))
        place(s, "gibraltar", "corsair", n - min(n, 4))
    return setup


PLAY, QUEUE, RAID = "play-drawn", "queue", "discard-raid-or-build"

# (case id, card drawn, setup, expected choice)
DRAWN_CASES = [
    ("algiers-declares-war", "algiers_declares_war", nothing, PLAY),
    ("morocco-declares-war", "morocco_declares_war", nothing, PLAY),
    ("tunis-declares-war", "tunis_declares_war", nothing, PLAY),
    ("troops-to-tripoli", "troops_to_tripoli", nothing, PLAY),
    ("philadelphia-frigate", "the_philadelphia_runs_aground", tripoli_zone(1), PLAY),
    ("philadelphia-none", "the_philadelphia_runs_aground", nothing, QUEUE),
    ("storms-two", "storms", zone("algiers", 2), PLAY),
    ("storms-one", "storms", zone("algiers", 1), QUEUE),
    ("second-storms-two", "second_storms", zone("tripoli", 3), PLAY),
    ("second-storms-none", "second_storms", nothing, QUEUE),
    ("acquires-supply-2", "tripoli_acquires_corsairs", corsairs_off_supply(7), PLAY),
    ("acquires-supply-1-TB-6", "tripoli_acquires_corsairs", corsairs_off_supply(8), QUEUE),
    ("attacks-one-frigate-5-dice", "tripoli_attacks", attack(1, 3, 1), PLAY),
    ("attacks-one-frigate-corsair-and-2-frigates", "tripoli_attacks", attack(1, 1, 2), PLAY),
    ("attacks-one-frigate-4-dice", "tripoli_attacks", attack(1, 4, 0), RAID),
    ("attacks-one-frigate-3-dice", "tripoli_attacks", attack(1, 1, 1), RAID),
    ("attacks-no-frigate", "tripoli_attacks", attack(0, 3, 1), RAID),
    ("attacks-two-frigates", "tripoli_attacks", attack(2, 4, 1), RAID),
    ("attacks-swedes-are-not-american-G-4", "tripoli_attacks", attack_with_swedes, RAID),
    ("benghazi-held", "troops_to_benghazi", nothing, PLAY),
    ("benghazi-emptied-not-captured-G-6", "troops_to_benghazi", emptied("benghazi"), PLAY),
    ("benghazi-captured", "troops_to_benghazi", captured("benghazi"), RAID),
    ("derne-held", "troops_to_derne", nothing, PLAY),
    ("derne-emptied-not-captured-G-6", "troops_to_derne", emptied("derne"), PLAY),
    ("derne-captured", "troops_to_derne", captured("derne"), RAID),
    ("supplies-two", "us_supplies_run_low", tripoli_zone(2), PLAY),
    ("supplies-one", "us_supplies_run_low", tripoli_zone(1), RAID),
    ("supplies-three", "us_supplies_run_low", tripoli_zone(3), RAID),
    ("algerine-raid", "algerine_corsairs_raid", nothing, RAID),
    ("moroccan-raid", "moroccan_corsairs_raid", nothing, RAID),
    ("tunisian-raid", "tunisian_corsairs_raid", nothing, RAID),
]


@pytest.mark.parametrize(("card", "setup", "choice"), [c[1:] for c in DRAWN_CASES],
                         ids=[c[0] for c in DRAWN_CASES])
def test_drawn_card(card: str, setup: Setup, choice: str) -> None:
    s = bare_state(1803, "summer")
    s.event_card_line = []
    setup(s)
    s.tbot_draw = [card, "troops_to_tripoli"]
    pending, answer = ask_tbot(s, tripolitan_play(s), ["draw"])
    assert pending.kind == k.DRAWN_CARD and pending.info.card == card
    assert answer.choice.text() == choice
    assert ids(answer) == ["T4"]
    step = answer.trace.steps[0]
    assert step.card_id == card and step.passed is (choice == PLAY)
    assert answer.trace.decision.kind == k.DRAWN_CARD


def test_queue_then_draw_again_then_empty_pile() -> None:
    s = bare_state(1803, "summer")
    s.event_card_line = []
    s.tbot_draw = ["storms"]
    _, answer = ask_tbot(s, tripolitan_play(s), ["draw", "queue"])
    assert s.event_card_line == ["storms"]
    assert answer.choice.text() == "build-corsair"
    assert ids(answer) == ["T5.1"] * 4 + ["T5.3"]


def harbors(**spec: tuple[int, int, int]) -> Setup:
    """harbor=(corsairs, US frigates in its zone, Swedish frigates in its zone)."""
    def setup(s: GameState) -> None:
        for harbor, (corsairs, us, sw) in spec.items():
            place(s, harbor, "corsair" if harbor == "tripoli" else "allied_corsair", corsairs)
            place(s, f"{harbor}_patrol_zone", "us_frigate", us)
            if sw:
                place(s, f"{harbor}_patrol_zone", "swedish_frigate", sw)
    return setup


HARBOR_TESTS = ["T5.1"] * 4
RAID_CASES = [
    ("none-qualifies-build", nothing, "build-corsair", HARBOR_TESTS + ["T5.3"]),
    ("three-corsairs-no-frigate", harbors(tripoli=(3, 0, 0)), "raid tripoli",
     HARBOR_TESTS + ["T5.2"]),
    ("two-corsairs-are-not-enough", harbors(tunis=(2, 0, 0)), "build-corsair",
     HARBOR_TESTS + ["T5.3"]),
    ("corsairs-equal-frigates", harbors(algiers=(3, 3, 0)), "build-corsair",
     HARBOR_TESTS + ["T5.3"]),
    ("one-more-corsair-than-frigates", harbors(algiers=(4, 3, 0)), "raid algiers",
     HARBOR_TESTS + ["T5.2"]),
    ("swedes-count-G-4", harbors(tripoli=(3, 1, 2)), "build-corsair", HARBOR_TESTS + ["T5.3"]),
    ("largest-margin", harbors(tripoli=(3, 0, 0), algiers=(5, 1, 0)), "raid algiers",
     HARBOR_TESTS + ["T5.2"]),
    ("tie-tripoli-first-TB-11", harbors(tripoli=(4, 1, 0), tunis=(3, 0, 0)), "raid tripoli",
     HARBOR_TESTS + ["T5.2"]),
    ("tie-tangier-before-algiers-TB-11", harbors(algiers=(3, 0, 0), tangier=(4, 1, 0)),
     "raid tangier", HARBOR_TESTS + ["T5.2"]),
    ("tie-algiers-before-tunis-TB-11", harbors(tunis=(3, 0, 0), algiers=(3, 0, 0)), "raid algiers",
     HARBOR_TESTS + ["T5.2"]),
]


@pytest.mark.parametrize(("setup", "choice", "steps"), [c[1:] for c in RAID_CASES],
                         ids=[c[0] for c in RAID_CASES])
def test_raid_or_build(setup: Setup, choice: str, steps: list[str]) -> None:
    s = bare_state(1804, "fall")
    setup(s)
    pending, answer = ask_tbot(s, raid_or_build(s))
    assert pending.kind == k.RAID_OR_BUILD
    assert answer.choice.text() == choice
    assert ids(answer) == steps
    titles = [st.title for st in answer.trace.steps[:4]]
    assert titles == [f"Raid or Build: {h}" for h in ("Tripoli", "Tangier", "Algiers", "Tunis")]


def test_raid_or_build_harbor_facts() -> None:
    s = bare_state(1804, "fall")
    harbors(tripoli=(4, 1, 1))(s)
    _, answer = ask_tbot(s, raid_or_build(s))
    tripoli = answer.trace.steps[0]
    assert tripoli.passed is True
    assert tripoli.facts == (
        "corsairs in the harbor of Tripoli: 4, needed at least 3",
        "American and Swedish frigates in the Tripoli patrol zone: 2, needed fewer than the corsairs",
        "margin (corsairs - frigates): 2",
    )


def test_build_with_an_empty_supply_does_nothing_TB12() -> None:
    s = bare_state(1806, "fall")
    place(s, "tripoli", "corsair", 2)
    place(s, "gibraltar", "corsair", 7)
    _, answer = ask_tbot(s, raid_or_build(s))
    assert answer.choice.text() == "build-corsair"
    last = answer.trace.steps[-1]
    assert (last.step, last.passed) == ("T5.3", False)
    assert "TB-12" in last.outcome



# --- rules that slipped once: each test went red with its rule broken -----------------------

def _corsairs_in_the_supply(n: int) -> GameState:
    s = bare_state(1803, "spring")
    place(s, "gibraltar", "corsair", d.PIECE_TOTALS["corsair"] - n)   # Gibraltar never raids
    return s


def test_raid_or_build_builds_when_only_frigates_make_up_three_ships_in_tripoli() -> None:
    s = bare_state(1803, "spring")
    place(s, "tripoli", "corsair", 2)
    place(s, "tripoli", "tripolitan_frigate", 2)
    _, answer = ask_tbot(s, raids.raid_or_build(s))
    assert answer.choice == BuildCorsair()
    assert ids(answer) == ["T5.1", "T5.1", "T5.1", "T5.1", "T5.3"]
    assert answer.trace.steps[0].facts[0] == "corsairs in the harbor of Tripoli: 2, needed at least 3"


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


def test_raid_or_build_builds_the_last_corsair_of_the_supply() -> None:
    s = _corsairs_in_the_supply(1)
    _, answer = ask_tbot(s, raids.raid_or_build(s))
    build = answer.trace.steps[-1]
    assert answer.choice == BuildCorsair()
    assert (build.step, build.passed, build.facts) == ("T5.3", True,
                                                      (
        "Tripolitan corsairs in the supply: 1, needed at least 1",))
    assert "built in Tripoli" in answer.trace.decision.summary


def test_raid_or_build_with_an_empty_supply_builds_nothing() -> None:
    s = _corsairs_in_the_supply(0)
    _, answer = ask_tbot(s, raids.raid_or_build(s))
    build = answer.trace.steps[-1]
    assert answer.choice == BuildCorsair()
    assert (build.step, build.passed, build.facts) == ("T5.3", False,
                                                      (
        "Tripolitan corsairs in the supply: 0, needed at least 1",))
    assert "nothing happens" in answer.trace.decision.summary
